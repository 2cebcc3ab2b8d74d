/**
 * Sub-sellers, security: another company's sellers and teams are 404 (their webhooks 403, the
 * spec's rule), a company lists only its own, publishable keys are refused, the sandbox KYC is
 * test mode only, and modes keep their own keys.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let other: ReturnType<typeof requester>;
let otherSub: { id: string };
let mine: { id: string };
beforeEach(async () => {
  ctx = await createTestContext();
  const otherCompany = await createCompanySeller(ctx.platform.db, { legalName: "Outra SA", email: "o@example.com" }, ctx.platform.now());
  other = requester(ctx.app, otherCompany);
  otherSub = await (await other.post("/v1/sellers", sellerBody(await companyFeePlan(ctx.platform.db, otherCompany.sellerId)))).json();
  mine = await (await ctx.post("/v1/sellers", sellerBody(await companyFeePlan(ctx.platform.db, ctx.seller.sellerId)))).json();
});

describe("sub-sellers: who sees what", () => {
  it("another company's sub-seller is 404 on every route; its webhooks are 403", async () => {
    const id = otherSub.id;
    await expectProblem(await ctx.get(`/v1/sellers/${id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`/v1/sellers/${id}/team`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/sellers/${id}/team`, { email: "x@example.com", firstName: "X", profile: "ADMIN" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/sellers/${id}/suspend`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/sandbox/sellers/${id}/kyc`, { decision: "approved" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`/v1/sellers/${id}/webhooks`), 403, "FORBIDDEN");
    // And the other company itself, a parent, is no one's to read.
    const page = await (await ctx.get("/v1/sellers")).json();
    expect(page.items.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    expect(page.totalItems).toBe(1);
  });

  it("a sub-seller reads itself but not its company, nor its siblings", async () => {
    const sibling = await (await ctx.post("/v1/sellers", sellerBody(await companyFeePlan(ctx.platform.db, ctx.seller.sellerId), { email: "s@example.com" }))).json();
    const asSub = requester(ctx.app, { sellerId: mine.id, apiKey: (mine as any).apiKey, publishableKey: (mine as any).publishableKey });
    expect((await asSub.get(`/v1/sellers/${mine.id}`)).status).toBe(200);
    await expectProblem(await asSub.get(`/v1/sellers/${ctx.seller.sellerId}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await asSub.get(`/v1/sellers/${sibling.id}`), 404, "RESOURCE_NOT_FOUND");
    expect((await (await asSub.get("/v1/sellers")).json()).totalItems).toBe(0);
  });

  it("a publishable key is refused on the sellers routes", async () => {
    const res = await ctx.app.request("/v1/sellers", { headers: { "X-Api-Key": ctx.seller.publishableKey } });
    await expectProblem(res, 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
  });

  it("the KYC sandbox is test mode only (404 with a live key); a live company's sub-seller gets live keys", async () => {
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    await expectProblem(await live.post(`/v1/sandbox/sellers/${mine.id}/kyc`, { decision: "approved" }), 404, "ROUTE_NOT_FOUND");
    const created = await (await live.post("/v1/sellers", sellerBody(await companyFeePlan(ctx.platform.db, ctx.seller.sellerId), { email: "l@example.com", webhooks: undefined }))).json();
    expect(created.apiKey).toMatch(/^sk_live_/);
  });
});
