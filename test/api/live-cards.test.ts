/**
 * Live cards (issue 30) on Node, over real HTTP: the gateway's Cybersource, Cielo and Rede
 * connectors against their simulators (worker/cli/card-simulators.ts), each checking signatures,
 * credentials and fields as its vendor does. A live key's card payment: 3DS at Cybersource
 * (frictionless, or a challenge walked through the gateway's relay and Cardinal's step-up page),
 * the sale at Cielo with that authentication (or at Rede, by routing or failover), a decline with
 * its mapped code, a partial refund and a cancel as voids, and a subscription's renewal sent as
 * merchant-initiated.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startCardSimulators, type CardSimulators } from "../../worker/cli/card-simulators";
import { threedsSessions, transactions } from "../../worker/db/schema";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { cieloNotificationUrl } from "../../worker/domain/acquirers/cielo-notifications";
import { authorizeMerchantInitiated } from "../../worker/domain/cards/merchant-initiated";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import type { LogLine } from "../../worker/platform";
import { authenticateBody, cardInput, runThreeDs } from "../support/cards";
import { liveCardsOver, walkLiveChallenge } from "../support/live-cards";
import { createTestContext, requester } from "../support/platform";

let sims: CardSimulators;
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: ReturnType<typeof requester>;
let logs: LogLine[];

beforeAll(async () => {
  sims = await startCardSimulators();
});
afterAll(async () => {
  await sims.close();
});

beforeEach(async () => {
  sims.cielo.control.reset();
  await sims.rede.control.reset();
  logs = [];
  const cards = liveCardsOver(sims, (line) => logs.push(line));
  ctx = await createTestContext({ acquirers: { cards: { test: SANDBOX_CARD_ACQUIRERS, live: cards.acquirers }, liveThreeDs: cards.threeDs } });
  ctx.platform.clock.set(new Date());
  live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
});

const buyer = { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" };

/** A live sale of `amount` with `number`, through 3DS as a seller's server runs it. */
async function liveSale(number: string, amount = 2500, extra: Record<string, unknown> = {}) {
  const card = cardInput(number);
  const run = await runThreeDs(live.send, ctx.app, card, amount);
  expect(run.ok, JSON.stringify(run)).toBe(true);
  const res = await live.post("/v1/transactions", { paymentMethod: "CREDIT_CARD", amount, currency: "BRL", buyer, card: { ...card, ...extra }, threeDs: run.threeDs });
  expect(res.status, await res.clone().text()).toBe(201);
  return { tx: await res.json(), run };
}

const cieloSales = () => sims.cielo.control.sales();
const payment = (record: { sale: unknown }) => (record.sale as { Payment: Record<string, unknown> }).Payment;

