/**
 * The seller status machine: the table walked move by move, each move's SELLER_STATUS_CHANGED to
 * the seller's and its company's webhooks, refused moves, and what a non-ACTIVE seller may not do.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, sellers, webhookDeliveries } from "../../worker/db/schema";
import { SELLER_TRANSITIONS } from "../../worker/domain/sub-sellers/status";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
let sub: { id: string; apiKey: string; publishableKey: string };
let asSub: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
  sub = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
  asSub = requester(ctx.app, { sellerId: sub.id, apiKey: sub.apiKey, publishableKey: sub.publishableKey });
});

const status = async () => (await ctx.platform.db.select({ s: sellers.status }).from(sellers).where(eq(sellers.id, sub.id)))[0]!.s;
const kyc = (decision: string) => ctx.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision, reason: `kyc ${decision}` });

describe("the seller status machine", () => {
  it("is the documented table", () => {
    expect(SELLER_TRANSITIONS.map((t) => `${t.from} -${t.trigger}-> ${t.to}`)).toEqual([
      "DRAFT -submit_kyc-> PENDING",
      "PENDING -approve_kyc-> ACTIVE",
      "PENDING -reject_kyc-> BLOCKED",
      "ACTIVE -suspend-> SUSPENDED",
      "SUSPENDED -reactivate-> ACTIVE",
    ]);
  });

  it("PENDING → ACTIVE → SUSPENDED → ACTIVE: each move one event, heard by the seller's and the company's webhooks", async () => {
    const url = (who: string) => ({ url: `https://${who}.example.com/hooks`, eventTypes: ["SELLER_STATUS_CHANGED"] });
    expect((await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, url("company"))).status).toBe(201);
    expect((await ctx.post(`/v1/sellers/${sub.id}/webhooks`, url("sub"))).status).toBe(201);

    expect(await (await kyc("approved")).json()).toMatchObject({ status: "ACTIVE", statusReason: "kyc approved" });
    expect(await (await ctx.post(`/v1/sellers/${sub.id}/suspend`, { reason: "chargeback ratio" })).json()).toMatchObject({ status: "SUSPENDED" });
    expect(await (await ctx.post(`/v1/sellers/${sub.id}/reactivate`)).json()).toMatchObject({ status: "ACTIVE", statusReason: null });

    const written = await ctx.platform.db.select().from(events).where(and(eq(events.sellerId, sub.id), eq(events.type, "SELLER_STATUS_CHANGED")));
    expect(written.map((e) => [(e.data as any).details.previousStatus, (e.data as any).details.status])).toEqual([
      ["PENDING", "ACTIVE"],
      ["ACTIVE", "SUSPENDED"],
      ["SUSPENDED", "ACTIVE"],
    ]);
    expect((written[1]!.data as any).details.reason).toBe("chargeback ratio");
    const deliveries = await ctx.platform.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "SELLER_STATUS_CHANGED"));
    // Three events × (the sub-seller's webhook + the company's).
    expect(deliveries).toHaveLength(6);
    expect(new Set(deliveries.map((d) => d.sellerId))).toEqual(new Set([sub.id, ctx.seller.sellerId]));
  });

  it("rejected KYC → BLOCKED, which is final; refused moves are 409 naming the statuses, with no event", async () => {
    expect(await (await kyc("rejected")).json()).toMatchObject({ status: "BLOCKED" });
    for (const res of [await kyc("approved"), await ctx.post(`/v1/sellers/${sub.id}/reactivate`), await ctx.post(`/v1/sellers/${sub.id}/suspend`)]) {
      const problem = await expectProblem(res, 409, "INVALID_STATE_TRANSITION");
      expect(problem.currentStatus).toBe("BLOCKED");
    }
    expect(await status()).toBe("BLOCKED");
    expect(await ctx.platform.db.select().from(events).where(eq(events.sellerId, sub.id))).toHaveLength(1);
    const problem = await expectProblem(await asSub.post("/v1/transactions", pixBody()), 422, "SELLER_NOT_ACTIVE");
    expect(problem.sellerStatus).toBe("BLOCKED");
  });

  it("a PENDING seller cannot be suspended; an ACTIVE one cannot be decided again", async () => {
    expect((await expectProblem(await ctx.post(`/v1/sellers/${sub.id}/suspend`), 409, "INVALID_STATE_TRANSITION")).allowedStatuses).toEqual(["ACTIVE"]);
    await kyc("approved");
    expect((await expectProblem(await kyc("rejected"), 409, "INVALID_STATE_TRANSITION")).allowedStatuses).toEqual(["PENDING"]);
  });

  it("a suspension stops payments at once (the key cache forgets the seller); reactivation resumes them", async () => {
    await kyc("approved");
    expect((await asSub.post("/v1/transactions", pixBody())).status).toBe(201);
    await ctx.post(`/v1/sellers/${sub.id}/suspend`);
    await expectProblem(await asSub.post("/v1/transactions", pixBody()), 422, "SELLER_NOT_ACTIVE");
    await ctx.post(`/v1/sellers/${sub.id}/reactivate`);
    expect((await asSub.post("/v1/transactions", pixBody())).status).toBe(201);
  });

  it("only the company suspends: the sub-seller itself gets 403; a KYC decision of a stranger is 404", async () => {
    await kyc("approved");
    await expectProblem(await asSub.post(`/v1/sellers/${sub.id}/suspend`), 403, "FORBIDDEN");
    await expectProblem(await asSub.post(`/v1/sandbox/sellers/${ctx.seller.sellerId}/kyc`, { decision: "approved" }), 404, "RESOURCE_NOT_FOUND");
  });

  it("two racing decisions move the seller once and write one event", async () => {
    const results = await Promise.all([kyc("approved"), kyc("rejected"), kyc("approved")]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await ctx.platform.db.select().from(events).where(eq(events.sellerId, sub.id))).toHaveLength(1);
  });

  it("a bad KYC decision is a 400 naming the field", async () => {
    const problem = await expectProblem(await ctx.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "maybe" }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("decision");
  });
});
