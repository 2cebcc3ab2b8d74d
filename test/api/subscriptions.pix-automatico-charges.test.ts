/**
 * PIX Automático billing in the sandbox, on test clocks (issue 32, item 3 and item 4's charge
 * outcome; docs/subscriptions.md, "Charging each period"): each period's invoice
 * and its charge instruction are issued the seller's lead days before the due date, with
 * ajusteDiaUtil on a weekend or bank holiday, and the sandbox's payer's bank pays it on its
 * settlement date; a failing attempt is retried under PERMITE_3R_7D; spent (or NAO_PERMITE), the
 * subscription is PAST_DUE and its dunning ends UNCOLLECTIBLE / CANCELLED. Each subscription is
 * made through the API (journey 3) and approved by the sandbox's payer.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pixChargeInstructions, transactions } from "../../worker/db/schema";
import { createTestContext, requester } from "../support/platform";
import { invalidDataPaths } from "../support/problem";
import { advance, expectJson, invoicesOf, plan, subscriber, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const get = (path: string) => expectJson(ctx.send, "GET", path, undefined, 200);
const eventsAbout = async (type: string, id: string) =>
  ((await get(`/v1/events?type=${type}&limit=100`)).items as Array<{ occurredAt: string; data: { details: { id: string; status: string } } }>).filter((e) => e.data.details.id === id);
const instructionsOf = (subscriptionId: string) => ctx.platform.db.select().from(pixChargeInstructions).where(eq(pixChargeInstructions.subscriptionId, subscriptionId)).orderBy(pixChargeInstructions.dueDate);
const nextCharge = (id: string, outcome: string) => ctx.send("POST", `/v1/sandbox/pix-automatico/${id}/next-charge`, { outcome });
const days = (from: string, to: string) => Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);

/**
 * A monthly PIX Automático subscription (R$ 49,90) on a new clock frozen at `start`, made as a
 * seller makes one (journey 3) and approved by the sandbox's payer, which pays its first period.
 */
async function automatico(start: string, retryPolicy: "PERMITE_3R_7D" | "NAO_PERMITE" = "PERMITE_3R_7D") {
  await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { pixRetryPolicy: retryPolicy }, 200);
  const { buyerId } = await subscriber(ctx);
  const p = await plan(ctx, { paymentMethods: ["PIX"] });
  const clock = await testClock(ctx, start);
  const created = await expectJson(ctx.send, "POST", "/v1/subscriptions", { planId: p.id, buyerId, paymentMethod: "PIX_AUTOMATICO", testClockId: clock.id }, 201);
  expect(created).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { journey: "JORNADA_3", status: "CREATED", retryPolicy } });
  const approved = await expectJson(ctx.send, "POST", `/v1/sandbox/pix-automatico/${created.id}/approve`, undefined, 200);
  expect(approved).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
  expect((await invoicesOf(ctx, created.id))[0]).toMatchObject({ status: "PAID" });
  return { subscriptionId: created.id as string, clock, plan: p };
}

