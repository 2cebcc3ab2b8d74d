/**
 * POST /v1/sandbox/transactions/{id}/chargeback, GET /v1/chargebacks and /{id}: a PAID card
 * transaction receives an OPEN chargeback with its CHARGEBACK_RECEIVED event and webhook
 * delivery; the transaction's status does not change; the settlement deducts the amount.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { chargebacks } from "../../worker/db/schema";
import { CHARGEBACK_REASONS } from "../../worker/schemas/settlement";
import { createTestContext } from "../support/platform";
import { cardSale, eventsOf, recordJobs, settlementRows, sweepAt, webhookFor } from "../support/settlements";
import { concludeRefunds, getTx, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-07-01T10:00:00Z");
});

describe("opening a chargeback", () => {
  it("201 OPEN for the whole amount by default, with CHARGEBACK_RECEIVED (details and transaction) and its delivery", async () => {
    const hook = await webhookFor(ctx, ctx.seller.sellerId, ["CHARGEBACK_RECEIVED"]);
    const sale = await cardSale(ctx, 10000);
    const before = await getTx(ctx, sale.id);
    ctx.platform.clock.set("2026-07-03T08:00:00Z");
    const jobs = recordJobs(ctx);

    const res = await ctx.post(`/v1/sandbox/transactions/${sale.id}/chargeback`);
    expect(res.status).toBe(201);
    const chargeback = await res.json();
    expect(chargeback).toEqual({
      id: expect.any(String), transactionId: sale.id, sellerId: ctx.seller.sellerId, status: "OPEN", amount: 10000, currency: "BRL",
      reasonCode: "fraud", reason: CHARGEBACK_REASONS.fraud, settlementId: null,
      createdAt: "2026-07-03T08:00:00.000Z", updatedAt: "2026-07-03T08:00:00.000Z", livemode: false,
    });
    const [row] = await ctx.platform.db.select().from(chargebacks).where(eq(chargebacks.id, chargeback.id));
    expect(row).toMatchObject({ transactionId: sale.id, amount: 10000, status: "OPEN", settlementId: null });

    // The transaction is untouched: the spec has no chargeback status.
    const after = await getTx(ctx, sale.id);
    expect(after).toEqual(before);
    const [received] = await eventsOf(ctx, "CHARGEBACK_RECEIVED");
    expect(received!.event).toMatchObject({ sellerId: ctx.seller.sellerId, livemode: false, occurredAt: "2026-07-03T08:00:00.000Z" });
    expect(received!.event.data).toEqual({ details: chargeback, transaction: after });
    expect(received!.deliveries).toEqual([expect.objectContaining({ webhookId: hook, status: "PENDING" })]);
    expect(jobs).toEqual([{ type: "webhook.deliver", deliveryId: received!.deliveries[0]!.id, webhookId: expect.any(String) }]);

    expect(await (await ctx.get(`/v1/chargebacks/${chargeback.id}`)).json()).toEqual(chargeback);
  });

  it("takes an amount and a reason; the default amount is what is neither refunded nor charged back", async () => {
    const sale = await cardSale(ctx, 10000, "DEBIT_CARD");
    expect((await refund(ctx, sale.id, 1500)).status).toBe(201);
    await concludeRefunds(ctx);
    const first = await ctx.post(`/v1/sandbox/transactions/${sale.id}/chargeback`, { amount: 2000, reasonCode: "product_not_received" });
    expect(await first.json()).toMatchObject({ amount: 2000, reasonCode: "product_not_received", reason: CHARGEBACK_REASONS.product_not_received });
    ctx.platform.clock.advance(60);
    const rest = await ctx.post(`/v1/sandbox/transactions/${sale.id}/chargeback`, { reasonCode: "duplicate" });
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ amount: 10000 - 1500 - 2000, reasonCode: "duplicate" });
  });
});

describe("refunds after a chargeback", () => {
  it("money is returned once: a refund may not take back what the buyer's bank already did", async () => {
    const sale = await cardSale(ctx, 10000, "DEBIT_CARD");
    expect((await ctx.post(`/v1/sandbox/transactions/${sale.id}/chargeback`, { amount: 7000 })).status).toBe(201);
    const over = await refund(ctx, sale.id, 3001);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "REFUND_EXCEEDS_AMOUNT", refundableAmount: 3000, requestedAmount: 3001 });
    // Without an amount, the refund takes what is left: 3000.
    const rest = await refund(ctx, sale.id);
    expect(rest.status).toBe(201);
    expect(await rest.json()).toMatchObject({ amount: 3000 });
  });
});

describe("GET /v1/chargebacks", () => {
  it("lists the caller's chargebacks newest first; a settled one names its settlement", async () => {
    const a = await cardSale(ctx, 3000, "DEBIT_CARD");
    const b = await cardSale(ctx, 4000);
    await ctx.post(`/v1/sandbox/transactions/${a.id}/chargeback`, { amount: 1000 });
    ctx.platform.clock.advance(1);
    await ctx.post(`/v1/sandbox/transactions/${b.id}/chargeback`, { amount: 500 });

    const page = await (await ctx.get("/v1/chargebacks")).json();
    expect(page).toMatchObject({ totalItems: 2, page: 0, size: 20, hasNext: false, nextCursor: null });
    expect(page.items.map((c: { transactionId: string }) => c.transactionId)).toEqual([b.id, a.id]);
    const firstPage = await (await ctx.get("/v1/chargebacks?size=1")).json();
    expect(firstPage).toMatchObject({ totalPages: 2, hasNext: true, items: [{ transactionId: b.id }] });

    expect(await sweepAt(ctx, "2026-07-03T00:00:00Z")).toBe(1); // the debit sale is due (D+2), the credit one is not
    const [settlement] = await settlementRows(ctx);
    expect(settlement).toMatchObject({ transactionCount: 1, grossAmount: 3000, chargebackAmount: 1000 });
    const listed = (await (await ctx.get("/v1/chargebacks")).json()).items;
    expect(listed.map((c: { settlementId: string | null }) => c.settlementId)).toEqual([null, settlement!.id]);
  });
});