describe("live card sales", () => {
  it("frictionless 3DS at Cybersource, then the sale at Cielo with that authentication: PAID, one sale there", async () => {
    const { tx, run } = await liveSale("4000000000001000");
    expect(run.auth).toMatchObject({ code: "AUTHENTICATION_SUCCESSFUL", eci: "05" });
    expect(tx).toMatchObject({ status: "PAID", livemode: true, acquirer: "cielo" });
    const [sale] = cieloSales();
    expect(cieloSales()).toHaveLength(1);
    expect(payment(sale!)).toMatchObject({ Amount: 2500, Capture: true, Authenticate: true, ExternalAuthentication: { Cavv: run.auth.cavv, Eci: "5" } });
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.acquirerReference).toBe(sale!.paymentId);
    // The setup's session ran at Cybersource; its CAVV is sealed, never stored in clear.
    const [session] = await ctx.platform.db.select().from(threedsSessions).where(eq(threedsSessions.id, run.setup.requestId));
    expect(session).toMatchObject({ provider: "cybersource", status: "AUTHENTICATED" });
    expect(session!.cavvSealed).not.toContain(run.auth.cavv);
    expect(JSON.stringify(logs)).not.toContain("4000000000001000");
  });

  it("a challenge: the gateway's stepUpUrl relays to Cardinal's page; the ACS returns to the gateway; challenge-result reads it; the sale is PAID", async () => {
    const card = cardInput("4000000000001091");
    const setup = await (await live.post("/v1/transactions/threeds/setup", { card })).json();
    const base = ctx.platform.config.baseUrl;
    expect(setup.deviceDataCollectionUrl).toBe(`${base}/3ds/device-data/${setup.referenceId}`);
    // The device-data page relays the setup JWT to Cardinal's collection page.
    const ddc = await ctx.app.request(new URL(setup.deviceDataCollectionUrl).pathname);
    const ddcHtml = await ddc.text();
    expect(ddcHtml).toContain(`action="${sims.cybersource.pagesOrigin}/`);
    expect(ddcHtml).toContain(`value="${setup.accessToken}"`);
    const auth = await (await live.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 4000))).json();
    expect(auth).toMatchObject({ code: "PENDING_CHALLENGE", stepUpUrl: `${base}/3ds/challenge/${auth.authenticationTransactionId}` });
    const back = await walkLiveChallenge(ctx.app, auth.stepUpUrl, sims.cybersource.pagesOrigin);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('"status":"AUTHENTICATION_SUCCESSFUL"');
    const result = await (await live.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId })).json();
    expect(result).toMatchObject({ status: "AUTHENTICATION_SUCCESSFUL", eci: "05" });
    const threeDs = { cavv: result.cavv, xid: result.xid ?? undefined, secureVersion: result.secureVersion, directoryServerTransactionId: result.directoryServerTransactionId };
    const sale = await live.post("/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 4000, currency: "BRL", buyer, card, threeDs: JSON.parse(JSON.stringify(threeDs)) });
    expect(sale.status, await sale.clone().text()).toBe(201);
    expect(await sale.json()).toMatchObject({ status: "PAID", acquirer: "cielo" });
    expect(payment(cieloSales()[0]!)).toMatchObject({ ExternalAuthentication: { Cavv: result.cavv } });
    // The page cannot be replayed: the challenge is over.
    expect((await ctx.app.request(new URL(auth.stepUpUrl).pathname)).status).toBe(404);
  });

  it("a wrong code at Cardinal's page: the challenge fails, and no sale can be made with it", async () => {
    const card = cardInput("4000000000001091");
    const setup = await (await live.post("/v1/transactions/threeds/setup", { card })).json();
    const auth = await (await live.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 4000))).json();
    await walkLiveChallenge(ctx.app, auth.stepUpUrl, sims.cybersource.pagesOrigin, "0000");
    const result = await (await live.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId })).json();
    expect(result).toMatchObject({ status: "AUTHENTICATION_FAILED", cavv: null });
    expect(cieloSales()).toHaveLength(0);
  });

  it("a decline at Cielo has its mapped code and message", async () => {
    const { tx } = await liveSale("4000000000010092");
    expect(tx).toMatchObject({ status: "FAILED", acquirer: "cielo", failureCode: "do_not_honor" });
    expect(tx.failureMessage).toMatch(/Cielo return code 05/);
  });

  it("Elo goes to Rede (routing), with Cybersource's authentication as external 3DS", async () => {
    const { tx, run } = await liveSale("6505050000001000");
    expect(tx).toMatchObject({ status: "PAID", acquirer: "rede" });
    const [sent] = await sims.rede.control.transactions();
    expect(sent).toMatchObject({ amount: 2500 });
    expect(JSON.stringify(sent)).toContain(run.auth.cavv);
    expect(cieloSales()).toHaveLength(0);
  });

  it("Cielo answers 503 before creating anything: the sale fails over to Rede; one authorization in total", async () => {
    sims.cielo.control.failNext("sale", 1, { mode: "before", status: 503 });
    const { tx } = await liveSale("4000000000001000");
    expect(tx).toMatchObject({ status: "PAID", acquirer: "rede" });
    expect(cieloSales()).toHaveLength(0);
    expect(await sims.rede.control.transactions()).toHaveLength(1);
  });

  it("Cielo creates the sale and the answer is lost: the query finds it, no failover, one authorization", async () => {
    sims.cielo.control.failNext("sale", 1, { mode: "after", status: 502 });
    const { tx } = await liveSale("4000000000001000");
    expect(tx).toMatchObject({ status: "PAID", acquirer: "cielo" });
    expect(cieloSales()).toHaveLength(1);
    expect(await sims.rede.control.transactions()).toHaveLength(0);
  });
});

/** Runs the refund jobs and sweeps that are due a minute later. */
async function settle() {
  ctx.platform.clock.advance(60);
  await ctx.platform.drainQueue();
  await ctx.platform.runScheduled();
}

