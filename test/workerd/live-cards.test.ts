/**
 * Live cards in workerd (issue 30; Node's side: test/api/live-cards.test.ts): the Worker,
 * configured with CYBERSOURCE_*, CIELO_* and REDE_* (vitest.workers.config.ts), reaches the card
 * simulators that test/workerd/node/global-setup.ts runs in Node, over real HTTP on loopback,
 * through its own fetch. 3DS at Cybersource (frictionless, and a challenge walked through the
 * Worker's relay, Cardinal's step-up page and the ACS's return to the Worker), the sale at Cielo
 * with that authentication, a decline's mapped code, failover to Rede when Cielo answers 503
 * (one authorization in total, checked at both), a partial refund and the rest as voids, and a
 * subscription's renewal sent as merchant-initiated.
 *
 * The simulators are shared by every workerd file; only this one makes live card sales, and it
 * reads their records by its own order ids (Cielo's MerchantOrderId, Rede's reference).
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createCloudflarePlatform } from "../../worker/cloudflare/platform";
import { readCloudflareConfig } from "../../worker/cloudflare/config";
import { createDb } from "../../worker/db/client";
import { authorizeMerchantInitiated } from "../../worker/domain/cards/merchant-initiated";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import worker from "../../worker/index";
import { orderIdOf } from "../../worker/lib/acquirer";
import type { Job } from "../../worker/lib/job";
import type { Env } from "../../worker/cloudflare/env";
import { createWebVault } from "../../worker/lib/web-vault";
import { authenticateBody, cardInput } from "../support/cards";
import { api } from "./api";
import { captureLogs } from "./console-log";

const logged = captureLogs();

const base = inject("baseUrl");
const controls = JSON.parse(inject("cardSimControls")) as { cybersource: string; cielo: string; rede: string; pagesOrigin: string };

let client: ReturnType<typeof createClient>;
let db: ReturnType<typeof createDb>;
beforeAll(() => {
  client = createClient({ url: env.TURSO_DATABASE_URL });
  db = createDb(client);
});
afterAll(() => client.close());

let sellerId: string;
let liveKey: string;
beforeEach(async () => {
  const seller = await createCompanySeller(db, { legalName: "Cartao Ao Vivo Workerd Ltda", email: `cards-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`, city: "Sao Paulo" }, new Date());
  await approveSellerForLive(db, seller.sellerId, new Date());
  sellerId = seller.sellerId;
  liveKey = (await rotateSellerKeys(db, seller.sellerId, new Date(), "live"))!.apiKey;
});

const live = async (method: string, path: string, body?: unknown) => api(method, path, body, { "X-Api-Key": liveKey });
async function liveJson<T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await live(method, path, body);
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
}
const sim = async <T,>(url: string, method = "GET", body?: unknown): Promise<T> => {
  const res = await fetch(url, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
};
type CieloRecord = { paymentId: string; sale: { MerchantOrderId: string; Payment: Record<string, any> } };
const cieloSalesOf = async (transactionId: string) =>
  (await sim<{ sales: CieloRecord[] }>(`${controls.cielo}/sales`)).sales.filter((s) => s.sale.MerchantOrderId === orderIdOf(transactionId));
const redeSalesOf = async (transactionId: string) =>
  (await sim<Array<{ reference: string }>>(`${controls.rede}/transactions`)).filter((t) => t.reference === orderIdOf(transactionId).slice(0, 16));

const buyer = { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" };
const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
/** The one form of a page: its action and hidden fields (the simulator's and the Worker's markup). */
function formOf(html: string) {
  const action = /<form\b[^>]*\saction="([^"]*)"/.exec(html)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = (/\svalue="([^"]*)"/.exec(input)?.[1] ?? "").replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  }
  return { action: action.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))), fields };
}

