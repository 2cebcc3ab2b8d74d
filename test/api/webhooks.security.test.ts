/**
 * Another seller's webhooks are 403 (the spec's rule for webhooks), a company manages its
 * sub-sellers', publishable keys reach none of it, and test and live webhooks never mix.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sellers } from "../../worker/db/schema";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let other: Awaited<ReturnType<typeof createCompanySeller>>;
let hookId: string;
const body = { url: "https://loja.example.com/hooks", eventTypes: ["ALL"] };

beforeEach(async () => {
  ctx = await createTestContext();
  other = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "outra@example.com" }, ctx.platform.now());
  hookId = (await (await requester(ctx.app, other).post(`/v1/sellers/${other.sellerId}/webhooks`, body)).json()).id;
});

describe("webhook security", () => {
  it("every webhook route is 403 on another seller, and reveals nothing", async () => {
    const base = `/v1/sellers/${other.sellerId}/webhooks`;
    const attempts = [
      ctx.post(base, body),
      ctx.get(base),
      ctx.patch(`${base}/${hookId}`, { isActive: false }),
      ctx.send("DELETE", `${base}/${hookId}`),
      ctx.post(`${base}/${hookId}/test`),
      ctx.get(`${base}/deliveries`),
      ctx.get(`${base}/deliveries/${crypto.randomUUID()}`),
      ctx.post(`${base}/deliveries/${crypto.randomUUID()}/retry`),
      ctx.get(`/v1/sellers/${other.sellerId}/notification-settings`),
      ctx.send("PUT", `/v1/sellers/${other.sellerId}/notification-settings`, { webhook: { TRANSACTION_PAID: false } }),
    ];
    for (const res of await Promise.all(attempts)) {
      const problem = await expectProblem(res, 403, "FORBIDDEN");
      expect(problem.detail).not.toContain(hookId);
    }
    // Nothing changed: the other seller's webhook is still active.
    const list = await (await requester(ctx.app, other).get(base)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: hookId, isActive: true })]);
  });

  it("a company manages its sub-sellers' webhooks", async () => {
    await ctx.platform.db.update(sellers).set({ parentId: ctx.seller.sellerId, livemode: false }).where(eq(sellers.id, other.sellerId));
    const list = await ctx.get(`/v1/sellers/${other.sellerId}/webhooks`);
    expect(list.status).toBe(200);
    expect((await list.json()).items.map((w: { id: string }) => w.id)).toEqual([hookId]);
    // The sub-seller may not manage its company's.
    await expectProblem(await requester(ctx.app, other).get(`/v1/sellers/${ctx.seller.sellerId}/webhooks`), 403, "FORBIDDEN");
  });

  it("a publishable key is refused", async () => {
    const res = await ctx.app.request(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { headers: { "X-Api-Key": ctx.seller.publishableKey } });
    expect([401, 403]).toContain(res.status);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it("a live key sees no test webhooks, and a test webhook is 404 to it", async () => {
    const mine = (await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, body)).json()).id;
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect((await (await live.get(`/v1/sellers/${ctx.seller.sellerId}/webhooks`)).json()).items).toEqual([]);
    await expectProblem(await live.patch(`/v1/sellers/${ctx.seller.sellerId}/webhooks/${mine}`, { isActive: false }), 404, "RESOURCE_NOT_FOUND");
  });
});
