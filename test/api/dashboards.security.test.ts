/**
 * Who may read a dashboard: a seller's overview is for the seller and its parent company only
 * (anyone else: 404, as for an unknown seller); commissions are for companies (a sub-seller's
 * key: 403); publishable keys and missing keys reach neither; bad input is a 400 naming the field.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { marketplaceContext, NOVEMBER, type seedMarketplace } from "../support/marketplace-fixture";
import { requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let market: Awaited<ReturnType<typeof seedMarketplace>>;
const period = `from=${NOVEMBER.from}&to=${NOVEMBER.to}`;
const overviewOf = (sellerId: string) => `/v1/sellers/${sellerId}/dashboard/overview?${period}`;
const COMMISSIONS = `/v1/companies/dashboard/commissions?${period}`;

beforeEach(async () => {
  ({ ctx, market } = await marketplaceContext());
});

describe("overview access", () => {
  it("the seller itself and its parent company read it", async () => {
    for (const get of [ctx.get, requester(ctx.app, market.a).get]) {
      const res = await get(overviewOf(market.a.sellerId));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ sellerId: market.a.sellerId, totals: { count: 8, volume: 68000 } });
    }
  });

  it("a sibling, a sub-seller's company seen from below, and another company's sellers are 404 like an unknown id", async () => {
    const a = requester(ctx.app, market.a);
    const other = requester(ctx.app, market.other);
    const refused: Array<[Promise<Response>, string]> = [
      [a.get(overviewOf(market.b.sellerId)), market.b.sellerId], // sibling
      [a.get(overviewOf(ctx.seller.sellerId)), ctx.seller.sellerId], // its own company
      [ctx.get(overviewOf(market.x.sellerId)), market.x.sellerId], // another company's sub-seller
      [ctx.get(overviewOf(market.other.sellerId)), market.other.sellerId], // another company
      [other.get(overviewOf(market.a.sellerId)), market.a.sellerId], // and the other way round
    ];
    const unknown = crypto.randomUUID();
    const expected = await expectProblem(await ctx.get(overviewOf(unknown)), 404, "RESOURCE_NOT_FOUND");
    for (const [pending, id] of refused) {
      const problem = await expectProblem(await pending, 404, "RESOURCE_NOT_FOUND");
      // The same answer as for an id that does not exist: only the id differs.
      expect(problem.detail).toBe(expected.detail.replace(unknown, id));
      expect(JSON.stringify(problem)).not.toMatch(/68000|volume|totals/);
    }
  });
});

describe("commissions access", () => {
  it("a sub-seller's key is 403: only a company has commissions", async () => {
    const problem = await expectProblem(await requester(ctx.app, market.a).get(COMMISSIONS), 403, "FORBIDDEN");
    expect(problem.detail).toMatch(/only a company has commissions/i);
    expect(problem).not.toHaveProperty("totalCommissionCents");
  });

  it("each company sees its own sub-sellers only", async () => {
    const ours = await (await ctx.get(COMMISSIONS)).json();
    const theirs = await (await requester(ctx.app, market.other).get(COMMISSIONS)).json();
    expect(ours).toMatchObject({ companyId: ctx.seller.sellerId, transactionCount: 7, totalCommissionCents: 2014 });
    expect(theirs).toMatchObject({ companyId: market.other.sellerId, transactionCount: 1, totalCommissionCents: 495 });
  });
});

describe("keys and input", () => {
  it("no key is 401 and a publishable key is refused, on both dashboards", async () => {
    for (const path of [COMMISSIONS, overviewOf(ctx.seller.sellerId)]) {
      await expectProblem(await ctx.app.request(path), 401, "UNAUTHENTICATED");
      await expectProblem(await ctx.app.request(path, { headers: { "X-Api-Key": ctx.seller.publishableKey } }), 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
    }
  });

  it("a malformed seller id or period on the overview is a 400 naming it, before any lookup", async () => {
    const cases: Array<[string, string]> = [
      [`/v1/sellers/not-a-uuid/dashboard/overview`, "sellerId"],
      [`/v1/sellers/${market.x.sellerId}/dashboard/overview?from=2026-11-31`, "from"],
      [`/v1/sellers/${market.a.sellerId}/dashboard/overview?from=2026-12-01&to=2026-11-01`, "to"],
      [`/v1/sellers/${market.a.sellerId}/dashboard/overview?from=2024-01-01&to=2026-01-01`, "to"],
      [`/v1/sellers/${market.a.sellerId}/dashboard/overview?currency=real`, "currency"],
    ];
    for (const [path, field] of cases) {
      const problem = await expectProblem(await ctx.get(path), 400, "VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ path: field, in: expect.stringMatching(/^(query|path)$/) })]);
    }
  });
});