describe("live refunds", () => {
  it("a partial refund, then the rest (the cancel of the sale): voids at Cielo, REFUNDED", async () => {
    const { tx } = await liveSale("4000000000001000", 6000);
    const first = await live.post(`/v1/transactions/${tx.id}/refunds`, { amount: 2000 }, { "Idempotency-Key": crypto.randomUUID() });
    expect(first.status, await first.clone().text()).toBe(201);
    await settle();
    let now = await (await live.get(`/v1/transactions/${tx.id}`)).json();
    expect(now).toMatchObject({ status: "PAID", refunds: [{ amount: 2000, status: "COMPLETED" }] });
    await live.post(`/v1/transactions/${tx.id}/refunds`, { amount: 4000 }, { "Idempotency-Key": crypto.randomUUID() });
    await settle();
    now = await (await live.get(`/v1/transactions/${tx.id}`)).json();
    expect(now.status).toBe("REFUNDED");
    expect(sims.cielo.control.voids().map((v) => (v as { amount: number }).amount)).toEqual([2000, 4000]);
  });
});

describe("live cancel", () => {
  it("cancelling an authorized sale (a refund of all of it, no amount) voids it at Cielo: Voided, REFUNDED", async () => {
    const { tx } = await liveSale("4000000000001000", 3300);
    const res = await live.post(`/v1/transactions/${tx.id}/refunds`, {}, { "Idempotency-Key": crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(201);
    await settle();
    expect(await (await live.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "REFUNDED", refunds: [{ amount: 3300, status: "COMPLETED" }] });
    const [sale] = cieloSales();
    expect(sale).toMatchObject({ status: 10 });
    expect(sims.cielo.control.voids()).toMatchObject([{ paymentId: sale!.paymentId, amount: 3300, applied: true }]);
  });
});

describe("Cielo's Notification Post", () => {
  it("posted by Cielo over HTTP to the app: the sale is read back and compared; a void made outside the gateway is reported, an unknown sale is answered 200, a wrong secret is 404", async () => {
    const server = serve({ fetch: (req) => ctx.app.fetch(req), hostname: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const url = new URL(await cieloNotificationUrl(ctx.platform));
      sims.cielo.control.configureNotifications(`${origin}${url.pathname}`);
      const { tx } = await liveSale("4000000000001000", 2700);
      const [sale] = cieloSales();
      // Someone voids the sale at Cielo's own back office: Cielo notifies; the gateway reads it back.
      const voided = await fetch(`${sims.cielo.apiUrl}/1/sales/${sale!.paymentId}/void`, { method: "PUT", headers: { MerchantId: sims.env.CIELO_MERCHANT_ID!, MerchantKey: sims.env.CIELO_MERCHANT_KEY!, "Content-Type": "application/json" } });
      expect(voided.status).toBe(200);
      await sims.cielo.control.notificationsIdle();
      const sent = sims.cielo.control.notifications().filter((n) => n.body.PaymentId === sale!.paymentId);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((n) => n.outcome === "delivered")).toBe(true);
      const seen = ctx.platform.logs.filter((l) => l.msg === "cielo.notification" && l.transactionId === tx.id);
      expect(seen.at(-1)).toMatchObject({ outcome: "mismatched", level: "warn", ours: "PAID", cieloStatus: 10 });
      // Nothing is applied by a notification alone: the transaction is as it was.
      expect((await (await live.get(`/v1/transactions/${tx.id}`)).json()).status).toBe("PAID");
      const unknown = await fetch(`${origin}${url.pathname}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ PaymentId: crypto.randomUUID(), ChangeType: 1 }) });
      expect(unknown.status).toBe(200);
      expect(ctx.platform.logs.filter((l) => l.msg === "cielo.notification").at(-1)).toMatchObject({ outcome: "unknown", transactionId: null });
      const wrong = await fetch(`${origin}/acquirers/cielo/not-the-secret/notifications`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(wrong.status).toBe(404);
    } finally {
      sims.cielo.control.configureNotifications(undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("merchant-initiated", () => {
  it("a subscription's renewal on a card that paid live with 3DS is sent as merchant-initiated, without 3DS", async () => {
    const { tx } = await liveSale("4000000000001000", 2500, { tokenize: true });
    expect(tx.cardToken).toMatch(/^tok_/);
    const id = crypto.randomUUID();
    const result = await authorizeMerchantInitiated(ctx.platform, { sellerId: ctx.seller.sellerId, livemode: true, cardToken: tx.cardToken, transactionId: id, amount: 3990, currency: "BRL" });
    expect(result).toMatchObject({ acquirer: "cielo", outcome: { status: "APPROVED" } });
    const renewal = payment(cieloSales()[1]!);
    expect(renewal).toMatchObject({ Amount: 3990, Authenticate: false, InitiatedTransactionIndicator: { Category: "M1", Subcategory: "Subscription" } });
    expect(renewal.ExternalAuthentication).toBeUndefined();
  });
});
