/**
 * Live PIX Automático billing through the PSP (issue 32, item 3), on Node over real HTTP: the
 * billing sweep sends each period's charge instruction (`PUT /cobr/{txid}`) to the PSP simulator,
 * which checks every request against the BCB's document; the payer's bank (the simulator's
 * control) settles it and the PSP's `webhookcobr` callback reaches `/psp/pix/{secret}/cobr`, read
 * back with `GET /cobr/{txid}` before anything moves: paid → the invoice PAID; a failed attempt
 * under PERMITE_3R_7D → a retentativa asked (`POST /cobr/{txid}/retentativa/{data}`), then paid;
 * every attempt failed → PAST_DUE. A replayed callback changes nothing, and an instruction whose
 * callback was lost is reconciled by the sweep once its settlement date has passed.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createBcbPixAutomatico } from "../../worker/connectors/bcb-pix/automatico";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { invoices, pixChargeInstructions, subscriptions, transactions } from "../../worker/db/schema";
import { pspAcquirer } from "../../worker/domain/acquirers/psp";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { pspCallbackSecret } from "../../worker/domain/pix/psp-callback";
import { billDueSubscriptions } from "../../worker/domain/subscriptions/bill";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import type { PixAutomaticoPsp } from "../../worker/lib/pix-automatico";
import { buyerBody } from "../support/fixtures";
import { createTestContext, requester } from "../support/platform";
import { approvedPixAutomaticoSubscription } from "../support/pix-automatico-db";
import { expectJson } from "../support/subscriptions";

const ACCOUNT = { branch: "0001", number: "1234567", type: "CORRENTE" as const };
let sim: PspSimulator;
let server: ServerType | undefined;
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: ReturnType<typeof requester>;
let automatico: PixAutomaticoPsp;
let hookBase: string;

beforeAll(async () => {
  sim = await startPspSimulator({ receiverKey: "c0ffee00-0000-4000-8000-000000000002" });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await sim.close();
});

beforeEach(async () => {
  sim.control.reset();
  const settings = { baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport(), log: (line: Parameters<typeof ctx.platform.log>[0]) => ctx.platform.log(line) };
  automatico = createBcbPixAutomatico(settings);
  ctx = await createTestContext({
    acquirers: { live: pspAcquirer(createBcbPixPsp(settings), { psp: automatico, receiverAccount: ACCOUNT }), cards: { test: SANDBOX_CARD_ACQUIRERS, live: [] } },
    config: { pixReceiverKey: sim.receiverKey },
  });
  // The PSP keeps the wall clock (a cobr's 2-to-10-day window): so does this test's platform.
  ctx.platform.clock.set(new Date());
  live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (req) => ctx.app.fetch(req), hostname: "127.0.0.1", port: 0 }, () => resolve());
  });
  hookBase = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/psp/pix/${await pspCallbackSecret(ctx.platform)}`;
  await automatico.registerWebhooks({ recurrences: hookBase, charges: hookBase });
});

/** A live monthly subscription whose recurrence the payer approved at the PSP, its next invoice due now (the due date 3 days ahead). */
async function liveSubscription(retryPolicy: "PERMITE_3R_7D" | "NAO_PERMITE" = "PERMITE_3R_7D") {
  const buyer = await expectJson(live.send, "POST", "/v1/buyers", buyerBody(), 201);
  const plan = await expectJson(live.send, "POST", "/v1/subscriptions/plans", { name: "Plano Automático", amount: 4990, billingInterval: "WEEK", paymentMethods: ["PIX"] }, 201);
  const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
  const rec = await automatico.createRecurrence({
    contract: `c${crypto.randomUUID().replace(/-/g, "").slice(0, 30)}`, object: "Plano Automático", debtor: { documentType: "CPF", document: "52998224725", name: "Maria da Silva" },
    startDate: today, periodicity: "SEMANAL", amount: { kind: "FIXED", amount: 4990 }, retryPolicy,
  });
  await sim.control.automatico.approveRec(rec.id, "JORNADA_2");
  // Period 1 starts 3 days from now, less a minute: its invoice (and instruction) is due now.
  const at = new Date(Date.now() + 3 * 86_400_000 - 60_000 - 7 * 86_400_000).toISOString();
  const sub = await approvedPixAutomaticoSubscription(ctx.platform.db, { sellerId: ctx.seller.sellerId, buyerId: buyer.id, plan, at, livemode: true, retryPolicy, pspRecurrenceId: rec.id });
  await billDueSubscriptions(ctx.platform);
  const [instruction] = await ctx.platform.db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.subscriptionId, sub.subscriptionId));
  return { ...sub, instruction: instruction! };
}

