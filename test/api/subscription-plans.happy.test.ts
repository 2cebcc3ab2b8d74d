/**
 * Subscription plans, as a seller uses them: create (aliases answered as the interval they mean,
 * CARD as CREDIT_CARD, amountInCents as amount), read, list newest first with a status filter and
 * pages, and archive (idempotent). Plans write no events.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { createPlan, planBody } from "../support/subscription-plans";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

describe("POST /v1/subscriptions/plans", () => {
  it("201 with every field: ACTIVE, BRL by default, intervalCount 1 by default, the key's seller and mode", async () => {
    const plan = await createPlan(ctx);
    expect(plan).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Plano Mensal",
      description: "Acesso a todos os cursos",
      amount: 4990,
      currency: "BRL",
      billingInterval: "MONTH",
      intervalCount: 1,
      paymentMethods: ["PIX", "CREDIT_CARD"],
      status: "ACTIVE",
      sellerId: ctx.seller.sellerId,
      livemode: false,
      createdAt: "2026-01-15T12:00:00.000Z",
      updatedAt: "2026-01-15T12:00:00.000Z",
    });
  });

  it.each([
    ["DAILY", "DAY", 1],
    ["WEEKLY", "WEEK", 1],
    ["BIWEEKLY", "WEEK", 2],
    ["MONTHLY", "MONTH", 1],
    ["BIMONTHLY", "MONTH", 2],
    ["QUARTERLY", "MONTH", 3],
    ["SEMIANNUALLY", "MONTH", 6],
    ["YEARLY", "YEAR", 1],
  ])("the alias %s is answered as %s × %i", async (alias, interval, count) => {
    const plan = await createPlan(ctx, { billingInterval: alias });
    expect(plan).toMatchObject({ billingInterval: interval, intervalCount: count });
    expect(await (await ctx.get(`/v1/subscriptions/plans/${plan.id}`)).json()).toMatchObject({ billingInterval: interval, intervalCount: count });
  });

  it("an alias with its own count is accepted; the bounds of a year are accepted", async () => {
    expect(await createPlan(ctx, { billingInterval: "QUARTERLY", intervalCount: 3 })).toMatchObject({ billingInterval: "MONTH", intervalCount: 3 });
    for (const [interval, count] of [["DAY", 365], ["WEEK", 52], ["MONTH", 12], ["YEAR", 1]] as const) {
      expect(await createPlan(ctx, { billingInterval: interval, intervalCount: count })).toMatchObject({ billingInterval: interval, intervalCount: count });
    }
  });

  it("CARD is stored as CREDIT_CARD, once; amountInCents is amount; no description is null; another currency is kept", async () => {
    const plan = await createPlan(ctx, { amount: undefined, amountInCents: 990, paymentMethods: ["CARD", "CREDIT_CARD"], description: undefined, currency: "USD" });
    expect(plan).toMatchObject({ amount: 990, paymentMethods: ["CREDIT_CARD"], description: null, currency: "USD" });
  });

  it("writes no event", async () => {
    await createPlan(ctx);
    expect((await (await ctx.get("/v1/events")).json()).items).toEqual([]);
  });
});

describe("GET /v1/subscriptions/plans/{id}", () => {
  it("200 the plan as created", async () => {
    const plan = await createPlan(ctx);
    const res = await ctx.get(`/v1/subscriptions/plans/${plan.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(plan);
    // An id in upper case names the same plan.
    expect((await ctx.get(`/v1/subscriptions/plans/${plan.id.toUpperCase()}`)).status).toBe(200);
  });
});

describe("GET /v1/subscriptions/plans", () => {
  it("the envelope, newest first, filtered by status, a page at a time", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createPlan(ctx, { name: `Plano ${i}` })).id);
      ctx.platform.clock.advance(1);
    }
    expect((await ctx.post(`/v1/subscriptions/plans/${ids[0]}/archive`)).status).toBe(200);

    const all = await (await ctx.get("/v1/subscriptions/plans")).json();
    expect(all).toMatchObject({ page: 0, size: 20, totalItems: 3, totalPages: 1 });
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());

    const active = await (await ctx.get("/v1/subscriptions/plans?status=ACTIVE")).json();
    expect(active.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const archived = await (await ctx.get("/v1/subscriptions/plans?status=ARCHIVED")).json();
    expect(archived).toMatchObject({ totalItems: 1, items: [{ id: ids[0], status: "ARCHIVED" }] });

    const first = await (await ctx.get("/v1/subscriptions/plans?size=2")).json();
    expect(first).toMatchObject({ totalItems: 3, totalPages: 2 });
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const second = await (await ctx.get("/v1/subscriptions/plans?size=2&page=1")).json();
    expect(second.items.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    const cursor = await (await ctx.get(`/v1/subscriptions/plans?size=2&cursor=${first.nextCursor}`)).json();
    expect(cursor.items.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
  });

  it("an unknown status is a 400 naming it", async () => {
    const res = await ctx.get("/v1/subscriptions/plans?status=DELETED");
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe("status");
  });
});

describe("POST /v1/subscriptions/plans/{id}/archive", () => {
  it("ACTIVE → ARCHIVED with updatedAt moved; again: 200 and the plan unchanged", async () => {
    const plan = await createPlan(ctx);
    ctx.platform.clock.advance(60);
    const res = await ctx.post(`/v1/subscriptions/plans/${plan.id}/archive`);
    expect(res.status).toBe(200);
    const archived = await res.json();
    expect(archived).toEqual({ ...plan, status: "ARCHIVED", updatedAt: "2026-01-15T12:01:00.000Z" });

    ctx.platform.clock.advance(60);
    const again = await ctx.post(`/v1/subscriptions/plans/${plan.id}/archive`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(archived);
    expect(await (await ctx.get(`/v1/subscriptions/plans/${plan.id}`)).json()).toEqual(archived);
  });

  it("two archives at once both answer the ARCHIVED plan", async () => {
    const plan = await createPlan(ctx, planBody());
    const answers = await Promise.all([1, 2].map(() => ctx.post(`/v1/subscriptions/plans/${plan.id}/archive`)));
    for (const res of answers) expect((await res.json()).status).toBe("ARCHIVED");
  });
});
