/**
 * PIX Automático subscriptions in the sandbox (issue 32, items 1, 2, 4's payer and 5), on Node:
 * journey 3 from creation (INCOMPLETE, the composite QR) to ACTIVE with invoice 0 PAID once the
 * payer approves; journey 2 (a trial) to TRIALING; journey 1 (the payer's account) and its own
 * first charge; a rejection ending it INCOMPLETE_EXPIRED with its invoice voided and charge
 * cancelled; the payer's cancellation cancelling it at the period's end; the events of each.
 * Refusals and another seller's 404 are subscriptions.pix-automatico.errors.test.ts.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, pixRecurrences } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { PAYER_ACCOUNT, payerAnswers, pixAutomaticoSubscription } from "../support/pix-automatico";
import { advance, expectJson, invoicesOf, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** The types of the events written about subscription `id`, oldest first. */
async function eventTypesOf(id: string) {
  const rows = await ctx.platform.db.select().from(events).orderBy(events.occurredAt);
  return rows.filter((e) => (e.data as { details?: { id?: string } }).details?.id === id).map((e) => e.type);
}

describe("journey 3: the composite QR pays period 0 and authorizes", () => {
  it("is INCOMPLETE with a CREATED recurrence and a composite BR Code, then ACTIVE with invoice 0 PAID once the payer approves", async () => {
    const sub = await pixAutomaticoSubscription(ctx, {}, { name: "Plano Mensal Pro com nome bem comprido de fato" });
    expect(sub).toMatchObject({ paymentMethod: "PIX_AUTOMATICO", status: "INCOMPLETE" });
    expect(sub.pixAutomatico).toMatchObject({ status: "CREATED", journey: "JORNADA_3", periodicity: "MENSAL", retryPolicy: "PERMITE_3R_7D", contract: sub.id.replace(/-/g, "") });
    expect(sub.pixAutomatico.recurrenceId).toMatch(/^RR99999999\d{8}[0-9A-Za-z]{11}$/);
    expect([...sub.pixAutomatico.object].length).toBe(35);
    // The composite BR Code: the first charge's, with the recurrence's location (field 80).
    const [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "OPEN", amount: 4990, transactionId: sub.pixAutomatico.firstTransactionId });
    const charge = await expectJson(ctx.send, "GET", `/v1/transactions/${invoice.transactionId}`, undefined, 200);
    expect(charge).toMatchObject({ status: "PENDING", paymentMethod: "PIX", paymentDetails: { qrCode: sub.pixAutomatico.brCode } });
    expect(sub.pixAutomatico.brCode).toMatch(/^000201.*80\d\d0014br\.gov\.bcb\.pix25\d\d[^ ]+\/pix\/v2\/locrec\/[0-9A-Za-z]{25}6304[0-9A-F]{4}$/);
    expect(sub.pixAutomatico.qrCodeUrl).toBe(charge.paymentDetails.qrCodeUrl);
    const qr = await ctx.app.request(new URL(sub.pixAutomatico.qrCodeUrl).pathname);
    expect(qr.status).toBe(200);

    const approved = await payerAnswers(ctx, sub.id, "approve");
    expect(approved).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED", brCode: null, qrCodeUrl: null } });
    expect(approved.pixAutomatico.approvedAt).toBeTruthy();
    const [paid] = await invoicesOf(ctx, sub.id);
    expect(paid).toMatchObject({ status: "PAID" });
    expect((await expectJson(ctx.send, "GET", `/v1/transactions/${invoice.transactionId}`, undefined, 200)).status).toBe("PAID");
    expect((await eventTypesOf(sub.id)).sort()).toEqual(["SUBSCRIPTION_AUTHORIZATION_APPROVED", "SUBSCRIPTION_CREATED", "SUBSCRIPTION_RENEWED"]);
    const [event] = await ctx.platform.db.select().from(events).where(eq(events.type, "SUBSCRIPTION_AUTHORIZATION_APPROVED"));
    expect((event!.data as { details: { pixAutomatico: { status: string } } }).details.pixAutomatico.status).toBe("APPROVED");
    const [created] = await ctx.platform.db.select().from(events).where(eq(events.type, "SUBSCRIPTION_CREATED"));
    expect((created!.data as { details: { pixAutomatico: { status: string; journey: string } } }).details.pixAutomatico).toMatchObject({ status: "CREATED", journey: "JORNADA_3" });
    // GET and the list show it too.
    expect((await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200)).pixAutomatico.status).toBe("APPROVED");
    const list = await expectJson(ctx.send, "GET", "/v1/subscriptions", undefined, 200);
    expect(list.items[0].pixAutomatico.journey).toBe("JORNADA_3");
  });

  it("paying the composite QR's charge (the sandbox's pay) approves the recurrence too", async () => {
    const sub = await pixAutomaticoSubscription(ctx);
    await expectJson(ctx.send, "POST", `/v1/sandbox/transactions/${sub.pixAutomatico.firstTransactionId}/pay`, undefined, 200);
    expect(await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200)).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
    // Approving again: the recurrence is APPROVED, the machine's 409.
    const again = await ctx.post(`/v1/sandbox/pix-automatico/${sub.id}/approve`);
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toMatch(/recurrence is APPROVED/);
  });

  it("the payer's cancellation cancels an ACTIVE subscription at its period's end, with the reason and an event", async () => {
    const sub = await pixAutomaticoSubscription(ctx);
    await payerAnswers(ctx, sub.id, "approve");
    const cancelled = await payerAnswers(ctx, sub.id, "cancel");
    expect(cancelled).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, nextBillingAt: cancelled.currentPeriodEnd });
    expect(cancelled.pixAutomatico).toMatchObject({ status: "CANCELLED", ending: { code: "SLDB", by: "PAYER" } });
    expect(cancelled.pixAutomatico.ending.description).toMatch(/cancelada pelo usuário pagador/);
    expect(await eventTypesOf(sub.id)).toContain("SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER");
    const [event] = await ctx.platform.db.select().from(events).where(eq(events.type, "SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER"));
    expect((event!.data as { details: { cancelAtPeriodEnd: boolean } }).details.cancelAtPeriodEnd).toBe(true);
  });
});

