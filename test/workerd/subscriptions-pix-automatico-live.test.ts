/**
 * A live PIX Automático subscription in workerd (issue 32; Node's side:
 * test/api/subscriptions.pix-automatico.live.test.ts): the Worker, configured with PIX_PSP_*, makes
 * journey 3 at the PSP simulator global setup runs in Node (the cob, `POST /locrec`, `POST /rec`
 * with the cob's txid, `GET /rec/{id}?txid=` for the composite BR Code), every request checked
 * there against the BCB document; the payer's approval (the simulator's control) pays the cob and
 * approves the rec; the PSP's two callbacks, carried to the Worker's routes, are each read back from
 * the PSP, and the subscription is ACTIVE with invoice 0 PAID.
 *
 * The simulator's webhook registrations are shared by every workerd file (live-pix.test.ts and
 * pix-automatico.test.ts own them): this file registers none, and carries to the Worker callbacks
 * of its own naming only the ids (the routes trust nothing else in them, and read each id back).
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createWebVault } from "../../worker/lib/web-vault";
import { buyerBody } from "../support/fixtures";
import { api } from "./api";

const base = inject("baseUrl");
const control = inject("pspControlUrl");
let client: ReturnType<typeof createClient>;
let liveKey: string;
let secret: string;

beforeAll(async () => {
  client = createClient({ url: env.TURSO_DATABASE_URL });
  const db = createDb(client);
  const seller = await createCompanySeller(db, { legalName: "Pix Automatico Workerd Ltda", email: `auto-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`, city: "Sao Paulo" }, new Date());
  await approveSellerForLive(db, seller.sellerId, new Date());
  liveKey = (await rotateSellerKeys(db, seller.sellerId, new Date(), "live"))!.apiKey;
  [secret] = (await createWebVault(env.VAULT_KEY).digests(["pix-psp-callback-url"])) as [string];
  // The file's first request starts the Worker (seconds on a loaded machine).
  await api("GET", "/v1/subscriptions/settings", undefined, { "X-Api-Key": liveKey });
}, 60_000);
afterAll(() => client.close());

async function live<T>(method: string, path: string, status: number, body?: unknown): Promise<T> {
  const res = await api(method, path, body, { "X-Api-Key": liveKey });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return (await res.json()) as T;
}
const received = async () => (await (await fetch(`${control}/received`)).json()) as Array<{ method: string; path: string; status: number; body: unknown }>;
const callback = (path: string, body: unknown) =>
  exports.default.fetch(new Request(`${base}/psp/pix/${secret}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }));

type Sub = { id: string; status: string; pixAutomatico: { recurrenceId: string; status: string; journey: string; brCode: string; firstTransactionId: string } };

describe("a live PIX Automático subscription in workerd", () => {
  it("journey 3 through the PSP: the composite BR Code, then ACTIVE with invoice 0 PAID once the payer approves", async () => {
    const plan = await live<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Mensal", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
    const buyer = await live<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
    const sub = await live<Sub>("POST", "/v1/subscriptions", 201, { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX_AUTOMATICO" });
    expect(sub).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { status: "CREATED", journey: "JORNADA_3" } });
    const idRec = sub.pixAutomatico.recurrenceId;
    const txid = sub.pixAutomatico.firstTransactionId.replace(/-/g, "");
    const calls = (await received()).map((r) => `${r.method} ${r.path.split("?")[0]} ${r.status}`);
    expect(calls).toEqual(expect.arrayContaining([`PUT /cob/${txid} 201`, "POST /rec 201", `GET /rec/${idRec} 200`]));
    expect(sub.pixAutomatico.brCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);

    const approved = await fetch(`${control}/rec/${idRec}/approve`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(approved.status).toBe(200);
    // The cob's payment alone does not approve a live recurrence: INCOMPLETE until the rec's callback.
    expect((await callback("pix", { pix: [{ txid, endToEndId: "E00000000202611271200abcdefghijk", valor: "49.90", horario: new Date().toISOString() }] })).status).toBe(200);
    expect((await live<Sub>("GET", `/v1/subscriptions/${sub.id}`, 200)).status).toBe("INCOMPLETE");
    expect((await callback("rec", { recs: [{ idRec, status: "APROVADA", atualizacao: [] }] })).status).toBe(200);
    const after = await live<Sub>("GET", `/v1/subscriptions/${sub.id}`, 200);
    expect(after).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
    const invoices = await live<{ items: Array<{ status: string }> }>("GET", `/v1/subscriptions/${sub.id}/invoices`, 200);
    expect(invoices.items[0]!.status).toBe("PAID");
  });
});
