/**
 * Fee plans, the happy paths: a company creates a plan (plan and rates written together), reads
 * it back, lists its plans by page, and a seller put on the plan is priced by it; a method the
 * plan leaves out is not offered. The platform's default plan is readable but not listed.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { feePlanRates, feePlans, transactions } from "../../worker/db/schema";
import { DEFAULT_FEE_PLAN_ID } from "../../worker/domain/transactions/fees";
import { cardInput } from "../support/cards";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createPix, pay, pixBody, type Ctx } from "../support/transactions";
import { assignPlan, createPlan, planBody } from "../support/fee-plans";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
});

describe("POST /v1/fee-plans", () => {
  it("201 with the plan; the plan row is the caller's and every method has its rate row", async () => {
    const res = await ctx.post("/v1/fee-plans", planBody());
    expect(res.status).toBe(201);
    const plan = await res.json();
    expect(plan).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Marketplace padrão",
      fees: planBody().fees,
      installmentSurchargesBps: { "3": 200, "12": 900 },
      platformShareBps: 2500,
      createdAt: "2026-11-22T12:00:00.000Z",
    });
    const [row] = await ctx.platform.db.select().from(feePlans).where(eq(feePlans.id, plan.id));
    expect(row).toMatchObject({ ownerSellerId: ctx.seller.sellerId, platformShareBps: 2500, installmentSurchargesBps: { "3": 200, "12": 900 } });
    const rates = await ctx.platform.db.select().from(feePlanRates).where(eq(feePlanRates.feePlanId, plan.id));
    expect(rates.map((r) => [r.paymentMethod, r.percentBps, r.fixedAmount]).sort()).toEqual([
      ["CREDIT_CARD", 299, 50],
      ["DEBIT_CARD", 150, 10],
      ["PIX", 80, 0],
    ]);
    expect(await (await ctx.get(`/v1/fee-plans/${plan.id}`)).json()).toEqual(plan);
  });

  it("a plan of one method: the others get no rate row; no surcharges is {} (null stored); the share defaults to 0", async () => {
    const plan = await createPlan(ctx, { name: "  Só PIX  ", fees: { PIX: { percentBps: 0, fixedCents: 0 } }, installmentSurchargesBps: undefined, platformShareBps: undefined });
    expect(plan).toMatchObject({ name: "Só PIX", fees: { PIX: { percentBps: 0, fixedCents: 0 } }, installmentSurchargesBps: {}, platformShareBps: 0 });
    expect(Object.keys(plan.fees)).toEqual(["PIX"]);
    const rates = await ctx.platform.db.select().from(feePlanRates).where(eq(feePlanRates.feePlanId, plan.id));
    expect(rates.map((r) => r.paymentMethod)).toEqual(["PIX"]);
    const [row] = await ctx.platform.db.select().from(feePlans).where(eq(feePlans.id, plan.id));
    expect(row!.installmentSurchargesBps).toBeNull();
  });
});

describe("GET /v1/fee-plans", () => {
  it("pages the company's plans newest first with the spec's envelope; the default plan is not listed", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await createPlan(ctx, { name: `Plano ${i}` })).id);
      ctx.platform.clock.advance(60);
    }
    const first = await (await ctx.get("/v1/fee-plans?page=0&size=2")).json();
    expect(first).toMatchObject({ page: 0, size: 2, totalItems: 5, totalPages: 3, hasNext: true, hasPrevious: false, isFirst: true, isLast: false });
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toMatchObject({ name: "Plano 4", fees: planBody().fees, installmentSurchargesBps: { "3": 200, "12": 900 } });
    const last = await (await ctx.get("/v1/fee-plans?page=2&size=2")).json();
    expect(last).toMatchObject({ page: 2, totalItems: 5, hasNext: false, isLast: true, nextCursor: null });
    expect(last.items.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    // The cursor reads the same next page as page=1.
    const byCursor = await (await ctx.get(`/v1/fee-plans?size=2&cursor=${first.nextCursor}`)).json();
    const byPage = await (await ctx.get("/v1/fee-plans?page=1&size=2")).json();
    expect(byCursor.items).toEqual(byPage.items);
    expect(byPage.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const all = await (await ctx.get("/v1/fee-plans")).json();
    expect(all).toMatchObject({ size: 20, totalItems: 5 });
    expect(all.items.map((p: { id: string }) => p.id)).not.toContain(DEFAULT_FEE_PLAN_ID);
  });

  it("an empty list for a company without plans", async () => {
    expect(await (await ctx.get("/v1/fee-plans")).json()).toMatchObject({ items: [], totalItems: 0, totalPages: 0, hasNext: false });
  });
});

describe("GET /v1/fee-plans/{id}", () => {
  it("the platform's default plan is the public price: readable by id", async () => {
    const res = await ctx.get(`/v1/fee-plans/${DEFAULT_FEE_PLAN_ID.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: DEFAULT_FEE_PLAN_ID,
      name: "Default",
      fees: { PIX: { percentBps: 99, fixedCents: 0 }, CREDIT_CARD: { percentBps: 399, fixedCents: 39 }, DEBIT_CARD: { percentBps: 199, fixedCents: 0 } },
      installmentSurchargesBps: {},
      platformShareBps: 0,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
  });
});

describe("a seller on the plan", () => {
  it("is priced by it: a PIX charge copies the plan's rate and its fee follows it", async () => {
    const plan = await createPlan(ctx, { fees: { PIX: { percentBps: 150, fixedCents: 20 } }, installmentSurchargesBps: undefined });
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const paid = await pay(ctx, (await createPix(ctx, { amount: 10_000 })).id);
    expect(paid).toMatchObject({ feeAmount: 170, netAmount: 9830 }); // 1.50 % of 100.00 + 0.20
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, paid.id));
    expect(row).toMatchObject({ feePlanId: plan.id, feePercentBps: 150, feeFixedAmount: 20 });
  });

  it("is not offered a method the plan leaves out", async () => {
    const plan = await createPlan(ctx, { fees: { PIX: { percentBps: 150, fixedCents: 20 } }, installmentSurchargesBps: undefined });
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const res = await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD", card: cardInput("4111111111111111") });
    const problem = await expectProblem(res, 422, "PAYMENT_METHOD_NOT_ENABLED");
    expect(problem.detail).toContain("CREDIT_CARD");
    expect(await ctx.platform.db.select().from(transactions)).toEqual([]);
  });
});
