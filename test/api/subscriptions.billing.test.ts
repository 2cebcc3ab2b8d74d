/**
 * Billing, as a seller relies on it: every period invoiced once, on the calendar's day, charged
 * the right way (a merchant-initiated card sale, or a PIX charge with a due date), and what an
 * unpaid invoice leads to (PAST_DUE, retries, CANCELLED). Proven on test clocks, so months pass
 * in a test without waiting, and against racing billers.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoices, subscriptions, transactions } from "../../worker/db/schema";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import type { CardAcquirer } from "../../worker/lib/acquirer";
import { createTestContext } from "../support/platform";
import { advance, expectJson, invoicesOf, plan, subscribe, subscriber, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const get = (path: string) => expectJson(ctx.send, "GET", path, undefined, 200);
const eventsOf = async (type: string) => (await get(`/v1/events?type=${type}&limit=100`)).items as Array<{ data: { details?: { id: string; status: string }; transaction?: { id: string } } }>;

/** A card subscription on a new clock frozen at `start`. */
async function cardSubscription(start: string, planOverrides: Record<string, unknown> = {}, extra: Record<string, unknown> = {}, card = "4111111111111111") {
  const { buyerId, cardToken } = await subscriber(ctx, card);
  const p = await plan(ctx, planOverrides);
  const clock = await testClock(ctx, start);
  const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken, testClockId: clock.id, ...extra });
  return { sub, clock, plan: p, buyerId };
}

describe("the calendar on a test clock", () => {
  it("a year of monthly card billing from Jan 31: periods start 31, 28, 31, 30, … each paid once by a merchant-initiated charge", async () => {
    const { sub, clock } = await cardSubscription("2027-01-31T10:00:00Z");
    expect(sub).toMatchObject({ status: "ACTIVE", currentPeriodStart: "2027-01-31T10:00:00.000Z", currentPeriodEnd: "2027-02-28T10:00:00.000Z", nextBillingAt: "2027-02-28T10:00:00.000Z" });
    await advance(ctx, clock.id, "2028-01-31T10:00:00Z");
    const all = await invoicesOf(ctx, sub.id);
    expect(all.map((i: { periodStart: string }) => i.periodStart.slice(0, 10))).toEqual([
      "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30", "2027-07-31",
      "2027-08-31", "2027-09-30", "2027-10-31", "2027-11-30", "2027-12-31", "2028-01-31",
    ]);
    expect(all.every((i: { status: string; attemptCount: number; periodStart: string; paidAt: string }) => i.status === "PAID" && i.attemptCount === 1 && i.paidAt === i.periodStart)).toBe(true);
    for (const i of all.slice(0, 3)) {
      const charge = await get(`/v1/transactions/${i.transactionId}`);
      expect(charge).toMatchObject({ status: "PAID", paymentMethod: "CREDIT_CARD", amount: 4990, initiatedBy: "MERCHANT", subscriptionId: sub.id, invoiceId: i.id, createdAt: i.periodStart, installments: 1 });
      expect(charge.feeAmount).toBeGreaterThan(0);
    }
    // One charge per period, no more: the rows themselves.
    const charges = await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, sub.id));
    expect(charges).toHaveLength(13);
    expect((await eventsOf("SUBSCRIPTION_RENEWED")).filter((e) => e.data.details?.id === sub.id)).toHaveLength(13);
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE", currentPeriodStart: "2028-01-31T10:00:00.000Z", nextBillingAt: "2028-02-29T10:00:00.000Z" });
  });

  it("a leap year's February: Jan 31 → Feb 29 → Mar 31", async () => {
    const { sub, clock } = await cardSubscription("2028-01-31T00:30:00Z");
    await advance(ctx, clock.id, "2028-03-31T00:30:00Z");
    expect((await invoicesOf(ctx, sub.id)).map((i: { periodStart: string }) => i.periodStart)).toEqual(["2028-01-31T00:30:00.000Z", "2028-02-29T00:30:00.000Z", "2028-03-31T00:30:00.000Z"]);
  });

  it("weekly: every 7 days at the same time", async () => {
    const { sub, clock } = await cardSubscription("2027-03-01T09:15:00Z", { billingInterval: "WEEKLY" });
    await advance(ctx, clock.id, "2027-03-29T09:15:00Z");
    expect((await invoicesOf(ctx, sub.id)).map((i: { periodStart: string }) => i.periodStart.slice(0, 10))).toEqual(["2027-03-01", "2027-03-08", "2027-03-15", "2027-03-22", "2027-03-29"]);
  });

  it("yearly from Feb 29: Feb 28 in common years", async () => {
    const { sub, clock } = await cardSubscription("2028-02-29T12:00:00Z", { billingInterval: "YEARLY" });
    await advance(ctx, clock.id, "2030-03-01T00:00:00Z");
    expect((await invoicesOf(ctx, sub.id)).map((i: { periodStart: string }) => i.periodStart.slice(0, 10))).toEqual(["2028-02-29", "2029-02-28", "2030-02-28"]);
  });
});