describe("the seller", () => {
  it("cancelling now cancels the recurrence too, by the receiver, with no payer's event; a PATCH is a 422", async () => {
    const sub = await pixAutomaticoSubscription(ctx);
    const patched = await ctx.patch(`/v1/subscriptions/${sub.id}`, { paymentMethod: "PIX" });
    expect(patched.status).toBe(422);
    expect((await patched.json()).errors.map((e: { path: string }) => e.path)).toEqual(["paymentMethod"]);
    await expectJson(ctx.send, "POST", `/v1/subscriptions/${sub.id}/cancel`, {}, 200);
    const after = await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200);
    expect(after).toMatchObject({ status: "CANCELLED", pixAutomatico: { status: "CANCELLED", ending: { by: "RECEIVER", code: "ACCL" } } });
    expect(await eventTypesOf(sub.id)).toEqual(["SUBSCRIPTION_CREATED", "SUBSCRIPTION_CANCELLED"]);
  });
});

describe("rejected or never answered", () => {
  it("a rejection ends it INCOMPLETE_EXPIRED: invoice 0 VOID, its charge cancelled, SUBSCRIPTION_AUTHORIZATION_REJECTED", async () => {
    const sub = await pixAutomaticoSubscription(ctx);
    const rejected = await payerAnswers(ctx, sub.id, "reject");
    expect(rejected).toMatchObject({ status: "INCOMPLETE_EXPIRED", nextBillingAt: null, pixAutomatico: { status: "REJECTED", ending: { code: "AP13", by: null } } });
    const [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice.status).toBe("VOID");
    expect((await expectJson(ctx.send, "GET", `/v1/transactions/${invoice.transactionId}`, undefined, 200)).status).toBe("CANCELLED");
    expect(await eventTypesOf(sub.id)).toEqual(["SUBSCRIPTION_CREATED", "SUBSCRIPTION_AUTHORIZATION_REJECTED"]);
    // Over for good: the payer's later answers are the machine's 409.
    for (const action of ["approve", "reject", "cancel"]) expect((await ctx.post(`/v1/sandbox/pix-automatico/${sub.id}/${action}`)).status).toBe(409);
    expect((await ctx.post(`/v1/subscriptions/${sub.id}/cancel`)).status).toBe(409);
  });
});

