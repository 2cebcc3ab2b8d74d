/**
 * Another seller on every plan route: its plans are 404 to read and archive (and archiving one
 * changes nothing), and absent from its list; a test key's plans are not the live key's; a
 * publishable key or no key reads and writes nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { publicCall } from "../support/payment-links";
import { createPlan, planBody } from "../support/subscription-plans";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let other: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "o@example.com", city: "Recife" }, ctx.platform.now());
  other = requester(ctx.app, seller);
});

describe("another seller", () => {
  it("is 404 on GET and archive, does not list the plan, and changes nothing", async () => {
    const plan = await createPlan(ctx);
    await expectProblem(await other.get(`/v1/subscriptions/plans/${plan.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.post(`/v1/subscriptions/plans/${plan.id}/archive`), 404, "RESOURCE_NOT_FOUND");
    expect((await (await other.get("/v1/subscriptions/plans")).json()).totalItems).toBe(0);
    expect(await (await ctx.get(`/v1/subscriptions/plans/${plan.id}`)).json()).toEqual(plan);
  });

  it("its own plans are its own: neither list shows the other's", async () => {
    const mine = await createPlan(ctx);
    const theirs = await createPlan(other, { name: "Plano da outra" });
    expect((await (await ctx.get("/v1/subscriptions/plans")).json()).items.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    expect((await (await other.get("/v1/subscriptions/plans")).json()).items.map((p: { id: string }) => p.id)).toEqual([theirs.id]);
  });
});

describe("keys", () => {
  it("the test key does not see or archive the live key's plan, nor the reverse", async () => {
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const livePlan = await createPlan(live);
    expect(livePlan.livemode).toBe(true);
    const testPlan = await createPlan(ctx);
    await expectProblem(await ctx.get(`/v1/subscriptions/plans/${livePlan.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/subscriptions/plans/${livePlan.id}/archive`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await live.get(`/v1/subscriptions/plans/${testPlan.id}`), 404, "RESOURCE_NOT_FOUND");
    expect((await (await ctx.get("/v1/subscriptions/plans")).json()).items.map((p: { id: string }) => p.id)).toEqual([testPlan.id]);
    expect((await (await live.get("/v1/subscriptions/plans")).json()).items.map((p: { id: string }) => p.id)).toEqual([livePlan.id]);
    expect((await (await live.get(`/v1/subscriptions/plans/${livePlan.id}`)).json()).status).toBe("ACTIVE");
  });

  it("a publishable key or no key reads and writes nothing", async () => {
    const plan = await createPlan(ctx);
    const browser = { "X-Api-Key": ctx.seller.publishableKey };
    const created = await publicCall(ctx.app, "POST", "/v1/subscriptions/plans", planBody(), browser);
    expect([401, 403]).toContain(created.status);
    for (const [method, path] of [
      ["GET", "/v1/subscriptions/plans"],
      ["GET", `/v1/subscriptions/plans/${plan.id}`],
      ["POST", `/v1/subscriptions/plans/${plan.id}/archive`],
    ] as const) {
      expect([401, 403]).toContain((await publicCall(ctx.app, method, path, undefined, browser)).status);
      expect((await publicCall(ctx.app, method, path)).status).toBe(401);
    }
    expect((await publicCall(ctx.app, "POST", "/v1/subscriptions/plans", planBody())).status).toBe(401);
    expect((await (await ctx.get("/v1/subscriptions/plans")).json()).items).toEqual([plan]);
  });

  it("secret-key routes answer no CORS preflight", async () => {
    const res = await ctx.app.request("/v1/subscriptions/plans", { method: "OPTIONS", headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": "POST" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
