/**
 * GET /v1/companies/dashboard/commissions against the hand-computed marketplace of
 * test/support/marketplace-fixture.ts (each transaction's fee, share and net are worked out in
 * its comments), and the period rules: boundaries, offsets, defaults, bad dates.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { feePlans, transactions } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { DEFAULT_FEE_PLAN_ID } from "../../worker/domain/transactions/fees";
import { plansOf } from "../support/dashboards";
import { marketplaceContext, NOVEMBER, okJson, type seedMarketplace } from "../support/marketplace-fixture";
import { requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";

const PATH = "/v1/companies/dashboard/commissions";
let ctx: Ctx;
let market: Awaited<ReturnType<typeof seedMarketplace>>;

beforeEach(async () => {
  ({ ctx, market } = await marketplaceContext());
});

const summary = async (query: string, get = ctx.get) => okJson(await get(`${PATH}?${query}`));

describe("commission summary", () => {
  it("sums the sub-sellers' transactions paid in November, per plan share, rounded half up", async () => {
    // Paid in [11-01, 12-01), test mode, BRL: a1, a2, a8, a9 (A), b1, b2 (B), d1 (D).
    //   fees   99 + 798 + 299 + 40 + 306 + 432 + 40 = 2014
    //   shares 17 + 140 +  52 +  7 +  77 + 108 +  0 =  401
    //   nets   82 + 658 + 247 + 33 + 229 + 324 + 40 = 1613 (= 2014 − 401)
    //   unsettled nets (a1, b2 are settled): 658 + 247 + 33 + 229 + 40 = 1207
    expect(await summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}`)).toEqual({
      companyId: ctx.seller.sellerId,
      currency: "BRL",
      totalCommissionCents: 2014,
      rebornShareCents: 401,
      parentNetCents: 1613,
      pendingParentNetCents: 1207,
      transactionCount: 7,
      periodFrom: "2026-11-01T00:00:00.000Z",
      periodTo: "2026-12-01T00:00:00.000Z",
      timeZone: "UTC", // the fixture's company counts in UTC days
    });
  });

  it("from is inclusive and to exclusive, to the millisecond, and offsets are honoured", async () => {
    // The same instants written in São Paulo time: the same figures.
    const sp = await summary(`from=${encodeURIComponent("2026-10-31T21:00:00-03:00")}&to=${encodeURIComponent("2026-11-30T21:00:00-03:00")}`);
    expect(sp).toMatchObject({ totalCommissionCents: 2014, transactionCount: 7, periodFrom: "2026-11-01T00:00:00.000Z" });
    // One millisecond later on both ends: a1 (paid at from: fee 99, share 17, settled) leaves,
    // a3 (paid at to: fee 50, share 50 × 0.175 = 8.75 → 9, net 41, unsettled) joins.
    expect(await summary("from=2026-11-01T00:00:00.001Z&to=2026-12-01T00:00:00.001Z")).toMatchObject({
      totalCommissionCents: 2014 - 99 + 50, // 1965
      rebornShareCents: 401 - 17 + 9, // 393
      parentNetCents: 1613 - 82 + 41, // 1572
      pendingParentNetCents: 1207 + 41, // 1248
      transactionCount: 7,
    });
    // Finer than a millisecond rounds up: 00:00:00.0000001 excludes a1, paid at .000.
    expect(await summary("from=2026-11-01T00:00:00.0000001Z&to=2026-12-01")).toMatchObject({ totalCommissionCents: 1915, transactionCount: 6 });
  });

  it("defaults to the 30 days before now, or before `to`", async () => {
    // now = 12-10: [11-10, 12-10) holds a2, a3, a8, a9, b1, b2, d1 (not a1, paid 11-01).
    //   fees 798 + 50 + 299 + 40 + 306 + 432 + 40 = 1965; shares 140 + 9 + 52 + 7 + 77 + 108 + 0 = 393
    //   unsettled nets 658 + 41 + 247 + 33 + 229 + 40 = 1248
    expect(await summary("")).toEqual(
      expect.objectContaining({ totalCommissionCents: 1965, rebornShareCents: 393, parentNetCents: 1572, pendingParentNetCents: 1248, transactionCount: 7, periodFrom: "2026-11-10T00:00:00.000Z", periodTo: "2026-12-10T00:00:00.000Z" }),
    );
    expect(await summary("to=2026-12-01")).toMatchObject({ totalCommissionCents: 2014, periodFrom: "2026-11-01T00:00:00.000Z" });
  });

  it("separates modes and currencies", async () => {
    const live = await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live");
    // Live: A's one live sale, fee 89, share 16, net 73.
    expect(await summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}`, requester(ctx.app, live!).get)).toMatchObject({
      totalCommissionCents: 89, rebornShareCents: 16, parentNetCents: 73, pendingParentNetCents: 73, transactionCount: 1,
    });
    // USD (in any case): a10 fee 349 share 61, b3 fee 350 share 88.
    expect(await summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}&currency=usd`)).toMatchObject({
      currency: "USD", totalCommissionCents: 699, rebornShareCents: 149, parentNetCents: 550, pendingParentNetCents: 550, transactionCount: 2,
    });
  });

  it("reads the share from the plan on the transaction (the default plan's row for none) and settlement from the row", async () => {
    await ctx.platform.db.update(feePlans).set({ platformShareBps: 1000 }).where(eq(feePlans.id, DEFAULT_FEE_PLAN_ID));
    await ctx.platform.db.update(transactions).set({ settlementId: crypto.randomUUID() }).where(eq(transactions.id, market.ids.a2));
    // d1: share 40 × 10 % = 4 (was 0). a2 settled: its net 658 is no longer pending.
    expect(await summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}`)).toMatchObject({
      totalCommissionCents: 2014, rebornShareCents: 405, parentNetCents: 1609, pendingParentNetCents: 1207 - 4 - 658, transactionCount: 7,
    });
  });

  it("another company sees only its own sub-seller's; an empty period is all zeros", async () => {
    // x1: fee 495, share 495 × 0.5 = 247.5 → 248, net 247.
    expect(await summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}`, requester(ctx.app, market.other).get)).toMatchObject({
      companyId: market.other.sellerId, totalCommissionCents: 495, rebornShareCents: 248, parentNetCents: 247, pendingParentNetCents: 247, transactionCount: 1,
    });
    expect(await summary("from=2026-06-01&to=2026-07-01")).toMatchObject({ totalCommissionCents: 0, rebornShareCents: 0, parentNetCents: 0, pendingParentNetCents: 0, transactionCount: 0 });
  });

  it("reads the company's sub-sellers by index, then each one's transactions up to `to`: never a scan", async () => {
    const plans = await plansOf(ctx.platform.client, "transactions", () => summary(`from=${NOVEMBER.from}&to=${NOVEMBER.to}`));
    expect(plans).toEqual([
      [
        expect.stringContaining("sellers_parent_idx (parent_id=?)"),
        expect.stringContaining("transactions_seller_idx (seller_id=? AND livemode=? AND created_at<?)"),
        expect.stringMatching(/^SEARCH fee_plans/),
      ],
    ]);
  });
});

describe("commission summary period errors", () => {
  const bad: Array<[string, string]> = [
    ["from=2026-02-30", "from"],
    ["from=2026-13-01", "from"],
    ["from=yesterday", "from"],
    ["to=2026-11-01T10:00:00", "to"], // no offset: ambiguous
    ["to=2026-11-01T24:00:00Z", "to"],
    ["from=1969-12-31", "from"],
    ["from=2026-12-01&to=2026-11-01", "to"], // from after to
    ["from=2026-11-01&to=2026-11-01", "to"], // empty
    ["from=2026-12-11", "from"], // after the default to (now)
    ["from=2025-01-01&to=2026-01-03", "to"], // 367 days
    ["from=2025-11-01", "from"], // to now: more than 366 days
    ["currency=XYZ", "currency"],
  ];
  for (const [query, path] of bad) {
    it(`${query} → 400 naming ${path}`, async () => {
      const problem = await expectProblem(await ctx.get(`${PATH}?${query}`), 400, "VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ path, in: "query" })]);
    });
  }

  it("366 days is allowed", async () => {
    expect(await summary("from=2025-01-01&to=2026-01-02")).toMatchObject({ periodFrom: "2025-01-01T00:00:00.000Z", periodTo: "2026-01-02T00:00:00.000Z" });
  });
});
