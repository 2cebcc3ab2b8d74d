/**
 * Live PIX through a PSP (issue 29), on Node, over real HTTP: the app (served by @hono/node-server)
 * and the API Pix connector against the PSP simulator, which validates every request against the
 * Banco Central's document and calls the app back as a PSP does. A live key's charge is the
 * PSP's (its BR Code), a payment arrives by the callback or, lost, by reconciliation, a partial
 * refund becomes a devolução, a cancel removes the cob, and a PSP outage during create leaves
 * nothing behind while a retry with the same Idempotency-Key makes exactly one cob.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { events, transactions } from "../../worker/db/schema";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { pspAcquirer } from "../../worker/domain/acquirers/psp";
import { pspCallbackSecret } from "../../worker/domain/pix/psp-callback";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { pixBody } from "../support/fixtures";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { invoicesOf, plan, subscribe, subscriber } from "../support/subscriptions";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";

let sim: PspSimulator;
let server: ServerType;
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: ReturnType<typeof requester>;
let port = 0;
let psp: ReturnType<typeof createBcbPixPsp>;

beforeAll(async () => {
  sim = await startPspSimulator({ receiverKey: "c0ffee00-0000-4000-8000-000000000001" });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await sim.close();
});

beforeEach(async () => {
  sim.control.reset();
  psp = createBcbPixPsp({ baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport(), log: (line) => ctx.platform.log(line) });
  ctx = await createTestContext({
    acquirers: { live: pspAcquirer(psp), cards: { test: SANDBOX_CARD_ACQUIRERS, live: [] } },
    config: { pixReceiverKey: sim.receiverKey },
  });
  // The PSP keeps the wall clock (payment times, a cob's expiry): the test clock starts there.
  ctx.platform.clock.set(new Date());
  live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => {
    // The app of this test's context, as the PSP's callbacks reach it (one server per test).
    server = serve({ fetch: (req) => ctx.app.fetch(req), hostname: "127.0.0.1", port }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  await psp.registerWebhook(sim.receiverKey, `http://127.0.0.1:${port}/psp/pix/${await pspCallbackSecret(ctx.platform)}`);
});

/** A live PIX charge of `amount`, created with `key`; the answer. */
async function livePix(amount: number, key = crypto.randomUUID()) {
  return live.post("/v1/transactions", pixBody({ amount }), { "Idempotency-Key": key });
}

/** The PUT /cob requests the PSP answered 201 (charges it created or re-answered). */
const cobPuts = () => sim.control.received().filter((r) => r.method === "PUT" && r.path.startsWith("/cob/") && r.status === 201);