describe("PIX Automático billing on a test clock", () => {
  it("a year: eleven charge instructions, each sent 3 days before its due date (ajusteDiaUtil on weekends), each paid once", async () => {
    const { subscriptionId, clock } = await automatico("2027-01-10T12:00:00Z");
    await advance(ctx, clock.id, "2028-01-06T12:00:00Z");
    const all = await invoicesOf(ctx, subscriptionId);
    expect(all).toHaveLength(12);
    const instructions = await instructionsOf(subscriptionId);
    expect(instructions).toHaveLength(11);
    for (const [k, instruction] of instructions.entries()) {
      const invoice = all[k + 1]!;
      expect(instruction).toMatchObject({ invoiceId: invoice.id, status: "PAID", attempts: 1, retries: 0, amount: 4990, dueDate: invoice.periodStart.slice(0, 10) });
      expect(instruction.txid).toMatch(/^[a-f0-9]{32}$/);
      // Sent (issued) the default 3 days before the due date: inside the BCB's 2 to 10.
      expect(days(instruction.createdAt, instruction.dueDate)).toBe(3);
      expect(instruction.endToEndId).toMatch(/^E99999999\d{12}[A-Za-z0-9]{11}$/);
      // The payer's bank pays on the settlement date: the next business day when the due date is not one.
      const weekday = new Date(`${instruction.dueDate}T00:00:00Z`).getUTCDay();
      expect(instruction.adjustToBusinessDay).toBe(weekday === 0 || weekday === 6);
      expect(invoice).toMatchObject({ status: "PAID", paidAt: `${instruction.settlementDate}T12:00:00.000Z` });
      const payment = await get(`/v1/transactions/${invoice.transactionId}`);
      expect(payment).toMatchObject({ status: "PAID", paymentMethod: "PIX", amount: 4990, subscriptionId, invoiceId: invoice.id, initiatedBy: "MERCHANT" });
      expect(payment.feeAmount).toBeGreaterThan(0);
    }
    // 2027-04-10 is a Saturday: settled on Monday 04-12; 2027-10-10 a Sunday: Monday 10-11.
    expect(instructions.find((i) => i.dueDate === "2027-04-10")).toMatchObject({ adjustToBusinessDay: true, settlementDate: "2027-04-12" });
    expect(instructions.find((i) => i.dueDate === "2027-10-10")).toMatchObject({ adjustToBusinessDay: true, settlementDate: "2027-10-11" });
    // The first period's charge (journey 3's composite QR) and one payment per instruction.
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, subscriptionId))).toHaveLength(12);
    // The approval that paid the first period, then one per instruction.
    expect(await eventsAbout("SUBSCRIPTION_RENEWED", subscriptionId)).toHaveLength(12);
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "ACTIVE", currentPeriodStart: "2027-12-10T12:00:00.000Z", nextBillingAt: "2028-01-07T12:00:00.000Z" });
  });

  it("the seller's lead days (2 to 10) move when the instruction is sent", async () => {
    await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { pixChargeLeadDays: 10 }, 200);
    const { subscriptionId, clock } = await automatico("2027-03-01T12:00:00Z");
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ nextBillingAt: "2027-03-22T12:00:00.000Z" });
    await advance(ctx, clock.id, "2027-03-22T12:00:00Z");
    const [instruction] = await instructionsOf(subscriptionId);
    expect(instruction).toMatchObject({ status: "SCHEDULED", dueDate: "2027-04-01", createdAt: "2027-03-22T12:00:00.000Z" });
  });

  it("RETRIED_THEN_PAID under PERMITE_3R_7D: the first attempt fails, the retry pays; the subscription stays ACTIVE", async () => {
    const { subscriptionId, clock } = await automatico("2027-02-01T12:00:00Z");
    expect((await nextCharge(subscriptionId, "RETRIED_THEN_PAID")).status).toBe(200);
    await advance(ctx, clock.id, "2027-03-30T12:00:00Z");
    const [first, second] = await instructionsOf(subscriptionId);
    // Due Monday 2027-03-01: failed that day for funds, retried on 03-02 and paid.
    expect(first).toMatchObject({ dueDate: "2027-03-01", status: "PAID", attempts: 2, retries: 1, nextRetryDate: null, failureCode: "AM04" });
    const invoices = await invoicesOf(ctx, subscriptionId);
    expect(invoices[1]).toMatchObject({ status: "PAID", paidAt: "2027-03-02T12:00:00.000Z" });
    // The setting was for one charge: the next is paid at once.
    expect(second).toMatchObject({ status: "SCHEDULED", attempts: 0, sandboxOutcome: "PAID" });
    expect(await eventsAbout("SUBSCRIPTION_PAST_DUE", subscriptionId)).toHaveLength(0);
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "ACTIVE" });
  });

  it("INSUFFICIENT_FUNDS under PERMITE_3R_7D: 3 retries within 7 days all fail, then PAST_DUE, and the dunning ends CANCELLED", async () => {
    const { subscriptionId, clock } = await automatico("2027-02-05T12:00:00Z");
    await nextCharge(subscriptionId, "INSUFFICIENT_FUNDS");
    // Due Friday 2027-03-05: retries on Monday 03-08 (+1 is a Saturday), Tuesday 03-09 (+3 is Monday, taken) and Wednesday 03-10.
    await advance(ctx, clock.id, "2027-03-09T13:00:00Z");
    let [instruction] = await instructionsOf(subscriptionId);
    expect(instruction).toMatchObject({ status: "RETRYING", attempts: 3, retries: 3, nextRetryDate: "2027-03-10" });
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "ACTIVE" });
    await advance(ctx, clock.id, "2027-03-10T13:00:00Z");
    [instruction] = await instructionsOf(subscriptionId);
    expect(instruction).toMatchObject({ status: "FAILED", attempts: 4, retries: 3, failureCode: "AM04", nextCheckAt: "2027-03-15T12:00:00.000Z" });
    const pastDue = await eventsAbout("SUBSCRIPTION_PAST_DUE", subscriptionId);
    expect(pastDue.map((e) => e.occurredAt)).toEqual(["2027-03-10T12:00:00.000Z"]);
    expect((await invoicesOf(ctx, subscriptionId))[1]).toMatchObject({ status: "OPEN" });
    await advance(ctx, clock.id, "2027-03-16T00:00:00Z");
    expect((await invoicesOf(ctx, subscriptionId))[1]).toMatchObject({ status: "UNCOLLECTIBLE" });
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "CANCELLED", cancelledAt: "2027-03-15T12:00:00.000Z", nextBillingAt: null });
    expect(await eventsAbout("SUBSCRIPTION_CANCELLED", subscriptionId)).toHaveLength(1);
  });

  it("NAO_PERMITE: a failed attempt is not retried, straight to PAST_DUE and dunning", async () => {
    const { subscriptionId, clock } = await automatico("2027-02-01T12:00:00Z", "NAO_PERMITE");
    await nextCharge(subscriptionId, "RETRIED_THEN_PAID");
    await advance(ctx, clock.id, "2027-03-02T00:00:00Z");
    const [instruction] = await instructionsOf(subscriptionId);
    expect(instruction).toMatchObject({ status: "FAILED", attempts: 1, retries: 0, failureCode: "AM04", nextCheckAt: "2027-03-06T12:00:00.000Z" });
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "PAST_DUE" });
    await advance(ctx, clock.id, "2027-03-07T00:00:00Z");
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "CANCELLED" });
  });

  it("cancelling the subscription voids the open invoice and cancels its scheduled instruction before its date", async () => {
    const { subscriptionId, clock } = await automatico("2027-01-10T12:00:00Z");
    await advance(ctx, clock.id, "2027-02-08T12:00:00Z");
    expect((await instructionsOf(subscriptionId))[0]).toMatchObject({ status: "SCHEDULED", dueDate: "2027-02-10" });
    await expectJson(ctx.send, "POST", `/v1/subscriptions/${subscriptionId}/cancel`, {}, 200);
    // An hour later, two days before its due date: cancelled (a live one removed at the PSP, PATCH /cobr).
    await advance(ctx, clock.id, "2027-02-08T13:00:00Z");
    expect((await instructionsOf(subscriptionId))[0]).toMatchObject({ status: "CANCELLED", attempts: 0, nextCheckAt: null, updatedAt: "2027-02-08T12:00:00.000Z" });
    await advance(ctx, clock.id, "2027-02-12T12:00:00Z");
    expect((await invoicesOf(ctx, subscriptionId))[1]).toMatchObject({ status: "VOID" });
    // Only the first period's charge (journey 3's composite QR): the cancelled instruction made none.
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, subscriptionId))).toHaveLength(1);
  });

  it("exactly once per period: three advances racing over the same months write one instruction per invoice", async () => {
    const { subscriptionId, clock } = await automatico("2027-01-10T12:00:00Z");
    await Promise.allSettled([advance(ctx, clock.id, "2027-06-01T00:00:00Z"), advance(ctx, clock.id, "2027-06-01T00:00:01Z"), advance(ctx, clock.id, "2027-06-01T00:00:02Z")]);
    await advance(ctx, clock.id, "2027-06-02T00:00:00Z");
    const instructions = await instructionsOf(subscriptionId);
    expect(instructions).toHaveLength(4);
    expect(new Set(instructions.map((i) => i.invoiceId)).size).toBe(4);
    expect(instructions.every((i) => i.status === "PAID" && i.attempts === 1)).toBe(true);
    // The first period's charge and one payment per instruction.
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, subscriptionId))).toHaveLength(5);
  });
});