describe("never answered", () => {
  it("journey 3's charge unpaid through its grace (a test clock): INCOMPLETE_EXPIRED, the recurrence EXPIRED, the invoice UNCOLLECTIBLE", async () => {
    const clock = await testClock(ctx, "2027-03-01T12:00:00Z");
    const sub = await pixAutomaticoSubscription(ctx, { testClockId: clock.id });
    await advance(ctx, clock.id, "2027-03-05T12:00:00Z");
    expect((await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200)).status).toBe("INCOMPLETE");
    await advance(ctx, clock.id, "2027-03-08T12:00:00Z");
    const after = await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200);
    expect(after).toMatchObject({ status: "INCOMPLETE_EXPIRED", cancelledAt: null, nextBillingAt: null, pixAutomatico: { status: "EXPIRED" } });
    expect((await invoicesOf(ctx, sub.id))[0].status).toBe("UNCOLLECTIBLE");
    expect(await eventTypesOf(sub.id)).toEqual(["SUBSCRIPTION_CREATED", "SUBSCRIPTION_AUTHORIZATION_REJECTED"]);
  });
});

describe("journey 2: a trial, a QR that only authorizes", () => {
  it("is INCOMPLETE with nothing to pay, then TRIALING once approved", async () => {
    const sub = await pixAutomaticoSubscription(ctx, { trialDays: 14 });
    expect(sub).toMatchObject({ status: "INCOMPLETE", latestInvoiceId: null, pixAutomatico: { journey: "JORNADA_2", status: "CREATED", firstTransactionId: null, qrCodeUrl: null } });
    // No amount (field 54), no charge (field 26): the recurrence's location only.
    expect(sub.pixAutomatico.brCode).toMatch(/^000201010212/);
    expect(sub.pixAutomatico.brCode).not.toMatch(/5404|26\d\d0014/);
    expect(sub.pixAutomatico.brCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);
    const approved = await payerAnswers(ctx, sub.id, "approve");
    expect(approved).toMatchObject({ status: "TRIALING", trialEndAt: sub.trialEndAt, pixAutomatico: { status: "APPROVED" } });
    expect(await invoicesOf(ctx, sub.id)).toEqual([]);
    expect(await eventTypesOf(sub.id)).toEqual(["SUBSCRIPTION_CREATED", "SUBSCRIPTION_AUTHORIZATION_APPROVED"]);
    // A trial has no paid period to run out: the payer's cancellation ends it now.
    expect(await payerAnswers(ctx, sub.id, "cancel")).toMatchObject({ status: "CANCELLED", pixAutomatico: { status: "CANCELLED" } });
  });
});

describe("journey 1: a push to the payer's bank", () => {
  it("without a trial: period 0 has its own PIX charge; ACTIVE only once it is paid and the payer approved", async () => {
    const sub = await pixAutomaticoSubscription(ctx, { payerAccount: PAYER_ACCOUNT });
    expect(sub).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { journey: "JORNADA_1", status: "CREATED", brCode: null } });
    const [invoice] = await invoicesOf(ctx, sub.id);
    const charge = await expectJson(ctx.send, "GET", `/v1/transactions/${invoice.transactionId}`, undefined, 200);
    expect(charge.paymentDetails.qrCode).not.toMatch(/80\d\d0014br\.gov\.bcb\.pix/);
    await expectJson(ctx.send, "POST", `/v1/sandbox/transactions/${charge.id}/pay`, undefined, 200);
    // Paid but not yet authorized: still INCOMPLETE (nothing could charge its next period).
    const paid = await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200);
    expect(paid).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { status: "CREATED" } });
    expect((await invoicesOf(ctx, sub.id))[0].status).toBe("PAID");
    expect(await payerAnswers(ctx, sub.id, "approve")).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
    // Written in one batch at one time: their order in the feed is not asserted.
    expect((await eventTypesOf(sub.id)).sort()).toEqual(["SUBSCRIPTION_AUTHORIZATION_APPROVED", "SUBSCRIPTION_CREATED", "SUBSCRIPTION_RENEWED"]);
  });

  it("with a trial: TRIALING once approved; the recurrence row keeps the seller's retry policy", async () => {
    await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { pixRetryPolicy: "NAO_PERMITE" }, 200);
    const sub = await pixAutomaticoSubscription(ctx, { payerAccount: PAYER_ACCOUNT, trialDays: 7 }, { billingInterval: "YEARLY" });
    expect(sub.pixAutomatico).toMatchObject({ journey: "JORNADA_1", periodicity: "ANUAL", retryPolicy: "NAO_PERMITE" });
    const [row] = await ctx.platform.db.select().from(pixRecurrences).where(eq(pixRecurrences.subscriptionId, sub.id));
    expect(row).toMatchObject({ status: "CREATED", journey: "JORNADA_1", retryPolicy: "NAO_PERMITE", livemode: false });
    expect(await payerAnswers(ctx, sub.id, "approve")).toMatchObject({ status: "TRIALING" });
  });
});