describe("live PIX through the PSP", () => {
  it("a live charge's BR Code is the PSP's; the PSP's callback, read back, makes it PAID with its E2E id", async () => {
    const res = await livePix(2500);
    expect(res.status, await res.clone().text()).toBe(201);
    const tx = await res.json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    const [put] = cobPuts();
    expect(put!.path).toBe(`/cob/${row!.pixTxid}`);
    expect(put!.body).toMatchObject({ valor: { original: "25.00" }, chave: sim.receiverKey, devedor: { cpf: "52998224725" } });
    const atPsp = await psp.getCharge(row!.pixTxid!);
    expect(atPsp!.brCode).toMatch(/^000201/);
    expect(tx.paymentDetails.qrCode).toBe(atPsp!.brCode);
    // This service's own location serves no payload for the PSP's charge.
    const psps = await ctx.app.request(`/pix/loc/${row!.pixLocationId}`);
    expect(psps.status).toBe(404);
    // A test charge's location is this service's own, and answers.
    const testTx = await (await ctx.post("/v1/transactions", pixBody({ amount: 2500 }))).json();
    const [testRow] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, testTx.id));
    expect((await ctx.app.request(`/pix/loc/${testRow!.pixLocationId}`)).status).toBe(200);

    const paid = await sim.control.pay(row!.pixTxid!);
    expect(paid.callback.outcome).toBe("delivered");
    const after = await (await live.get(`/v1/transactions/${tx.id}`)).json();
    expect(after).toMatchObject({ status: "PAID", paymentDetails: { endToEndId: paid.pix.endToEndId } });
    const paidEvents = await ctx.platform.db.select().from(events).where(eq(events.type, "TRANSACTION_PAID"));
    expect(paidEvents).toHaveLength(1);
    // The same callback again (a PSP's retry) moves nothing.
    const again = await fetch(`http://127.0.0.1:${port}/psp/pix/${await pspCallbackSecret(ctx.platform)}/pix`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pix: [{ txid: row!.pixTxid, endToEndId: paid.pix.endToEndId, valor: "25.00", horario: new Date().toISOString() }] }),
    });
    expect(again.status).toBe(200);
    expect(await ctx.platform.db.select().from(events).where(eq(events.type, "TRANSACTION_PAID"))).toHaveLength(1);
  });

  it("a forged callback moves nothing: the txid is read back from the PSP, and a wrong secret is a 404", async () => {
    const tx = await (await livePix(1200)).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    const forged = { pix: [{ txid: row!.pixTxid, endToEndId: "E00000000202611271200abcdefghijk", valor: "12.00", horario: new Date().toISOString() }] };
    const post = (secret: string) => fetch(`http://127.0.0.1:${port}/psp/pix/${secret}/pix`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(forged) });
    expect((await post(await pspCallbackSecret(ctx.platform))).status).toBe(200);
    expect((await (await live.get(`/v1/transactions/${tx.id}`)).json()).status).toBe("PENDING");
    expect((await post("x".repeat(43))).status).toBe(404);
    // An unknown txid is answered 200 (the PSP must not retry forever) and reported.
    const unknown = await fetch(`http://127.0.0.1:${port}/psp/pix/${await pspCallbackSecret(ctx.platform)}/pix`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pix: [{ txid: "a".repeat(32), endToEndId: "E1", valor: "1.00", horario: new Date().toISOString() }] }),
    });
    expect(unknown.status).toBe(200);
    expect(ctx.platform.logs.some((l) => l.msg === "pix.received" && l.outcome === "unknown")).toBe(true);
  });

  it("a lost callback: reconciliation settles the charge on its next run", async () => {
    const tx = await (await livePix(3100)).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    sim.control.dropNextCallback();
    expect((await sim.control.pay(row!.pixTxid!)).callback.outcome).toBe("dropped");
    expect((await (await live.get(`/v1/transactions/${tx.id}`)).json()).status).toBe("PENDING");
    ctx.platform.clock.advance(1);
    const report = await ctx.platform.runScheduled();
    expect(report.sweeps["pix.reconcile"]).toBe(1);
    expect((await (await live.get(`/v1/transactions/${tx.id}`)).json()).status).toBe("PAID");
  });

  it("a partial refund is a devolução: EM_PROCESSAMENTO keeps it pending, DEVOLVIDO completes it; NAO_REALIZADO fails the next one", async () => {
    const tx = await (await livePix(5000)).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    const paid = await sim.control.pay(row!.pixTxid!);
    const e2e = String(paid.pix.endToEndId);
    const refund = await (await live.post(`/v1/transactions/${tx.id}/refunds`, { amount: 2000 }, { "Idempotency-Key": crypto.randomUUID() })).json();
    expect(refund.status).toBe("PENDING");
    await ctx.platform.drainQueue();
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    const devolucao = sim.control.received().find((r) => r.method === "PUT" && r.path.includes("/devolucao/"));
    expect(devolucao!.body).toEqual({ valor: "20.00" });
    expect((await (await live.get(`/v1/transactions/${tx.id}`)).json()).refunds[0].status).toBe("PENDING");
    const id = devolucao!.path.split("/").pop()!;
    await sim.control.settleRefund(e2e, id, "DEVOLVIDO");
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    const done = await (await live.get(`/v1/transactions/${tx.id}`)).json();
    expect(done.refunds[0].status).toBe("COMPLETED");
    expect(done.status).toBe("PAID");

    const second = await (await live.post(`/v1/transactions/${tx.id}/refunds`, { amount: 1000 }, { "Idempotency-Key": crypto.randomUUID() })).json();
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    const put = sim.control.received().filter((r) => r.method === "PUT" && r.path.includes("/devolucao/")).pop()!;
    await sim.control.settleRefund(e2e, put.path.split("/").pop()!, "NAO_REALIZADO", "Saldo insuficiente na conta do recebedor");
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    const failed = (await (await live.get(`/v1/transactions/${tx.id}`)).json()).refunds.find((r: { id: string }) => r.id === second.id);
    expect(failed).toMatchObject({ status: "FAILED" });
  });

  it("a cancel removes the cob at the PSP", async () => {
    const tx = await (await livePix(900)).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect((await live.post(`/v1/transactions/${tx.id}/cancel`)).status).toBe(200);
    const patch = sim.control.received().find((r) => r.method === "PATCH" && r.path === `/cob/${row!.pixTxid}`);
    expect(patch).toMatchObject({ status: 200, body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" } });
  });

  it("expiry removes the cob at the PSP before the charge expires here", async () => {
    const tx = await (await live.post("/v1/transactions", pixBody({ amount: 700, expirationSeconds: 60 }), { "Idempotency-Key": crypto.randomUUID() })).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    ctx.platform.clock.advance(61);
    await ctx.platform.runScheduled();
    expect(sim.control.received().find((r) => r.method === "PATCH" && r.path === `/cob/${row!.pixTxid}`)).toMatchObject({ status: 200 });
    expect(await (await live.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
  });

  it("a PSP outage during create: 503 PSP_UNAVAILABLE with Retry-After and no transaction; the retry with the same key makes exactly one cob", async () => {
    sim.control.failNext("/cob/", 1, 503);
    const key = crypto.randomUUID();
    const down = await livePix(1500, key);
    await expectProblem(down, 503, "PSP_UNAVAILABLE");
    expect(Number(down.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.livemode, true))).toEqual([]);
    expect((await livePix(1500, key)).status).toBe(201);
    // The PSP did the work but its answer was lost: the retry asks for the same txid, one cob.
    sim.control.failNext("/cob/", 1, 503, { afterProcessing: true });
    const lostKey = crypto.randomUUID();
    await expectProblem(await livePix(1700, lostKey), 503, "PSP_UNAVAILABLE");
    const retried = await livePix(1700, lostKey);
    expect(retried.status).toBe(201);
    const txids = new Set(sim.control.received().filter((r) => r.method === "PUT" && r.path.startsWith("/cob/")).map((r) => r.path));
    expect(txids.size).toBe(2);
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.livemode, true))).toHaveLength(2);
  });

  it("a live PIX subscription's invoice is a cobv at the PSP, due on the invoice's date; paid, it pays the invoice", async () => {
    const sender = { send: live.send, app: ctx.app };
    const { buyerId } = await subscriber(sender);
    const planRow = await plan(sender, { paymentMethods: ["PIX"] });
    const sub = await subscribe(sender, { planId: planRow.id, buyerId, paymentMethod: "PIX" });
    const [invoice] = await invoicesOf(sender, sub.id);
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, invoice.transactionId));
    const put = sim.control.received().find((r) => r.method === "PUT" && r.path === `/cobv/${row!.pixTxid}`);
    expect(put!.body).toMatchObject({ calendario: { dataDeVencimento: row!.pixDueDate }, devedor: { cpf: "52998224725", nome: "Maria da Silva" }, valor: { original: "49.90" } });
    expect(row!.pixQrCode).toBe((await psp.getCharge(row!.pixTxid!, "cobv"))!.brCode);
    const paid = await sim.control.pay(row!.pixTxid!);
    expect(paid.callback.outcome).toBe("delivered");
    expect((await invoicesOf(sender, sub.id))[0]).toMatchObject({ status: "PAID" });
  });

  it("no log line carries the client secret, an access token or the payer's CPF", async () => {
    const tx = await (await livePix(800)).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    await sim.control.pay(row!.pixTxid!);
    const logs = JSON.stringify(ctx.platform.logs);
    expect(logs).toContain("psp.request");
    expect(logs).not.toContain(sim.clientSecret);
    expect(logs).not.toContain("52998224725");
    expect(logs).not.toMatch(/Bearer\s+\S/);
  });
});
