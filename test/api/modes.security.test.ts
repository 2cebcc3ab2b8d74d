/**
 * Test and live never mix on seller-level objects (domain/scope.ts): a sub-seller belongs to the
 * mode that created it (the sandbox's KYC decision reaches test-mode sub-sellers only), a fee plan
 * to the mode that created it, notification settings to each mode. The other mode's key gets
 * what a stranger gets: 404 (403 on webhooks, per the spec).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sellers, webhookDeliveries } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { newEvent, Outbox } from "../../worker/domain/events/outbox";
import { createPlan } from "../support/fee-plans";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let live: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
});

/** A sub-seller created by `as` (the company's test or live key) on a plan of the same key. */
async function subSeller(as: Pick<Ctx, "post">) {
  const plan = await createPlan(as as Ctx);
  const res = await as.post("/v1/sellers", sellerBody(plan.id, { email: `s-${crypto.randomUUID()}@example.com` }));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

describe("sub-sellers belong to their mode", () => {
  it("a test key cannot decide a live sub-seller's KYC (404; it stays PENDING), but decides a test one's", async () => {
    const liveSub = await subSeller(live);
    await expectProblem(await ctx.post(`/v1/sandbox/sellers/${liveSub.id}/kyc`, { decision: "approved" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/sandbox/sellers/${liveSub.id}/kyc`, { decision: "rejected" }), 404, "RESOURCE_NOT_FOUND");
    const [row] = await ctx.platform.db.select().from(sellers).where(eq(sellers.id, liveSub.id));
    expect(row).toMatchObject({ status: "PENDING", livemode: true });
    const testSub = await subSeller(ctx);
    expect(await (await ctx.post(`/v1/sandbox/sellers/${testSub.id}/kyc`, { decision: "approved" })).json()).toMatchObject({ status: "ACTIVE" });
  });

  it("the other mode's key neither reads, lists, suspends nor manages the webhooks of a sub-seller", async () => {
    const testSub = await subSeller(ctx);
    await ctx.post(`/v1/sandbox/sellers/${testSub.id}/kyc`, { decision: "approved" });
    const liveSub = await subSeller(live);
    await expectProblem(await live.get(`/v1/sellers/${testSub.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await live.post(`/v1/sellers/${testSub.id}/suspend`, { reason: "x" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`/v1/sellers/${liveSub.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await live.post(`/v1/sellers/${testSub.id}/webhooks`, { url: "https://hooks.example.com/x", eventTypes: ["ALL"] }), 403, "FORBIDDEN");
    expect((await (await ctx.get("/v1/sellers")).json()).items.map((s: { id: string }) => s.id)).toEqual([testSub.id]);
    expect((await (await live.get("/v1/sellers")).json()).items.map((s: { id: string }) => s.id)).toEqual([liveSub.id]);
    expect(await (await ctx.get(`/v1/sellers/${testSub.id}`)).json()).toMatchObject({ status: "ACTIVE" });
  });

  it("a live key cannot put a live sub-seller on a plan made in test mode", async () => {
    const testPlan = await createPlan(ctx);
    const problem = await expectProblem(await live.post("/v1/sellers", sellerBody(testPlan.id)), 422, "FEE_PLAN_NOT_AVAILABLE");
    expect(problem.feePlanId).toBe(testPlan.id);
    await expectProblem(await live.get(`/v1/fee-plans/${testPlan.id}`), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("notification settings belong to their mode", () => {
  it("a test key turning an event type off leaves live events on, and the fan-out follows each mode's setting", async () => {
    const off = await ctx.send("PUT", `/v1/sellers/${ctx.seller.sellerId}/notification-settings`, { webhook: { TRANSACTION_PAID: false } });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await off.json()).webhook.TRANSACTION_PAID).toBe(false);
    expect((await (await live.get(`/v1/sellers/${ctx.seller.sellerId}/notification-settings`)).json()).webhook.TRANSACTION_PAID).toBe(true);

    const hooks = { url: "https://hooks.example.com/pay", eventTypes: ["TRANSACTION_PAID"] };
    expect((await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, hooks)).status).toBe(201);
    expect((await live.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, hooks)).status).toBe(201);
    const fanOut = async (livemode: boolean) => {
      const at = ctx.platform.now().toISOString();
      const event = newEvent({ type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, livemode, occurredAt: at, data: {} });
      const outbox = new Outbox(ctx.platform);
      outbox.emit(event, null);
      await outbox.commit();
      return ctx.platform.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    };
    expect(await fanOut(false)).toHaveLength(0);
    expect((await fanOut(true)).map((d) => d.livemode)).toEqual([true]);
  });
});