const instruction = async (id: string) => (await ctx.platform.db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.id, id)))[0]!;
const subscription = async (id: string) => (await ctx.platform.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const received = (method: string, prefix: string) => sim.control.received().filter((r) => r.method === method && r.path.startsWith(prefix));

describe("live PIX Automático billing through the PSP", () => {
  it("sends the period's cobr the document accepts; RETRIED_THEN_PAID: the callback asks a retentativa, the retry's callback pays the invoice", async () => {
    const { subscriptionId, instruction: sent } = await liveSubscription();
    expect(sent).toMatchObject({ status: "SCHEDULED", livemode: true, amount: 4990 });
    const [put] = received("PUT", `/cobr/${sent.txid}`);
    expect(put).toMatchObject({ status: 201 });
    expect(put!.body).toMatchObject({ calendario: { dataDeVencimento: sent.dueDate }, valor: { original: "49.90" }, ajusteDiaUtil: sent.adjustToBusinessDay, recebedor: { agencia: "0001", conta: "1234567", tipoConta: "CORRENTE" } });
    // Sweeping again sends nothing twice.
    await billDueSubscriptions(ctx.platform);
    expect(received("PUT", "/cobr/")).toHaveLength(1);

    const { callback } = await sim.control.automatico.settleCobr(sent.txid, "retried-then-paid");
    expect(callback).toMatchObject({ url: `${hookBase}/cobr`, status: 200 });
    await vi.waitFor(async () => expect(await instruction(sent.id)).toMatchObject({ status: "PAID" }), { timeout: 5_000, interval: 50 });
    const [retry] = received("POST", `/cobr/${sent.txid}/retentativa/`);
    expect(retry).toMatchObject({ status: 201 });
    const paid = await instruction(sent.id);
    expect(paid).toMatchObject({ attempts: 2, retries: 1, failureCode: "AM02", nextRetryDate: null });
    expect(retry!.path).toMatch(/\/\d{4}-\d{2}-\d{2}$/);
    const cobr = await automatico.getCharge(sent.txid);
    expect(paid.endToEndId).toBe(cobr!.attempts.find((a) => a.status === "PAID")!.endToEndId);
    const [invoice] = await ctx.platform.db.select().from(invoices).where(eq(invoices.id, sent.invoiceId));
    expect(invoice).toMatchObject({ status: "PAID" });
    const payments = await ctx.platform.db.select().from(transactions).where(eq(transactions.invoiceId, sent.invoiceId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "PAID", livemode: true, paymentMethod: "PIX", pixTxid: sent.txid, pixEndToEndId: paid.endToEndId });
    expect(await subscription(subscriptionId)).toMatchObject({ status: "ACTIVE" });

    // A replayed callback: read back again, nothing moves.
    const last = sim.control.automatico.callbacks().at(-1)!;
    const replay = await fetch(last.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(last.body) });
    expect(replay.status).toBe(200);
    expect(await instruction(sent.id)).toEqual(paid);
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.invoiceId, sent.invoiceId))).toHaveLength(1);
    expect(sim.control.bugs()).toEqual([]);
  });

  it("every attempt refused for funds: three retentativas, then the PSP's REJEITADA makes the subscription PAST_DUE", async () => {
    const { subscriptionId, instruction: sent } = await liveSubscription();
    for (let k = 1; k <= 4; k++) {
      await sim.control.automatico.settleCobr(sent.txid, "insufficient-funds");
      await vi.waitFor(async () => expect((await instruction(sent.id)).attempts).toBe(k), { timeout: 5_000, interval: 50 });
    }
    expect(received("POST", `/cobr/${sent.txid}/retentativa/`).map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await instruction(sent.id)).toMatchObject({ status: "FAILED", attempts: 4, retries: 3, failureCode: "AM02" });
    expect(await subscription(subscriptionId)).toMatchObject({ status: "PAST_DUE" });
  });

  it("NAO_PERMITE: the PSP rejects the cobr on its first failure, no retentativa, PAST_DUE", async () => {
    const { subscriptionId, instruction: sent } = await liveSubscription("NAO_PERMITE");
    await sim.control.automatico.settleCobr(sent.txid, "insufficient-funds");
    await vi.waitFor(async () => expect(await instruction(sent.id)).toMatchObject({ status: "FAILED", attempts: 1, retries: 0 }), { timeout: 5_000, interval: 50 });
    expect(received("POST", "/cobr/")).toHaveLength(0);
    expect(await subscription(subscriptionId)).toMatchObject({ status: "PAST_DUE" });
  });

  it("the callback route: another secret is the 404 of no route; a body the document does not define is a 400 naming the entry", async () => {
    const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post(`${hookBase.replace(/[^/]+$/, "not-the-secret")}/cobr`, { cobsr: [] })).status).toBe(404);
    const bad = await post(`${hookBase}/cobr`, { cobsr: [{ txid: "x".repeat(26), idRec: "y", status: "PAGA" }] });
    expect(bad.status).toBe(400);
    const problem = await bad.json();
    expect(problem).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "cobsr", message: expect.stringContaining("cobsr[0]") }] });
    // An unknown txid is answered 200 (logged), so the PSP does not send it forever.
    expect((await post(`${hookBase}/cobr`, { cobsr: [{ txid: "a".repeat(32), idRec: "R".padEnd(29, "1"), status: "ATIVA" }] })).status).toBe(200);
  });

  it("cancelling the subscription removes its sent cobr at the PSP (PATCH /cobr CANCELADA) on the sweep's next round", async () => {
    const { subscriptionId, instruction: sent } = await liveSubscription();
    await expectJson(live.send, "POST", `/v1/subscriptions/${subscriptionId}/cancel`, {}, 200);
    await billDueSubscriptions(ctx.platform);
    expect(received("PATCH", `/cobr/${sent.txid}`).map((r) => [r.status, r.body])).toEqual([[200, { status: "CANCELADA" }]]);
    expect(await instruction(sent.id)).toMatchObject({ status: "CANCELLED", nextCheckAt: null });
    expect(await automatico.getCharge(sent.txid)).toMatchObject({ status: "CANCELLED" });
  });

  it("a lost callback: reconciliation reads the cobr back once its settlement date has passed and pays the invoice", async () => {
    const { instruction: sent } = await liveSubscription();
    // The PSP's callbacks go nowhere from now on.
    await automatico.registerWebhooks({ recurrences: `${hookBase}x`, charges: `${hookBase}x` });
    await sim.control.automatico.settleCobr(sent.txid, "paid");
    expect((await instruction(sent.id)).status).toBe("SCHEDULED");
    ctx.platform.clock.set(new Date(Date.parse(sent.nextCheckAt!) + 1_000));
    await billDueSubscriptions(ctx.platform);
    expect(received("GET", `/cobr/${sent.txid}`).length).toBeGreaterThan(0);
    expect(await instruction(sent.id)).toMatchObject({ status: "PAID", attempts: 1 });
    expect((await ctx.platform.db.select().from(invoices).where(eq(invoices.id, sent.invoiceId)))[0]).toMatchObject({ status: "PAID" });
  });
});
