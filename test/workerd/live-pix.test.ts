/**
 * Live PIX through a PSP in workerd (issue 29; Node's side: test/api/live-pix.psp.test.ts): the
 * Worker, configured with PIX_PSP_* and PIX_RECEIVER_KEY, makes a live key's PIX charge at the PSP
 * simulator that test/workerd/node/global-setup.ts runs in Node, over real HTTP on loopback
 * (plain http, no mTLS binding: worker/cloudflare/psp-transport.ts allows that for loopback only).
 * A charge's BR Code is the PSP's; a payment's callback, read back from the PSP, makes it PAID with
 * its E2E id (a forged one moves nothing); a lost callback is settled by the cron handler's
 * reconciliation; a partial refund is a devolução, COMPLETED once the PSP settles it; a cancel and
 * an expiry remove the cob; a 503 during create leaves nothing and the retry makes one cob.
 *
 * How the PSP's callbacks reach the Worker: in vitest-pool-workers the Worker under test listens
 * on no port, so the simulator cannot call it as a PSP calls production. The PSP's webhook is
 * registered (PUT /webhook/{chave}, through the connector) at a loopback receiver in Node (global
 * setup's `pspCallbackOrigin`) under the Worker's own path, `/psp/pix/{secret}`, the secret
 * computed here as the Worker computes it (the vault's HMAC of "pix-psp-callback-url" under
 * VAULT_KEY). The simulator POSTs each callback there (the document's `{webhookUrl}/pix`); the
 * test then carries it, the path and bytes the PSP sent, to the Worker through
 * `exports.default.fetch`. What the route does with it is all real: it takes the txid only as a
 * hint and reads the cob back from the PSP over HTTP before anything moves (the simulator's
 * received list shows that GET). Only the last hop, PSP → Worker, is the test's hand.
 *
 * The simulator is shared by every workerd file. Only this file makes live PIX charges, pays them
 * or tells the PSP to fail (its `failNext("/cob/")` and `drop-next-callback` rules are global),
 * and it never resets the simulator; it reads the simulator's records by txid or from its own
 * test's start. Each test has a company of its own, approved for live, with a live key.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { createDb } from "../../worker/db/client";
import { events, transactions } from "../../worker/db/schema";
import worker from "../../worker/index";
import type { Job } from "../../worker/lib/job";
import { createWebVault } from "../../worker/lib/web-vault";
import { approveSellerForLive, createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { pixBody, VALID_CPF } from "../support/fixtures";
import { expectProblem } from "../support/problem";
import { api } from "./api";
import { captureLogs } from "./console-log";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";

const logged = captureLogs();

/** The simulator's records, as its control API answers them (server.ts: ReceivedRequest, SentCallback). */
type Received = { method: string; path: string; body: unknown; status: number; at: string };
type Callback = { url: string; body: { pix: Array<{ txid?: string }> }; outcome: string };
/** What the loopback receiver got (test/support/webhook-receiver.ts). */
type Landed = { url: string; body: string };
type Transaction = { id: string; status: string; cancellationReason?: string; paymentDetails: { qrCode: string; endToEndId?: string }; refunds: Array<{ id: string; status: string }> };

const base = inject("baseUrl");
const control = inject("pspControlUrl");
const receiverKey = inject("pspReceiverKey");
const callbackOrigin = inject("pspCallbackOrigin");

// Opened in beforeAll: workerd allows no I/O objects made at module scope.
let client: ReturnType<typeof createClient>;
let db: ReturnType<typeof createDb>;
/** The connector itself, from the test: reads the PSP's side of a charge. */
let psp: ReturnType<typeof createBcbPixPsp>;
/** The callback route's secret path segment, as the Worker derives it from VAULT_KEY. */
let secret: string;

beforeAll(async () => {
  client = createClient({ url: env.TURSO_DATABASE_URL });
  db = createDb(client);
  psp = createBcbPixPsp({ baseUrl: inject("pspUrl"), tokenUrl: inject("pspTokenUrl"), clientId: inject("pspClientId"), clientSecret: inject("pspClientSecret"), transport: fetchTransport() });
  [secret] = (await createWebVault(env.VAULT_KEY).digests(["pix-psp-callback-url"])) as [string];
  await psp.registerWebhook(receiverKey, `${callbackOrigin}/psp/pix/${secret}`);
});
afterAll(() => client.close());