/** setup → authenticate with `number`; for a challenge, the pages walked with `code`; the `threeDs` a sale sends. */
async function authenticate(number: string, amount: number, code = "1234") {
  const card = cardInput(number);
  const setup = await liveJson("POST", "/v1/transactions/threeds/setup", { card });
  const auth = await liveJson("POST", "/v1/transactions/threeds/authenticate", authenticateBody(setup as never, card, amount));
  if (auth.code === "AUTHENTICATION_SUCCESSFUL") return { card, auth, threeDs: { cavv: auth.cavv, secureVersion: auth.specificationVersion, directoryServerTransactionId: auth.directoryServerTransactionId, ...(auth.xid && { xid: auth.xid }) } };
  expect(auth.code).toBe("PENDING_CHALLENGE");
  // The Worker's relay page → Cardinal's step-up page → the code → the ACS's return to the Worker.
  const relay = await exports.default.fetch(new Request(auth.stepUpUrl));
  expect(relay.headers.get("Content-Security-Policy")).toContain(`frame-src ${controls.pagesOrigin}`);
  const toCardinal = formOf(await relay.text());
  const page = formOf(await (await fetch(toCardinal.action, form(toCardinal.fields))).text());
  const back = formOf(await (await fetch(new URL(page.action, toCardinal.action), form({ ...page.fields, code }))).text());
  expect(back.action).toBe(`${base}/3ds/return/${auth.authenticationTransactionId}`);
  expect((await exports.default.fetch(new Request(back.action, form(back.fields)))).status).toBe(200);
  const result = await liveJson("POST", "/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId });
  return { card, auth, result, threeDs: { cavv: result.cavv, secureVersion: result.secureVersion, directoryServerTransactionId: result.directoryServerTransactionId, ...(result.xid && { xid: result.xid }) } };
}

async function sale(number: string, amount = 2500, extra: Record<string, unknown> = {}) {
  const { card, threeDs, auth } = await authenticate(number, amount);
  const tx = await liveJson("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount, currency: "BRL", buyer, card: { ...card, ...extra }, threeDs });
  return { tx, auth, threeDs };
}

/** Runs a refund's queue job through the queue handler, as the queue delivers it. */
async function concludeRefund(refundId: string) {
  const batch = createMessageBatch<Job>("pay-jobs", [{ id: refundId, timestamp: new Date(), attempts: 1, body: { type: "refund.conclude", refundId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([refundId]);
}

describe("live cards in workerd", () => {
  it("frictionless 3DS at Cybersource, the sale at Cielo with its CAVV: PAID, one sale there", async () => {
    const { tx, threeDs } = await sale("4000000000001000");
    expect(tx).toMatchObject({ status: "PAID", livemode: true, acquirer: "cielo" });
    const sales = await cieloSalesOf(tx.id);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.sale.Payment).toMatchObject({ Capture: true, Authenticate: true, ExternalAuthentication: { Cavv: threeDs.cavv } });
  });

  it("a challenge through the Worker's relay and Cardinal's page, then the sale", async () => {
    const { tx, auth } = await sale("4000000000001091", 4100);
    expect(auth.code).toBe("PENDING_CHALLENGE");
    expect(tx).toMatchObject({ status: "PAID", acquirer: "cielo" });
  });

  it("a decline at Cielo has its mapped code", async () => {
    const { tx } = await sale("4000000000010092");
    expect(tx).toMatchObject({ status: "FAILED", acquirer: "cielo", failureCode: "do_not_honor" });
  });

  it("Cielo answers 503: failover to Rede, one authorization in total (none at Cielo, one at Rede)", async () => {
    await sim(`${controls.cielo}/fail-next`, "POST", { operation: "sale", count: 1, mode: "before", status: 503 });
    const { tx } = await sale("4000000000001000");
    expect(tx).toMatchObject({ status: "PAID", acquirer: "rede" });
    expect(await cieloSalesOf(tx.id)).toHaveLength(0);
    expect(await redeSalesOf(tx.id)).toHaveLength(1);
  });

  it("a partial refund, then the rest: Cielo voids, REFUNDED", async () => {
    const { tx } = await sale("4000000000001000", 6000);
    for (const amount of [2000, 4000]) {
      const refund = await liveJson("POST", `/v1/transactions/${tx.id}/refunds`, { amount });
      await concludeRefund(refund.id);
    }
    const after = await liveJson("GET", `/v1/transactions/${tx.id}`);
    expect(after).toMatchObject({ status: "REFUNDED", refunds: [{ status: "COMPLETED" }, { status: "COMPLETED" }] });
    const [paymentId] = (await cieloSalesOf(tx.id)).map((s) => s.paymentId);
    const voids = (await sim<{ voids: Array<{ paymentId: string; amount: number }> }>(`${controls.cielo}/voids`)).voids.filter((v) => v.paymentId === paymentId);
    expect(voids.map((v) => v.amount)).toEqual([2000, 4000]);
  });

  it("Cielo's Notification Post to the Worker: the sale is read back from Cielo; a void made outside the gateway is logged, nothing applied", async () => {
    const { tx } = await sale("4000000000001000", 2800);
    const [record] = await cieloSalesOf(tx.id);
    const [secret] = (await createWebVault(env.VAULT_KEY).digests(["cielo-notification-url"])) as [string];
    const notify = () =>
      exports.default.fetch(new Request(`${base}/acquirers/cielo/${secret}/notifications`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ PaymentId: record!.paymentId, ChangeType: 1 }) }));
    expect((await notify()).status).toBe(200);
    expect(logged.findLast((l) => l.msg === "cielo.notification")).toMatchObject({ outcome: "matched", transactionId: tx.id });
    // Voided in Cielo's own back office, then notified: reported, and the transaction stays PAID.
    const env_ = JSON.parse(inject("cardSimsEnv")) as Record<string, string>;
    await fetch(`${env_.CIELO_API_URL}/1/sales/${record!.paymentId}/void`, { method: "PUT", headers: { MerchantId: env_.CIELO_MERCHANT_ID!, MerchantKey: env_.CIELO_MERCHANT_KEY!, "Content-Type": "application/json" } });
    expect((await notify()).status).toBe(200);
    expect(logged.findLast((l) => l.msg === "cielo.notification")).toMatchObject({ outcome: "mismatched", level: "warn", ours: "PAID", cieloStatus: 10 });
    expect((await liveJson("GET", `/v1/transactions/${tx.id}`)).status).toBe("PAID");
    const wrong = await exports.default.fetch(new Request(`${base}/acquirers/cielo/nope/notifications`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
    expect(wrong.status).toBe(404);
  });

  it("a renewal on the stored card is sent merchant-initiated, without 3DS (the Worker's own platform and connectors)", async () => {
    const { tx } = await sale("4000000000001000", 2500, { tokenize: true });
    const platform = createCloudflarePlatform(env as unknown as Env, readCloudflareConfig(env as unknown as Env));
    const id = crypto.randomUUID();
    const result = await authorizeMerchantInitiated(platform, { sellerId, livemode: true, cardToken: tx.cardToken, transactionId: id, amount: 3990, currency: "BRL" });
    expect(result).toMatchObject({ acquirer: "cielo", outcome: { status: "APPROVED" } });
    const [renewal] = await cieloSalesOf(id);
    expect(renewal!.sale.Payment).toMatchObject({ Amount: 3990, Authenticate: false, InitiatedTransactionIndicator: { Category: "M1", Subcategory: "Subscription" } });
  });
});