describe("issue 32's journey, from the QR to the payer's cancellation", () => {
  it("journey 3 approved; a year of instructions, one retried under PERMITE_3R_7D then paid, each period paid once; the payer cancels and it ends at the period's end", async () => {
    const { subscriptionId, clock } = await automatico("2027-01-10T12:00:00Z");
    await advance(ctx, clock.id, "2027-06-01T12:00:00Z");
    // The payer's bank refuses June's first attempt and pays its retry.
    await expectJson(ctx.send, "POST", `/v1/sandbox/pix-automatico/${subscriptionId}/next-charge`, { outcome: "RETRIED_THEN_PAID" }, 200);
    await advance(ctx, clock.id, "2028-01-06T12:00:00Z");
    const instructions = await instructionsOf(subscriptionId);
    expect(instructions).toHaveLength(11);
    for (const i of instructions) expect(days(i.createdAt, i.dueDate)).toBeGreaterThanOrEqual(2), expect(days(i.createdAt, i.dueDate)).toBeLessThanOrEqual(10);
    expect(instructions.every((i) => i.status === "PAID")).toBe(true);
    const retried = instructions.filter((i) => i.retries > 0);
    expect(retried).toEqual([expect.objectContaining({ dueDate: "2027-06-10", retries: 1, attempts: 2, status: "PAID" })]);
    const invoices = await invoicesOf(ctx, subscriptionId);
    expect(invoices).toHaveLength(12);
    expect(invoices.every((i: { status: string }) => i.status === "PAID")).toBe(true);
    const payments = await ctx.platform.db.select().from(transactions).where(and(eq(transactions.subscriptionId, subscriptionId), eq(transactions.status, "PAID")));
    // Each period paid once: the first by the composite QR, the others by their instruction.
    expect(payments).toHaveLength(12);
    expect(new Set(payments.map((p) => p.invoiceId)).size).toBe(12);

    const cancelled = await expectJson(ctx.send, "POST", `/v1/sandbox/pix-automatico/${subscriptionId}/cancel`, undefined, 200);
    expect(cancelled).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, pixAutomatico: { status: "CANCELLED", ending: { by: "PAYER" } } });
    expect(await eventsAbout("SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER", subscriptionId)).toHaveLength(1);
    await advance(ctx, clock.id, "2028-03-01T12:00:00Z");
    expect(await get(`/v1/subscriptions/${subscriptionId}`)).toMatchObject({ status: "CANCELLED" });
    expect(await instructionsOf(subscriptionId)).toHaveLength(11);
  });
});

describe("POST /v1/sandbox/pix-automatico/{id}/next-charge", () => {
  it("stores the outcome on the recurrence; a bad outcome is 422 naming the field; another seller's subscription or a live key is 404", async () => {
    const { subscriptionId } = await automatico("2027-01-10T12:00:00Z");
    const ok = await nextCharge(subscriptionId, "INSUFFICIENT_FUNDS");
    expect(await ok.json()).toEqual({ subscriptionId, nextChargeOutcome: "INSUFFICIENT_FUNDS" });
    expect(await invalidDataPaths(await nextCharge(subscriptionId, "MAYBE"))).toEqual(["outcome"]);
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    const theirs = requester(ctx.app, other);
    expect((await theirs.post(`/v1/sandbox/pix-automatico/${subscriptionId}/next-charge`, { outcome: "PAID" })).status).toBe(404);
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect((await live.post(`/v1/sandbox/pix-automatico/${subscriptionId}/next-charge`, { outcome: "PAID" })).status).toBe(404);
    const [row] = await ctx.platform.db.select().from(pixChargeInstructions).where(and(eq(pixChargeInstructions.subscriptionId, subscriptionId)));
    expect(row).toBeUndefined();
  });
});
