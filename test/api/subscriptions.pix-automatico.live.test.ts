/**
 * PIX Automático subscriptions with a live key (issue 32), on Node, over real HTTP against the PSP
 * simulator, which validates every request against the BCB's document and calls the app back as
 * a PSP does: journey 3 makes the cob, `POST /locrec`, `POST /rec` with the cob's txid and reads
 * the composite BR Code (`GET /rec/{id}?txid=`); the payer's approval pays the cob and approves
 * the rec, and the callbacks (pix, then webhookrec), each read back, make the subscription ACTIVE
 * with invoice 0 PAID. Journey 2 (a trial) makes no cob and is TRIALING once approved; journey 1
 * pushes to the payer's account (`POST /solicrec`) and is ACTIVE once approved and its own first
 * charge paid. A rejection, an expiry and a payer's cancellation arrive through webhookrec;
 * a lost callback is caught by reconciliation; a forged one moves nothing.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createBcbPixAutomatico } from "../../worker/connectors/bcb-pix/automatico";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { pspAcquirer } from "../../worker/domain/acquirers/psp";
import { reconcileRecurrences } from "../../worker/domain/pix-automatico/psp-answers";
import { billDueSubscriptions } from "../../worker/domain/subscriptions/bill";
import { pspCallbackSecret } from "../../worker/domain/pix/psp-callback";
import { pixRecurrences } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { PAYER_ACCOUNT, pixAutomaticoSubscription } from "../support/pix-automatico";
import { expectJson, invoicesOf, type Sender } from "../support/subscriptions";

let sim: PspSimulator;
let server: ServerType | undefined;
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: Sender;
let callbackUrl: string;

beforeAll(async () => {
  sim = await startPspSimulator({ receiverKey: "c0ffee00-0000-4000-8000-000000000001" });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await sim.close();
});

beforeEach(async () => {
  sim.control.reset();
  const settings = { baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport(), log: (line: Record<string, unknown> & { msg: string }) => ctx.platform.log(line) };
  const psp = createBcbPixPsp(settings);
  const automatico = createBcbPixAutomatico(settings);
  ctx = await createTestContext({ acquirers: { live: pspAcquirer(psp, { psp: automatico, receiverAccount: { branch: "0001", number: "1234567", type: "CORRENTE" } }), cards: { test: SANDBOX_CARD_ACQUIRERS, live: [] } }, config: { pixReceiverKey: sim.receiverKey } });
  ctx.platform.clock.set(new Date());
  const r = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
  live = { send: r.send, app: ctx.app } as Sender;
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: (req) => ctx.app.fetch(req), hostname: "127.0.0.1", port: 0 }, () => resolve());
  });
  callbackUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/psp/pix/${await pspCallbackSecret(ctx.platform)}`;
  await psp.registerWebhook(sim.receiverKey, callbackUrl);
  await automatico.registerWebhooks({ recurrences: callbackUrl, charges: callbackUrl });
});

const get = (id: string) => expectJson(live.send, "GET", `/v1/subscriptions/${id}`, undefined, 200);

describe("PIX Automático through the PSP", () => {
  it("journey 3: cob, locrec, rec and the composite QR at the PSP; the payer's approval makes it ACTIVE with invoice 0 PAID", async () => {
    const sub = await pixAutomaticoSubscription(live);
    expect(sub).toMatchObject({ livemode: true, status: "INCOMPLETE", pixAutomatico: { status: "CREATED", journey: "JORNADA_3", periodicity: "MENSAL" } });
    const idRec = sub.pixAutomatico.recurrenceId;
    expect(idRec).toMatch(/^[a-zA-Z0-9]{29}$/);
    const calls = sim.control.received().map((r) => `${r.method} ${r.path.split("?")[0]} ${r.status}`);
    const txid = sub.pixAutomatico.firstTransactionId.replace(/-/g, "");
    expect(calls).toEqual(expect.arrayContaining([`PUT /cob/${txid} 201`, "POST /locrec 201", "POST /rec 201", `GET /rec/${idRec} 200`]));
    const rec = sim.control.received().find((r) => r.method === "POST" && r.path === "/rec")!;
    expect(rec.body).toMatchObject({ vinculo: { contrato: sub.id.replace(/-/g, ""), devedor: { cpf: "52998224725" } }, calendario: { periodicidade: "MENSAL" }, valor: { valorRec: "49.90" }, politicaRetentativa: "PERMITE_3R_7D", ativacao: { dadosJornada: { txid } } });
    // The composite BR Code is the PSP's, and the first charge carries it.
    const charge = await expectJson(live.send, "GET", `/v1/transactions/${sub.pixAutomatico.firstTransactionId}`, undefined, 200);
    expect(charge.paymentDetails.qrCode).toBe(sub.pixAutomatico.brCode);
    expect(sub.pixAutomatico.brCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);

    const answered = await sim.control.automatico.approveRec(idRec);
    expect(answered.callback?.status).toBe(200);
    const after = await get(sub.id);
    expect(after).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
    expect((await invoicesOf(live, sub.id))[0]).toMatchObject({ status: "PAID" });
    expect(sim.control.bugs()).toEqual([]);
  });

  it("journey 3 end to end: the composite QR approved, then the next period's cobr under that rec, paid by the payer's bank through webhookcobr", async () => {
    // Weekly, so the next period's instruction (sent 3 days before its due date) falls inside the
    // 2-to-10-day window the simulator checks against its own clock.
    const sub = await pixAutomaticoSubscription(live, {}, { billingInterval: "WEEK" });
    expect(sub.pixAutomatico).toMatchObject({ journey: "JORNADA_3", periodicity: "SEMANAL" });
    const idRec = sub.pixAutomatico.recurrenceId;
    await sim.control.automatico.approveRec(idRec);
    const active = await get(sub.id);
    expect(active).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });

    ctx.platform.clock.set(new Date(active.nextBillingAt));
    await billDueSubscriptions(ctx.platform);
    const invoices = await invoicesOf(live, sub.id);
    expect(invoices).toHaveLength(2);
    const txid = invoices[1].id.replace(/-/g, "");
    const put = sim.control.received().find((r) => r.method === "PUT" && r.path === `/cobr/${txid}`);
    expect(put).toMatchObject({ status: 201, body: { idRec, valor: { original: "49.90" } } });

    const { callback } = await sim.control.automatico.settleCobr(txid, "paid");
    expect(callback).toMatchObject({ url: `${callbackUrl}/cobr`, status: 200 });
    await vi.waitFor(async () => expect((await invoicesOf(live, sub.id))[1]).toMatchObject({ status: "PAID" }), { timeout: 5_000, interval: 50 });
    expect(await get(sub.id)).toMatchObject({ status: "ACTIVE", currentPeriodStart: invoices[1].periodStart });
    // Every request the gateway sent (cob, locrec, rec, cobr) passed the BCB document's checks.
    expect(sim.control.bugs()).toEqual([]);
    expect(sim.control.received().filter((r) => r.status >= 400)).toEqual([]);
  });

  it("journey 2 (a trial): locrec and rec without a cob, an authorization-only BR Code; approved: TRIALING", async () => {
    const sub = await pixAutomaticoSubscription(live, { trialDays: 7 });
    expect(sub.pixAutomatico).toMatchObject({ journey: "JORNADA_2", status: "CREATED", firstTransactionId: null });
    const rec = sim.control.received().find((r) => r.method === "POST" && r.path === "/rec")!;
    expect(rec.status).toBe(201);
    expect((rec.body as { ativacao?: unknown }).ativacao).toBeUndefined();
    expect(sub.pixAutomatico.brCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);
    await sim.control.automatico.approveRec(sub.pixAutomatico.recurrenceId);
    expect(await get(sub.id)).toMatchObject({ status: "TRIALING", pixAutomatico: { status: "APPROVED" } });
    expect(sim.control.bugs()).toEqual([]);
  });

  it("journey 1 (the payer's account): POST /solicrec; ACTIVE once approved and its own first charge paid", async () => {
    const sub = await pixAutomaticoSubscription(live, { payerAccount: PAYER_ACCOUNT });
    expect(sub.pixAutomatico).toMatchObject({ journey: "JORNADA_1", status: "CREATED", brCode: null });
    const push = sim.control.received().find((r) => r.method === "POST" && r.path === "/solicrec")!;
    expect(push).toMatchObject({ status: 201, body: { idRec: sub.pixAutomatico.recurrenceId, destinatario: { cpf: PAYER_ACCOUNT.document, ispbParticipante: PAYER_ACCOUNT.ispb, agencia: PAYER_ACCOUNT.branch, conta: PAYER_ACCOUNT.number } } });
    await sim.control.automatico.approveRec(sub.pixAutomatico.recurrenceId);
    expect(await get(sub.id)).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { status: "APPROVED" } });
    await sim.control.pay(sub.pixAutomatico.firstTransactionId.replace(/-/g, ""));
    expect(await get(sub.id)).toMatchObject({ status: "ACTIVE" });
    expect(sim.control.bugs()).toEqual([]);
  });

  it("a rejection through webhookrec ends it INCOMPLETE_EXPIRED, its charge cancelled; an expiry too", async () => {
    const rejected = await pixAutomaticoSubscription(live);
    await sim.control.automatico.rejectRec(rejected.pixAutomatico.recurrenceId);
    expect(await get(rejected.id)).toMatchObject({ status: "INCOMPLETE_EXPIRED", pixAutomatico: { status: "REJECTED", ending: { code: "AP13" } } });
    expect((await invoicesOf(live, rejected.id))[0].status).toBe("VOID");
    const expired = await pixAutomaticoSubscription(live);
    await sim.control.automatico.expireRec(expired.pixAutomatico.recurrenceId);
    expect(await get(expired.id)).toMatchObject({ status: "INCOMPLETE_EXPIRED", pixAutomatico: { status: "EXPIRED" } });
  });

  it("the payer's cancellation through webhookrec cancels it at the period's end", async () => {
    const sub = await pixAutomaticoSubscription(live);
    await sim.control.automatico.approveRec(sub.pixAutomatico.recurrenceId);
    await sim.control.automatico.cancelRec(sub.pixAutomatico.recurrenceId);
    expect(await get(sub.id)).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, pixAutomatico: { status: "CANCELLED", ending: { by: "PAYER", code: "SLDB" } } });
  });

  it("the seller's cancel cancels the recurrence at the PSP (PATCH /rec CANCELADA)", async () => {
    const sub = await pixAutomaticoSubscription(live);
    await expectJson(live.send, "POST", `/v1/subscriptions/${sub.id}/cancel`, {}, 200);
    const patch = sim.control.received().find((r) => r.method === "PATCH" && r.path === `/rec/${sub.pixAutomatico.recurrenceId}`);
    expect(patch).toMatchObject({ status: 200, body: { status: "CANCELADA" } });
    expect(await get(sub.id)).toMatchObject({ status: "CANCELLED", pixAutomatico: { status: "CANCELLED", ending: { by: "RECEIVER" } } });
  });

  it("a forged callback moves nothing (read back from the PSP); a wrong secret is a 404; a malformed body a 400", async () => {
    const sub = await pixAutomaticoSubscription(live);
    const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const forged = { recs: [{ idRec: sub.pixAutomatico.recurrenceId, status: "APROVADA", atualizacao: [] }] };
    expect((await post(`${callbackUrl}/rec`, forged)).status).toBe(200);
    expect((await get(sub.id)).pixAutomatico.status).toBe("CREATED");
    expect((await post(`${callbackUrl.replace(/[^/]+$/, "wrong")}/rec`, forged)).status).toBe(404);
    expect((await post(`${callbackUrl}/rec`, { recs: [{ idRec: sub.pixAutomatico.recurrenceId, status: "ATIVA" }] })).status).toBe(400);
  });

  it("a lost webhookrec: reconciliation reads the recurrence back once it has waited", async () => {
    const sub = await pixAutomaticoSubscription(live);
    await automatico404(); // no webhookrec registered: the callback is never sent
    await sim.control.automatico.rejectRec(sub.pixAutomatico.recurrenceId);
    expect((await get(sub.id)).status).toBe("INCOMPLETE");
    expect(await reconcileRecurrences(ctx.platform)).toBe(0); // too recent to read back
    ctx.platform.clock.set(new Date(Date.now() + 11 * 60_000));
    expect(await reconcileRecurrences(ctx.platform)).toBe(1);
    expect(await get(sub.id)).toMatchObject({ status: "INCOMPLETE_EXPIRED", pixAutomatico: { status: "REJECTED" } });
  });
});

/** Points the PSP's webhookrec somewhere that is not the app, so its callbacks are lost. */
async function automatico404() {
  const automatico = createBcbPixAutomatico({ baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport() });
  await automatico.registerWebhooks({ recurrences: "http://127.0.0.1:9/lost", charges: "http://127.0.0.1:9/lost" });
}

describe("reconciliation's turns", () => {
  it("reads back the least recently read first, so waiting recurrences take turns", async () => {
    const first = await pixAutomaticoSubscription(live);
    const second = await pixAutomaticoSubscription(live);
    ctx.platform.clock.set(new Date(Date.now() + 11 * 60_000));
    const readBacks = () => sim.control.received().filter((r) => r.method === "GET" && r.path.startsWith("/rec/")).map((r) => r.path.split("?")[0]);
    const before = readBacks().length;
    expect(await reconcileRecurrences(ctx.platform)).toBe(0);
    expect(readBacks().slice(before).sort()).toEqual([`/rec/${first.pixAutomatico.recurrenceId}`, `/rec/${second.pixAutomatico.recurrenceId}`].sort());
    const [a, b] = await ctx.platform.db.select({ at: pixRecurrences.reconciledAt }).from(pixRecurrences);
    expect(a!.at).toBeTruthy();
    expect(b!.at).toBeTruthy();
  });
});