/** A call to the simulator's control API (`/__sim/…`); its JSON answer. */
async function sim<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${control}${path}`, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`simulator ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
const received = () => sim<Received[]>("GET", "/received");
const pay = (txid: string) => sim<{ pix: { endToEndId: string }; callback: { outcome: string } }>("POST", `/cob/${txid}/pay`, {});

let sellerId: string;
let liveKey: string;
beforeEach(async () => {
  const seller = await createCompanySeller(db, { legalName: "Pix Ao Vivo Workerd Ltda", email: `pix-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`, city: "Sao Paulo" }, new Date());
  await approveSellerForLive(db, seller.sellerId, new Date());
  sellerId = seller.sellerId;
  liveKey = (await rotateSellerKeys(db, seller.sellerId, new Date(), "live"))!.apiKey;
});

const live = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => api(method, path, body, { "X-Api-Key": liveKey, ...headers });
const livePix = (amount: number, key = crypto.randomUUID(), extra: Record<string, unknown> = {}) => live("POST", "/v1/transactions", pixBody({ amount, ...extra }), { "Idempotency-Key": key });
const getTx = async (id: string) => (await (await live("GET", `/v1/transactions/${id}`)).json()) as Transaction;

/** A live PIX charge, created (201); its API view and txid at the PSP. */
async function charged(amount: number) {
  const res = await livePix(amount);
  expect(res.status, await res.clone().text()).toBe(201);
  const tx = (await res.json()) as Transaction;
  return { tx, txid: await txidOf(tx.id) };
}

async function txidOf(transactionId: string): Promise<string> {
  const [row] = await db.select({ txid: transactions.pixTxid }).from(transactions).where(eq(transactions.id, transactionId));
  return row!.txid!;
}

/** The seller's live transactions. */
const liveTransactions = () => db.select({ id: transactions.id, txid: transactions.pixTxid }).from(transactions).where(and(eq(transactions.sellerId, sellerId), eq(transactions.livemode, true)));

