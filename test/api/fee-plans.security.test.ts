/**
 * Who may do what with fee plans: another company's plan is 404 and never listed; a sub-seller
 * may not create plans (403) and reads no company plan, not even its own company's; publishable
 * keys and strangers reach none of it; plans have a mode, so a live key does not see the test key's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { feePlans } from "../../worker/db/schema";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";
import { createPlan, createSubSeller, planBody } from "../support/fee-plans";

let ctx: Ctx;
let other: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  other = requester(ctx.app, await createCompanySeller(ctx.platform.db, { legalName: "Outra Empresa", email: "outra@example.com" }, ctx.platform.now()));
});

describe("fee plan ownership", () => {
  it("another company's plan is 404 and absent from the list, while its owner reads it", async () => {
    const theirs = await createPlan(other, { name: "Plano deles" });
    const problem = await expectProblem(await ctx.get(`/v1/fee-plans/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    expect(problem.detail).not.toContain("Plano deles");
    expect((await (await ctx.get("/v1/fee-plans")).json()).totalItems).toBe(0);
    expect(await (await other.get(`/v1/fee-plans/${theirs.id}`)).json()).toEqual(theirs);
    expect((await (await other.get("/v1/fee-plans")).json()).items).toEqual([theirs]);
  });

  it("a plan without an owner that is not the default is nobody's to read", async () => {
    const id = crypto.randomUUID();
    await ctx.platform.db.insert(feePlans).values({ id, name: "Interno", createdAt: "2026-01-01T00:00:00.000Z" });
    await expectProblem(await ctx.get(`/v1/fee-plans/${id}`), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("sub-sellers", () => {
  it("get 403 creating a plan, and nothing is written", async () => {
    const sub = requester(ctx.app, await createSubSeller(ctx));
    const problem = await expectProblem(await sub.post("/v1/fee-plans", planBody()), 403, "FORBIDDEN");
    expect(problem.detail).toMatch(/Only a company can create fee plans/);
    expect(await ctx.platform.db.select().from(feePlans)).toHaveLength(1);
  });

  it("list none and read neither their company's plans nor another's (the default plan they may)", async () => {
    const plan = await createPlan(ctx);
    const sub = requester(ctx.app, await createSubSeller(ctx));
    expect((await (await sub.get("/v1/fee-plans")).json()).items).toEqual([]);
    await expectProblem(await sub.get(`/v1/fee-plans/${plan.id}`), 404, "RESOURCE_NOT_FOUND");
    expect((await sub.get("/v1/fee-plans/00000000-0000-4000-8000-000000000001")).status).toBe(200);
  });
});

describe("keys", () => {
  it("a publishable key is refused on every route; no key is 401", async () => {
    const plan = await createPlan(ctx);
    const pk = { "X-Api-Key": ctx.seller.publishableKey };
    for (const res of [
      await ctx.app.request("/v1/fee-plans", { method: "POST", headers: { ...pk, "Content-Type": "application/json" }, body: JSON.stringify(planBody()) }),
      await ctx.app.request("/v1/fee-plans", { headers: pk }),
      await ctx.app.request(`/v1/fee-plans/${plan.id}`, { headers: pk }),
    ]) {
      await expectProblem(res, 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
    }
    await expectProblem(await ctx.app.request("/v1/fee-plans"), 401, "UNAUTHENTICATED");
    expect(await ctx.platform.db.select().from(feePlans)).toHaveLength(2);
  });

  it("plans have a mode: the company's live key neither reads nor lists the plan its test key made", async () => {
    const plan = await createPlan(ctx);
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    await expectProblem(await live.get(`/v1/fee-plans/${plan.id}`), 404, "RESOURCE_NOT_FOUND");
    expect((await (await live.get("/v1/fee-plans")).json()).items).toEqual([]);
    expect(await (await ctx.get(`/v1/fee-plans/${plan.id}`)).json()).toEqual(plan);
  });
});
