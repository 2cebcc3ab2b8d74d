import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { feePlanRates, feePlans, sellers, transactions } from "../../worker/db/schema";
import { DEFAULT_FEE_PLAN_ID } from "../../worker/domain/transactions/fees";
import { computeFee } from "../../worker/domain/transactions/fees";
import { createTestContext, requester } from "../support/platform";
import { createPix, pay, pixBody } from "../support/transactions";

describe("computeFee: round half up of amount × bps / 10 000, plus fixed, capped at the amount", () => {
  it.each([
    [1050, 99, 0, 10], // 10.395 → 10
    [1000, 99, 0, 10], // 9.9 → 10
    [50, 99, 0, 0], // 0.495 → 0
    [51, 99, 0, 1], // 0.5049 → 1
    [5000, 1, 0, 1], // exactly 0.5 → 1 (half up)
    [15000, 1, 0, 2], // 1.5 → 2
    [10000, 399, 39, 438], // 399 + 39
    [10, 399, 39, 10], // capped: never more than the amount
    [1, 0, 0, 0],
  ])("%i at %i bps + %i → %i", (amount, percentBps, fixedAmount, fee) => {
    expect(computeFee(amount, { percentBps, fixedAmount })).toEqual({ feeAmount: fee, netAmount: amount - fee });
  });

  it("stays exact at the largest amount (BigInt, no float)", () => {
    // 999 999 999 999 × 399 / 10 000 = 39 899 999 999.96 → 39 900 000 000
    expect(computeFee(999_999_999_999, { percentBps: 399, fixedAmount: 39 })).toEqual({
      feeAmount: 39_900_000_039,
      netAmount: 999_999_999_999 - 39_900_000_039,
    });
  });
});

describe("fee plans", () => {
  it("every new seller is on the default plan: PIX 0.99 %, credit 3.99 % + 39, debit 1.99 %", async () => {
    const { platform, seller } = await createTestContext();
    const [row] = await platform.db.select().from(sellers).where(eq(sellers.id, seller.sellerId));
    expect(row?.feePlanId).toBe(DEFAULT_FEE_PLAN_ID);
    const rates = await platform.db.select().from(feePlanRates).where(eq(feePlanRates.feePlanId, DEFAULT_FEE_PLAN_ID));
    expect(rates.map((r) => [r.paymentMethod, r.percentBps, r.fixedAmount]).sort()).toEqual([
      ["CREDIT_CARD", 399, 39],
      ["DEBIT_CARD", 199, 0],
      ["PIX", 99, 0],
    ]);
  });

  it("a seller without a plan (older than fee plans) is priced by the default plan", async () => {
    const { platform, seller } = await createTestContext();
    await platform.db.update(sellers).set({ feePlanId: null }).where(eq(sellers.id, seller.sellerId));
    const ctx = { platform, post: requester(createApp(platform), seller).post };
    const tx = await createPix(ctx);
    const [row] = await platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ feePlanId: DEFAULT_FEE_PLAN_ID, feePercentBps: 99, feeFixedAmount: 0 });
  });

  it("a seller's own plan prices its charges, at the rates in force when the charge was created", async () => {
    const ctx = await createTestContext();
    const { db } = ctx.platform;
    const planId = crypto.randomUUID();
    await db.insert(feePlans).values({ id: planId, name: "Promo", createdAt: "2026-01-01T00:00:00.000Z" });
    await db.insert(feePlanRates).values({ feePlanId: planId, paymentMethod: "PIX", percentBps: 150, fixedAmount: 25 });
    await db.update(sellers).set({ feePlanId: planId }).where(eq(sellers.id, ctx.seller.sellerId));
    const tx = await createPix(ctx, { amount: 2000 });
    // The plan changes after the charge was created: the charge keeps its price.
    await db.update(feePlanRates).set({ percentBps: 900 }).where(eq(feePlanRates.feePlanId, planId));
    expect(await pay(ctx, tx.id)).toMatchObject({ feeAmount: 55, netAmount: 1945 }); // 30 + 25
  });

  it("a plan without a PIX price refuses PIX charges with a 422", async () => {
    const ctx = await createTestContext();
    const planId = crypto.randomUUID();
    await ctx.platform.db.insert(feePlans).values({ id: planId, name: "Cards only", createdAt: "2026-01-01T00:00:00.000Z" });
    await ctx.platform.db.update(sellers).set({ feePlanId: planId }).where(eq(sellers.id, ctx.seller.sellerId));
    const res = await ctx.post("/v1/transactions", pixBody());
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("PAYMENT_METHOD_NOT_ENABLED");
  });
});
