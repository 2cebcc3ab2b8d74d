/**
 * Installment surcharges: a CREDIT_CARD sale in N installments is priced at the card rate's
 * percentBps plus the plan's surcharge for N (none when N is not listed), capped at 100 %, and
 * the transaction keeps that effective percentage. Debit cards and single payments pay the rate.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { transactions } from "../../worker/db/schema";
import { DEFAULT_FEE_PLAN_ID, effectivePercentBps } from "../../worker/domain/transactions/fees";
import { cardInput, runThreeDs } from "../support/cards";
import { createTestContext } from "../support/platform";
import { pixBody, type Ctx } from "../support/transactions";
import { assignPlan, createPlan } from "../support/fee-plans";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
});

/** 3DS with a frictionless Visa, then the credit card sale in `installments`; returns the PAID transaction and its row. */
async function cardSale(amount: number, installments: number) {
  const card = cardInput("4111111111111111");
  const run = await runThreeDs(ctx.send, ctx.app, card, amount);
  expect(run.ok, JSON.stringify(run)).toBe(true);
  const res = await ctx.post("/v1/transactions", { ...pixBody({ amount }), paymentMethod: "CREDIT_CARD", card, threeDs: run.threeDs, installments });
  expect(res.status, await res.clone().text()).toBe(201);
  const tx = await res.json();
  const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
  return { tx, row: row! };
}

describe("effectivePercentBps", () => {
  const surcharges = { "3": 200, "12": 900 };
  it.each([
    ["CREDIT_CARD", 1, 299],
    ["CREDIT_CARD", 2, 299], // not listed: no surcharge
    ["CREDIT_CARD", 3, 499],
    ["CREDIT_CARD", 12, 1199],
    ["DEBIT_CARD", 3, 299], // credit cards only
    ["PIX", 12, 299],
  ] as const)("%s in %i → %i bps", (method, installments, bps) => {
    expect(effectivePercentBps(299, surcharges, method, installments)).toBe(bps);
  });

  it("no surcharges, and the cap at 10 000 bps", () => {
    expect(effectivePercentBps(399, null, "CREDIT_CARD", 12)).toBe(399);
    expect(effectivePercentBps(9500, { "21": 900 }, "CREDIT_CARD", 21)).toBe(10_000);
  });
});

describe("credit card sales on a plan with surcharges", () => {
  beforeEach(async () => {
    const plan = await createPlan(ctx); // CREDIT_CARD 2.99 % + 50, surcharges 3 → +2.00 %, 12 → +9.00 %
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
  });

  it.each([
    [1, 299, 349],
    [2, 299, 349],
    [3, 499, 549],
    [12, 1199, 1249],
  ])("%i installments of 100.00: %i bps, fee %i", async (installments, bps, fee) => {
    const { tx, row } = await cardSale(10_000, installments);
    expect(tx).toMatchObject({ status: "PAID", installments, feeAmount: fee, netAmount: 10_000 - fee });
    expect(row).toMatchObject({ feePercentBps: bps, feeFixedAmount: 50 });
  });

  it("rounds half up on the effective percentage: 4.99 % of 12.50 is 0.62375 → 62, + 50", async () => {
    const { tx } = await cardSale(1250, 3);
    expect(tx).toMatchObject({ feeAmount: 112, netAmount: 1138 });
  });

  it("a sale left for the browser (pendingAction) keeps the effective percentage it will be charged", async () => {
    const res = await ctx.post("/v1/transactions", { ...pixBody({ amount: 5000 }), paymentMethod: "CREDIT_CARD", card: cardInput("4111111111111111"), installments: 12 });
    expect(res.status, await res.clone().text()).toBe(201);
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, (await res.json()).id));
    expect(row).toMatchObject({ status: "PENDING", installments: 12, feePercentBps: 1199, feeFixedAmount: 50, feeAmount: null });
  });
});

describe("caps and plans without surcharges", () => {
  it("a surcharge that would pass 100 % is capped: the fee is the whole amount", async () => {
    const plan = await createPlan(ctx, { fees: { CREDIT_CARD: { percentBps: 9500, fixedCents: 0 } }, installmentSurchargesBps: { "21": 900 } });
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const { tx, row } = await cardSale(3000, 21);
    expect(row.feePercentBps).toBe(10_000);
    expect(tx).toMatchObject({ feeAmount: 3000, netAmount: 0 });
  });

  it("the default plan has none: 3 installments pay the plain 3.99 % + 39", async () => {
    const { tx, row } = await cardSale(10_000, 3);
    expect(row).toMatchObject({ feePlanId: DEFAULT_FEE_PLAN_ID, feePercentBps: 399 });
    expect(tx.feeAmount).toBe(438);
  });
});