describe("exactly once", () => {
  it("three concurrent advances of one clock bill each period once", async () => {
    const { sub, clock } = await cardSubscription("2027-01-31T10:00:00Z");
    const pix = await subscriber(ctx);
    const p = await plan(ctx);
    const pixSub = await subscribe(ctx, { planId: p.id, buyerId: pix.buyerId, paymentMethod: "PIX", testClockId: clock.id });
    // An advance that another has overtaken (the clock already at or past its time) is a 422: a
    // clock only moves forward. Whichever win, every period is billed once.
    const statuses = await Promise.all(
      ["2027-07-01T00:00:00Z", "2027-07-01T00:00:00Z", "2027-06-15T00:00:00Z"].map(async (frozenTime) => (await ctx.post(`/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime })).status),
    );
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    // Whichever advance ended last, the clock ends READY at the furthest time.
    expect(await get(`/v1/sandbox/test-clocks/${clock.id}`)).toMatchObject({ frozenTime: "2027-07-01T00:00:00.000Z", status: "READY" });
    const rows = await ctx.platform.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
    expect(rows.map((r) => r.periodStart.slice(0, 10)).sort()).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30"]);
    const charges = await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, sub.id));
    expect(charges).toHaveLength(6);
    expect(charges.every((c) => c.status === "PAID")).toBe(true);
    // The PIX subscription: one invoice per period too (never paid: cancelled after its first grace).
    const pixRows = await ctx.platform.db.select().from(invoices).where(eq(invoices.subscriptionId, pixSub.id));
    expect(new Set(pixRows.map((r) => r.periodStart)).size).toBe(pixRows.length);
    // A lost race is not an error.
    expect(ctx.platform.logs.filter((l) => l.level === "error")).toEqual([]);
  });

  it("two overlapping sweeps bill each due real-time subscription once", async () => {
    const subs = [];
    for (let n = 0; n < 6; n++) {
      const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
      const p = await plan(ctx, { billingInterval: "DAY" });
      const pix = await subscriber(ctx);
      subs.push(await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken }));
      subs.push(await subscribe(ctx, { planId: p.id, buyerId: pix.buyerId, paymentMethod: "PIX" }));
    }
    ctx.platform.clock.advance(24 * 3600);
    const [a, b] = await Promise.all([ctx.platform.runScheduled(), ctx.platform.runScheduled()]);
    expect(a.sweeps["subscriptions.bill"]! + b.sweeps["subscriptions.bill"]!).toBeGreaterThanOrEqual(6);
    for (const sub of subs) {
      const rows = await ctx.platform.db.select().from(invoices).where(eq(invoices.subscriptionId, sub.id));
      const charges = await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, sub.id));
      // Card: period 0 at creation, period 1 now. PIX: INCOMPLETE (unpaid) subscriptions are not renewed.
      expect(rows, sub.paymentMethod).toHaveLength(sub.paymentMethod === "PIX" ? 1 : 2);
      expect(charges).toHaveLength(rows.length);
    }
    expect(ctx.platform.logs.filter((l) => l.level === "error")).toEqual([]);
  });
});

describe("trials, declines, retries and a replaced card", () => {
  it("a trial bills nothing until it ends; its end is the anchor and the first charge", async () => {
    const { sub, clock } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 14 });
    expect(sub).toMatchObject({ status: "TRIALING", trialEndAt: "2027-05-24T08:00:00.000Z", nextBillingAt: "2027-05-24T08:00:00.000Z", latestInvoiceId: null });
    expect(await invoicesOf(ctx, sub.id)).toEqual([]);
    await advance(ctx, clock.id, "2027-05-24T07:59:00Z");
    expect(await invoicesOf(ctx, sub.id)).toEqual([]);
    await advance(ctx, clock.id, "2027-05-24T08:00:00Z");
    const [first] = await invoicesOf(ctx, sub.id);
    expect(first).toMatchObject({ status: "PAID", periodStart: "2027-05-24T08:00:00.000Z", periodEnd: "2027-06-24T08:00:00.000Z" });
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE", nextBillingAt: "2027-06-24T08:00:00.000Z" });
  });

  it("declined renewals: PAST_DUE, retried 1, 3 and 7 days after the due date, then UNCOLLECTIBLE and CANCELLED", async () => {
    const { sub, clock } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 7 }, "4000000000000341");
    await advance(ctx, clock.id, "2027-05-17T08:00:00Z");
    let [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "OPEN", attemptCount: 1, nextAttemptAt: "2027-05-18T08:00:00.000Z" });
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "PAST_DUE" });
    expect((await get(`/v1/transactions/${invoice.transactionId}`))).toMatchObject({ status: "FAILED", failureCode: "card_declined", initiatedBy: "MERCHANT" });
    await advance(ctx, clock.id, "2027-05-20T08:00:00Z");
    [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "OPEN", attemptCount: 3, nextAttemptAt: "2027-05-24T08:00:00.000Z" });
    await advance(ctx, clock.id, "2027-05-24T08:00:00Z");
    [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "UNCOLLECTIBLE", attemptCount: 4, nextAttemptAt: null });
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "CANCELLED", cancelledAt: "2027-05-24T08:00:00.000Z", nextBillingAt: null });
    const charges = await ctx.platform.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id));
    expect(charges.map((c) => [c.status, c.createdAt]).sort()).toEqual([
      ["FAILED", "2027-05-17T08:00:00.000Z"], ["FAILED", "2027-05-18T08:00:00.000Z"], ["FAILED", "2027-05-20T08:00:00.000Z"], ["FAILED", "2027-05-24T08:00:00.000Z"],
    ]);
    expect((await eventsOf("SUBSCRIPTION_PAST_DUE")).filter((e) => e.data.details?.id === sub.id)).toHaveLength(1);
    expect((await eventsOf("SUBSCRIPTION_CANCELLED")).filter((e) => e.data.details?.id === sub.id)).toHaveLength(1);
    // Nothing more is ever billed.
    await advance(ctx, clock.id, "2027-08-01T00:00:00Z");
    expect(await invoicesOf(ctx, sub.id)).toHaveLength(1);
  });

  it("a seller's own retry schedule is followed", async () => {
    await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { cardRetryDays: [2, 5] }, 200);
    const { sub, clock } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 1 }, "4000000000000341");
    await advance(ctx, clock.id, "2027-05-11T08:00:00Z");
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({ nextAttemptAt: "2027-05-13T08:00:00.000Z" });
    await advance(ctx, clock.id, "2027-05-16T08:00:00Z");
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({ status: "UNCOLLECTIBLE", attemptCount: 3 });
  });

  it("a hard decline (a lost card) is not sent again: later attempts on that card decline without reaching the acquirer", async () => {
    // The sandbox's acquirers, counting the merchant-initiated sales that reach them.
    const sent: string[] = [];
    const counting = SANDBOX_CARD_ACQUIRERS.map((a): CardAcquirer => ({
      name: a.name,
      concludeRefund: (r) => a.concludeRefund(r),
      authorize: async (sale) => (sale.initiatedBy === "MERCHANT" && sent.push(sale.transactionId), a.authorize(sale)),
    }));
    ctx = await createTestContext({ acquirers: { cards: { test: counting, live: [] } } });
    const { sub, clock } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 7 }, "4000000000009987");
    {
      await advance(ctx, clock.id, "2027-05-17T08:00:00Z");
      expect(sent).toHaveLength(1);
      const [first] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, sent[0]!));
      expect(first).toMatchObject({ status: "FAILED", failureCode: "card_blocked", declineHard: true });
      // The default schedule retries 3, 5 and 7 days later: each attempt is written, none sent.
      await advance(ctx, clock.id, "2027-05-25T08:00:00Z");
      const [invoice] = await invoicesOf(ctx, sub.id);
      expect(invoice).toMatchObject({ status: "UNCOLLECTIBLE" });
      expect(invoice.attemptCount).toBeGreaterThan(1);
      expect(sent).toHaveLength(1);
      const charges = await ctx.platform.db.select().from(transactions).where(eq(transactions.subscriptionId, sub.id));
      expect(charges).toHaveLength(invoice.attemptCount);
      expect(charges.every((c) => c.status === "FAILED" && c.failureCode === "card_blocked" && c.declineHard === true)).toBe(true);
    }
  });

  it("a card replaced while PAST_DUE pays the next retry: ACTIVE again", async () => {
    const { sub, clock, buyerId } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 7 }, "4000000000000341");
    await advance(ctx, clock.id, "2027-05-17T08:00:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "PAST_DUE" });
    const fresh = await subscriber(ctx, "5555555555554444");
    // The new card must be this buyer's: pay once with it as this buyer.
    const own = (await import("../support/cards")).payWithThreeDs;
    const sale = await own(ctx, "5555555555554444", { buyerId, amount: 100 });
    expect(fresh.cardToken).not.toBe(sale.cardToken);
    expect(await expectJson(ctx.send, "PATCH", `/v1/subscriptions/${sub.id}`, { cardToken: sale.cardToken }, 200)).toMatchObject({ cardToken: sale.cardToken, status: "PAST_DUE" });
    await advance(ctx, clock.id, "2027-05-18T08:00:00Z");
    const [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "PAID", attemptCount: 2, paidAt: "2027-05-18T08:00:00.000Z" });
    expect(await get(`/v1/transactions/${invoice.transactionId}`)).toMatchObject({ status: "PAID", card: { last4digits: "4444" } });
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE" });
  });
});

describe("PIX invoices", () => {
  it("the first is paid through the sandbox; renewals are issued 3 days before the due date; unpaid: PAST_DUE at the due date, CANCELLED after the grace", async () => {
    const { buyerId } = await subscriber(ctx);
    const p = await plan(ctx);
    const clock = await testClock(ctx, "2027-01-31T10:00:00Z");
    const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "PIX", testClockId: clock.id });
    expect(sub).toMatchObject({ status: "INCOMPLETE", nextBillingAt: "2027-02-25T10:00:00.000Z" });
    const [first] = await invoicesOf(ctx, sub.id);
    const charge = await get(`/v1/transactions/${first.transactionId}`);
    expect(charge).toMatchObject({ status: "PENDING", paymentMethod: "PIX", amount: 4990, subscriptionId: sub.id, invoiceId: first.id, initiatedBy: "MERCHANT" });
    expect(charge.paymentDetails.qrCode).toMatch(/^000201/);
    // Payable through the end of the due date in Brasília plus 5 days.
    expect(charge.paymentDetails.expiresAt).toBe("2027-02-06T02:59:59.999Z");
    await expectJson(ctx.send, "POST", `/v1/sandbox/transactions/${charge.id}/pay`, undefined, 200);
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE" });
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({ status: "PAID", paidAt: "2027-01-31T10:00:00.000Z", nextAttemptAt: null });

    await advance(ctx, clock.id, "2027-02-25T10:00:00Z");
    const second = (await invoicesOf(ctx, sub.id))[1];
    expect(second).toMatchObject({ status: "OPEN", periodStart: "2027-02-28T10:00:00.000Z", dueAt: "2027-02-28T10:00:00.000Z", createdAt: "2027-02-25T10:00:00.000Z" });
    const row = (await ctx.platform.db.select().from(transactions).where(eq(transactions.id, second.transactionId)))[0]!;
    expect(row).toMatchObject({ pixDueDate: "2027-02-28", pixDaysAfterDue: 5, status: "PENDING" });
    await advance(ctx, clock.id, "2027-02-28T10:00:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "PAST_DUE" });
    await advance(ctx, clock.id, "2027-03-06T02:59:59Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "PAST_DUE" });
    await advance(ctx, clock.id, "2027-03-06T03:00:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "CANCELLED", nextBillingAt: null });
    expect((await invoicesOf(ctx, sub.id))[1]).toMatchObject({ status: "UNCOLLECTIBLE" });
    expect(await get(`/v1/transactions/${second.transactionId}`)).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
  });

  it("a PAST_DUE PIX invoice paid within its grace makes the subscription ACTIVE again", async () => {
    const { buyerId } = await subscriber(ctx);
    const p = await plan(ctx, { paymentMethods: ["PIX"] });
    const clock = await testClock(ctx, "2027-01-31T10:00:00Z");
    const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "PIX", testClockId: clock.id });
    await expectJson(ctx.send, "POST", `/v1/sandbox/transactions/${(await invoicesOf(ctx, sub.id))[0].transactionId}/pay`, undefined, 200);
    await advance(ctx, clock.id, "2027-03-01T10:00:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "PAST_DUE" });
    await expectJson(ctx.send, "POST", `/v1/sandbox/transactions/${(await invoicesOf(ctx, sub.id))[1].transactionId}/pay`, undefined, 200);
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE" });
    expect((await invoicesOf(ctx, sub.id))[1]).toMatchObject({ status: "PAID", paidAt: "2027-03-01T10:00:00.000Z" });
  });
});

describe("cancelling", () => {
  it("now: CANCELLED with cancelledAt, the open PIX invoice VOID and its charge cancelled, one event", async () => {
    const { buyerId } = await subscriber(ctx);
    const p = await plan(ctx);
    const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "PIX" });
    const cancelled = await expectJson(ctx.send, "POST", `/v1/subscriptions/${sub.id}/cancel`, {}, 200);
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancelledAt: "2026-01-15T12:00:00.000Z", nextBillingAt: null });
    const [invoice] = await invoicesOf(ctx, sub.id);
    expect(invoice).toMatchObject({ status: "VOID" });
    expect(await get(`/v1/transactions/${invoice.transactionId}`)).toMatchObject({ status: "CANCELLED", cancellationReason: "REQUESTED" });
    const events = (await eventsOf("SUBSCRIPTION_CANCELLED")).filter((e) => e.data.details?.id === sub.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.details).toMatchObject({ status: "CANCELLED" });
    // The sweep never bills it again.
    ctx.platform.clock.advance(90 * 24 * 3600);
    await ctx.platform.runScheduled();
    expect(await invoicesOf(ctx, sub.id)).toHaveLength(1);
  });

  it("at the period's end: stays ACTIVE with cancelAtPeriodEnd, then CANCELLED when it ends, with no further invoice", async () => {
    const { sub, clock } = await cardSubscription("2027-01-31T10:00:00Z");
    const scheduled = await expectJson(ctx.send, "POST", `/v1/subscriptions/${sub.id}/cancel`, { atPeriodEnd: true }, 200);
    expect(scheduled).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, cancelledAt: null, nextBillingAt: "2027-02-28T10:00:00.000Z" });
    await advance(ctx, clock.id, "2027-02-28T09:59:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "ACTIVE" });
    await advance(ctx, clock.id, "2027-06-01T00:00:00Z");
    expect(await get(`/v1/subscriptions/${sub.id}`)).toMatchObject({ status: "CANCELLED", cancelledAt: "2027-02-28T10:00:00.000Z", nextBillingAt: null });
    expect(await invoicesOf(ctx, sub.id)).toHaveLength(1);
    const row = (await ctx.platform.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!;
    expect(row.periodsBilled).toBe(1);
  });

  it("now, while a card attempt is in flight: the invoice is left to the attempt, and never charged again afterwards", async () => {
    const { sub, clock } = await cardSubscription("2027-05-10T08:00:00Z", {}, { trialDays: 7 }, "4000000000000341");
    await advance(ctx, clock.id, "2027-05-17T08:00:00Z");
    const [invoice] = await invoicesOf(ctx, sub.id);
    // A biller holds the next attempt (claimed for two minutes of real time).
    const held = new Date(ctx.platform.now().getTime() + 120_000).toISOString();
    await ctx.platform.db.update(invoices).set({ claimedUntil: held }).where(eq(invoices.id, invoice.id));
    await expectJson(ctx.send, "POST", `/v1/subscriptions/${sub.id}/cancel`, {}, 200);
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({ status: "OPEN" });
    // The attempt ended without a record (declined or died): its claim lapses; collection voids the invoice, charging nothing.
    ctx.platform.clock.advance(121);
    const before = await ctx.platform.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id));
    await advance(ctx, clock.id, "2027-05-30T08:00:00Z");
    expect((await invoicesOf(ctx, sub.id))[0]).toMatchObject({ status: "VOID" });
    expect(await ctx.platform.db.select().from(transactions).where(eq(transactions.invoiceId, invoice.id))).toHaveLength(before.length);
  });
});