/** POSTs to the Worker's route what the PSP called back with: the path and bytes the receiver got. */
const toWorker = (landed: Landed) => exports.default.fetch(new Request(`${base}${landed.url}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: landed.body }));

/**
 * The PSP's last callback about `txid`, as it landed on the loopback receiver, carried to the
 * Worker; the Worker's answer.
 */
async function carryCallback(txid: string): Promise<Response> {
  const landed = ((await (await fetch(`${callbackOrigin}/__received`)).json()) as Landed[]).filter((l) => l.body.includes(`"${txid}"`));
  const last = landed.at(-1);
  expect(last, `no callback about ${txid}`).toBeDefined();
  expect(last!.url).toBe(`/psp/pix/${secret}/pix`);
  return toWorker(last!);
}

/** Runs the Worker's cron handler once, as the minute trigger does. */
async function cron() {
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext());
  return (logged.findLast((l) => l.msg === "scheduled.run") as { sweeps: Record<string, number> } | undefined)?.sweeps;
}

describe("live PIX through the PSP in workerd", () => {
  it("a live charge's BR Code is the PSP's; its callback, carried to the Worker and read back from the PSP, makes it PAID with its E2E id", async () => {
    const { tx, txid } = await charged(2500);
    const put = (await received()).find((r) => r.method === "PUT" && r.path === `/cob/${txid}`);
    expect(put).toMatchObject({ status: 201, body: { valor: { original: "25.00" }, chave: receiverKey, devedor: { cpf: VALID_CPF } } });
    const atPsp = await psp.getCharge(txid);
    expect(atPsp).toMatchObject({ status: "ATIVA", amount: 2500 });
    expect(atPsp!.brCode).toMatch(/^000201/);
    expect(tx.paymentDetails.qrCode).toBe(atPsp!.brCode);
    expect(atPsp!.brCode).toContain(new URL(inject("pspUrl")).host);

    const paid = await pay(txid);
    expect(paid.callback.outcome).toBe("delivered");
    expect((await getTx(tx.id)).status).toBe("PENDING");
    const readsBefore = (await received()).filter((r) => r.method === "GET" && r.path === `/cob/${txid}`).length;
    expect((await carryCallback(txid)).status).toBe(200);
    // The route took the txid as a hint: it read the cob back from the PSP before moving anything.
    expect((await received()).filter((r) => r.method === "GET" && r.path === `/cob/${txid}` && r.status === 200).length).toBe(readsBefore + 1);
    expect(await getTx(tx.id)).toMatchObject({ status: "PAID", paymentDetails: { endToEndId: paid.pix.endToEndId } });

    // The same callback again (a PSP's retry) moves nothing.
    expect((await carryCallback(txid)).status).toBe(200);
    const paidEvents = await db.select().from(events).where(and(eq(events.sellerId, sellerId), eq(events.type, "TRANSACTION_PAID")));
    expect(paidEvents).toHaveLength(1);

    // The connector's log lines are there, and none carries the client secret, a token or the CPF.
    const lines = JSON.stringify(logged);
    expect(lines).toContain("psp.request");
    expect(lines).not.toContain(inject("pspClientSecret"));
    expect(lines).not.toContain(VALID_CPF);
    expect(lines).not.toMatch(/Bearer\s+\S/);
  });

  it("a forged callback moves nothing (the PSP says the cob is unpaid), and a wrong secret is a 404", async () => {
    const { tx, txid } = await charged(1200);
    const forged = JSON.stringify({ pix: [{ txid, endToEndId: "E00000000202611271200abcdefghijk", valor: "12.00", horario: new Date().toISOString() }] });
    expect((await toWorker({ url: `/psp/pix/${secret}/pix`, body: forged })).status).toBe(200);
    expect((await received()).some((r) => r.method === "GET" && r.path === `/cob/${txid}`)).toBe(true);
    expect((await getTx(tx.id)).status).toBe("PENDING");
    expect((await toWorker({ url: `/psp/pix/${"x".repeat(43)}/pix`, body: forged })).status).toBe(404);
  });

  it("a lost callback: the cron handler's reconciliation settles the charge", async () => {
    const { tx, txid } = await charged(3100);
    await sim("POST", "/drop-next-callback", {});
    const paid = await pay(txid);
    expect(paid.callback.outcome).toBe("dropped");
    expect((await getTx(tx.id)).status).toBe("PENDING");
    const listed = new Date().toISOString();
    const sweeps = await cron();
    // With the callback dropped, only reconciliation (GET /pix) can settle it: this run's, or,
    // every workerd file's cron runs reconciling against the one simulator, another file's run a
    // moment earlier (this run then has nothing left to settle, and logs no run).
    expect(sweeps?.["pix.reconcile"]).not.toBe(-1);
    expect((await received()).some((r) => r.method === "GET" && r.path === "/pix" && r.at >= listed && r.status === 200)).toBe(true);
    expect(await getTx(tx.id)).toMatchObject({ status: "PAID", paymentDetails: { endToEndId: paid.pix.endToEndId } });
  });

  it("a partial refund is a devolução: PENDING while EM_PROCESSAMENTO, COMPLETED once the PSP settles it", async () => {
    const { tx, txid } = await charged(5000);
    const paid = await pay(txid);
    expect((await carryCallback(txid)).status).toBe(200);
    const e2e = paid.pix.endToEndId;
    const res = await live("POST", `/v1/transactions/${tx.id}/refunds`, { amount: 2000 }, { "Idempotency-Key": crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(201);
    const refund = (await res.json()) as { id: string; status: string };
    expect(refund.status).toBe("PENDING");

    // The refund's queue job, run now through the queue handler (the message the API sent is
    // delivered a couple of seconds later; asking twice is safe: the devolução's id is the refund's).
    const batch = createMessageBatch<Job>("pay-jobs", [{ id: "refund", timestamp: new Date(), attempts: 1, body: { type: "refund.conclude", refundId: refund.id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["refund"]);
    const id = refund.id.replace(/-/g, "");
    const devolucao = (await received()).find((r) => r.method === "PUT" && r.path === `/pix/${e2e}/devolucao/${id}`);
    expect(devolucao).toMatchObject({ status: 201, body: { valor: "20.00" } });
    expect((await getTx(tx.id)).refunds[0]!.status).toBe("PENDING");

    const settled = await sim<{ callback: { outcome: string } }>("POST", `/pix/${e2e}/devolucao/${id}/settle`, { status: "DEVOLVIDO" });
    expect(settled.callback.outcome).toBe("delivered");
    // The PSP's callback for the devolução is answered 200 and moves nothing itself.
    expect((await carryCallback(txid)).status).toBe(200);
    // The refunds sweep asks again for a refund pending over 10 s: the Worker runs on the wall
    // clock, so the refund is made older rather than the clock moved (as jobs.test.ts does).
    await client.execute({ sql: "update refunds set requested_at = ? where id = ?", args: [new Date(Date.now() - 60_000).toISOString(), refund.id] });
    await cron();
    const done = await getTx(tx.id);
    expect(done.refunds[0]).toMatchObject({ id: refund.id, status: "COMPLETED" });
    expect(done.status).toBe("PAID");
  });

  it("a cancel removes the cob at the PSP", async () => {
    const { tx, txid } = await charged(900);
    expect((await live("POST", `/v1/transactions/${tx.id}/cancel`)).status).toBe(200);
    const patch = (await received()).find((r) => r.method === "PATCH" && r.path === `/cob/${txid}`);
    expect(patch).toMatchObject({ status: 200, body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" } });
    expect(await psp.getCharge(txid)).toMatchObject({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    expect((await getTx(tx.id)).status).toBe("CANCELLED");
  });

  it("expiry: the cron handler removes the cob at the PSP before the charge expires here", async () => {
    const { tx, txid } = await charged(700);
    await client.execute({ sql: "update transactions set expires_at = ? where id = ?", args: [new Date(Date.now() - 1000).toISOString(), tx.id] });
    await cron();
    expect((await received()).find((r) => r.method === "PATCH" && r.path === `/cob/${txid}`)).toMatchObject({ status: 200 });
    expect(await getTx(tx.id)).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
  });

  it("a PSP outage during create: 503 PSP_UNAVAILABLE with Retry-After and no transaction; the retry with the same key makes exactly one cob", async () => {
    const start = new Date().toISOString();
    const cobPuts = async () => (await received()).filter((r) => r.at >= start && r.method === "PUT" && r.path.startsWith("/cob/"));
    await sim("POST", "/fail-next", { path: "/cob/", count: 1, status: 503 });
    const key = crypto.randomUUID();
    const down = await livePix(1500, key);
    await expectProblem(down, 503, "PSP_UNAVAILABLE");
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await liveTransactions()).toEqual([]);
    const [refused] = await cobPuts();
    expect(refused).toMatchObject({ status: 503 });
    const txid = refused!.path.slice("/cob/".length);
    expect(await psp.getCharge(txid)).toBeNull();
    const retried = await livePix(1500, key);
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect(await txidOf(((await retried.json()) as Transaction).id)).toBe(txid);

    // The PSP did the work but its answer was lost: the retry asks for the same txid, one cob.
    await sim("POST", "/fail-next", { path: "/cob/", count: 1, status: 503, afterProcessing: true });
    const lostKey = crypto.randomUUID();
    await expectProblem(await livePix(1700, lostKey), 503, "PSP_UNAVAILABLE");
    expect(await liveTransactions()).toHaveLength(1);
    expect((await livePix(1700, lostKey)).status).toBe(201);

    const puts = await cobPuts();
    expect(puts.map((r) => r.status)).toEqual([503, 201, 503, 201]);
    const txids = new Set(puts.map((r) => r.path.slice("/cob/".length)));
    expect(txids.size).toBe(2);
    expect(new Set((await liveTransactions()).map((t) => t.txid))).toEqual(txids);
    for (const t of txids) expect(await psp.getCharge(t)).toMatchObject({ status: "ATIVA" });
  });
});
