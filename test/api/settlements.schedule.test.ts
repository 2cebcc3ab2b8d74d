/**
 * The settlement schedule on a controlled clock (docs/settlements.md): PIX D+1, DEBIT_CARD D+2,
 * CREDIT_CARD D+30 from the payment's UTC date, paid by the minute sweep `settlements.pay` with
 * SETTLEMENT_PAID and its webhook delivery; refunds and chargebacks reduce what is settled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { cardSale, deductionsOf, eventsOf, recordJobs, settlementOf, settlementRows, sweepAt, webhookFor } from "../support/settlements";
import { concludeRefunds, paidCharge, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-03-10T23:30:00Z");
});

describe("the schedule", () => {
  it("a PIX paid on day X is not settled on X, and is settled on X+1 with gross, fee and net", async () => {
    const hook = await webhookFor(ctx, ctx.seller.sellerId, ["SETTLEMENT_PAID"]);
    const tx = await paidCharge(ctx, 1000);
    expect(tx.paidAt).toBe("2026-03-10T23:30:00.000Z");

    expect(await sweepAt(ctx, "2026-03-10T23:59:59Z")).toBe(0);
    expect(await settlementOf(ctx, tx.id)).toBeNull();

    const jobs = recordJobs(ctx);
    expect(await sweepAt(ctx, "2026-03-11T00:00:30Z")).toBe(1);
    const [row] = await settlementRows(ctx);
    expect(row).toMatchObject({
      sellerId: ctx.seller.sellerId, livemode: false, status: "PAID", currency: "BRL", dueDate: "2026-03-11",
      transactionCount: 1, grossAmount: 1000, feeAmount: 10, refundedAmount: 0, chargebackAmount: 0, netAmount: 990,
      paidAt: "2026-03-11T00:00:30.000Z",
    });
    expect(await settlementOf(ctx, tx.id)).toBe(row!.id);

    const body = await (await ctx.get(`/v1/settlements/${row!.id}`)).json();
    const [paid] = await eventsOf(ctx, "SETTLEMENT_PAID");
    expect(paid!.event).toMatchObject({ sellerId: ctx.seller.sellerId, livemode: false, occurredAt: "2026-03-11T00:00:30.000Z" });
    // The event's details, rendered by the database, are exactly what GET shows.
    expect(paid!.event.data).toEqual({ details: body });
    expect(paid!.deliveries).toEqual([expect.objectContaining({ webhookId: hook, status: "PENDING", eventType: "SETTLEMENT_PAID" })]);
    expect(jobs).toContainEqual({ type: "webhook.deliver", deliveryId: paid!.deliveries[0]!.id, webhookId: expect.any(String) });

    // Nothing is settled twice: the next minutes find nothing.
    expect(await sweepAt(ctx, "2026-03-11T00:01:30Z")).toBe(0);
    expect(await sweepAt(ctx, "2026-03-12T09:00:00Z")).toBe(0);
    expect(await settlementRows(ctx)).toHaveLength(1);
  });

  it("cards wait: DEBIT_CARD is settled on D+2, CREDIT_CARD (whole amount, any installments) on D+30", async () => {
    const credit = await cardSale(ctx, 10000); // fee 3.99 % + 39 = 438
    const debit = await cardSale(ctx, 5000, "DEBIT_CARD"); // fee 1.99 % = 99.5 → 100 (half up)
    expect(await sweepAt(ctx, "2026-03-11T12:00:00Z")).toBe(0);
    expect(await sweepAt(ctx, "2026-03-12T00:00:00Z")).toBe(1);
    expect(await settlementRows(ctx)).toEqual([expect.objectContaining({ dueDate: "2026-03-12", transactionCount: 1, grossAmount: 5000, feeAmount: 100, netAmount: 4900 })]);
    expect(await settlementOf(ctx, credit.id)).toBeNull();

    expect(await sweepAt(ctx, "2026-04-08T23:59:00Z")).toBe(0); // D+29
    expect(await sweepAt(ctx, "2026-04-09T00:00:00Z")).toBe(1); // D+30
    const [, second] = await settlementRows(ctx);
    expect(second).toMatchObject({ dueDate: "2026-04-09", transactionCount: 1, grossAmount: 10000, feeAmount: 438, netAmount: 9562 });
    expect(await settlementOf(ctx, credit.id)).toBe(second!.id);
    expect(await settlementOf(ctx, debit.id)).not.toBe(second!.id);
  });

  it("a day's transactions of one seller make one settlement, and a sweep that ran late catches up", async () => {
    const a = await paidCharge(ctx, 1000);
    ctx.platform.clock.set("2026-03-11T08:00:00Z");
    const b = await paidCharge(ctx, 2500);
    // No sweep ran on the 12th: on the 13th both are due, in one settlement.
    expect(await sweepAt(ctx, "2026-03-13T10:00:00Z")).toBe(1);
    const [row] = await settlementRows(ctx);
    expect(row).toMatchObject({ dueDate: "2026-03-13", transactionCount: 2, grossAmount: 3500, feeAmount: 10 + 25, netAmount: 3465 });
    expect([await settlementOf(ctx, a.id), await settlementOf(ctx, b.id)]).toEqual([row!.id, row!.id]);
  });
});

describe("refunds and chargebacks reduce what is settled", () => {
  it("a refund completed before the settlement is deducted from it", async () => {
    const tx = await paidCharge(ctx, 1000);
    expect((await refund(ctx, tx.id, 300)).status).toBe(201);
    await concludeRefunds(ctx);
    expect(await sweepAt(ctx, "2026-03-11T00:00:00Z")).toBe(1);
    expect((await settlementRows(ctx))[0]).toMatchObject({ transactionCount: 1, grossAmount: 1000, feeAmount: 10, refundedAmount: 300, netAmount: 690 });
    expect(await deductionsOf(ctx, tx.id)).toEqual({ refunds: [(await settlementRows(ctx))[0]!.id], chargebacks: [] });
  });

  it("a refund in full before settlement leaves the fee as a debit (negative net)", async () => {
    const tx = await paidCharge(ctx, 1000);
    expect((await refund(ctx, tx.id)).status).toBe(201);
    await concludeRefunds(ctx);
    expect(await sweepAt(ctx, "2026-03-11T00:00:00Z")).toBe(1);
    expect((await settlementRows(ctx))[0]).toMatchObject({ transactionCount: 1, grossAmount: 1000, feeAmount: 10, refundedAmount: 1000, netAmount: -10 });
  });

  it("a refund of a settled transaction goes into the seller's next settlement, alone if need be", async () => {
    const tx = await paidCharge(ctx, 1000);
    expect(await sweepAt(ctx, "2026-03-11T00:00:00Z")).toBe(1);
    expect((await refund(ctx, tx.id, 400)).status).toBe(201);
    await concludeRefunds(ctx);
    expect(await sweepAt(ctx, "2026-03-11T00:05:00Z")).toBe(1);
    const [first, second] = await settlementRows(ctx);
    expect(first).toMatchObject({ grossAmount: 1000, refundedAmount: 0, netAmount: 990 });
    expect(second).toMatchObject({ transactionCount: 0, grossAmount: 0, feeAmount: 0, refundedAmount: 400, netAmount: -400 });
    expect(await deductionsOf(ctx, tx.id)).toEqual({ refunds: [second!.id], chargebacks: [] });
  });

  it("a refund of a transaction not yet due waits for that transaction's settlement", async () => {
    const sale = await cardSale(ctx, 10000);
    ctx.platform.clock.set("2026-03-12T10:00:00Z");
    expect((await refund(ctx, sale.id, 1000)).status).toBe(201);
    await concludeRefunds(ctx);
    expect(await sweepAt(ctx, "2026-03-13T00:00:00Z")).toBe(0);
    expect(await deductionsOf(ctx, sale.id)).toEqual({ refunds: [null], chargebacks: [] });
    expect(await sweepAt(ctx, "2026-04-09T00:00:00Z")).toBe(1);
    expect((await settlementRows(ctx))[0]).toMatchObject({ grossAmount: 10000, feeAmount: 438, refundedAmount: 1000, netAmount: 8562 });
  });

  it("a chargeback before settlement is deducted from the transaction's settlement; one after it, from the next", async () => {
    const first = await cardSale(ctx, 10000, "DEBIT_CARD"); // fee 199
    const second = await cardSale(ctx, 3000, "DEBIT_CARD"); // fee 59.7 → 60
    expect((await ctx.post(`/v1/sandbox/transactions/${first.id}/chargeback`, { amount: 2500 })).status).toBe(201);
    expect(await sweepAt(ctx, "2026-03-12T00:00:00Z")).toBe(1);
    expect((await settlementRows(ctx))[0]).toMatchObject({ transactionCount: 2, grossAmount: 13000, feeAmount: 259, chargebackAmount: 2500, netAmount: 10241 });

    ctx.platform.clock.set("2026-03-20T10:00:00Z");
    expect((await ctx.post(`/v1/sandbox/transactions/${second.id}/chargeback`)).status).toBe(201);
    expect(await sweepAt(ctx, "2026-03-20T10:01:00Z")).toBe(1);
    const [, next] = await settlementRows(ctx);
    expect(next).toMatchObject({ dueDate: "2026-03-20", transactionCount: 0, chargebackAmount: 3000, netAmount: -3000 });
    expect(await deductionsOf(ctx, second.id)).toEqual({ refunds: [], chargebacks: [next!.id] });
  });
});
