/**
 * GET /v1/sellers/{sellerId}/dashboard/overview against the hand-computed marketplace of
 * test/support/marketplace-fixture.ts: sub-seller A's transactions created in November 2026.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { plansOf } from "../support/dashboards";
import { marketplaceContext, NOVEMBER, okJson, type seedMarketplace } from "../support/marketplace-fixture";
import { requester } from "../support/platform";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let market: Awaited<ReturnType<typeof seedMarketplace>>;

beforeEach(async () => {
  ({ ctx, market } = await marketplaceContext());
});

const overview = async (sellerId: string, query: string, get = ctx.get) => okJson(await get(`/v1/sellers/${sellerId}/dashboard/overview?${query}`));

const emptyDay = (date: string) => ({ date, count: 0, volume: 0, paidCount: 0, paidAmount: 0 });
/** Every day from `first` for `n` days, with the given days filled in. */
function series(first: string, n: number, filled: Record<string, [number, number, number, number]>) {
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(Date.parse(first) + i * 86_400_000).toISOString().slice(0, 10);
    const f = filled[date];
    return f ? { date, count: f[0], volume: f[1], paidCount: f[2], paidAmount: f[3] } : emptyDay(date);
  });
}

describe("seller overview", () => {
  it("breaks November down by status, method and day, with approval rate, refunds, fees and net", async () => {
    // Created in [11-01, 12-01), test, BRL: a4 PIX 3000 PENDING (11-01, exactly at from);
    // a5 DEBIT 8000 FAILED, a11 CREDIT 1000 FAILED, a7 CREDIT 7000 CANCELLED (11-05);
    // a2 CREDIT 25000 REFUNDED (11-10, fee 798); a8 DEBIT 15000 PAID (fee 299), a9 PIX 4000
    // REFUND_PENDING (fee 40) (11-20); a3 PIX 5000 PAID (11-30, fee 50). Not a6 (created at to).
    const body = await overview(market.a.sellerId, `from=${NOVEMBER.from}&to=${NOVEMBER.to}`);
    expect(body).toEqual({
      sellerId: market.a.sellerId,
      periodFrom: "2026-11-01T00:00:00.000Z",
      periodTo: "2026-12-01T00:00:00.000Z",
      timeZone: "UTC", // the fixture's sellers count in UTC days
      currency: "BRL",
      totals: { count: 8, volume: 68000 }, // 3000 + 8000 + 1000 + 7000 + 25000 + 15000 + 4000 + 5000
      byStatus: {
        PENDING: { count: 1, amount: 3000 },
        PAID: { count: 2, amount: 20000 }, // a8 + a3
        FAILED: { count: 2, amount: 9000 },
        CANCELLED: { count: 1, amount: 7000 },
        REFUND_PENDING: { count: 1, amount: 4000 },
        REFUNDED: { count: 1, amount: 25000 },
      },
      byPaymentMethod: {
        PIX: { count: 3, amount: 12000, paidCount: 2, paidAmount: 9000 }, // a4, a9, a3; paid a9 + a3
        CREDIT_CARD: { count: 3, amount: 33000, paidCount: 1, paidAmount: 25000 }, // a11, a7, a2
        DEBIT_CARD: { count: 2, amount: 23000, paidCount: 1, paidAmount: 15000 }, // a5, a8
      },
      approvalRate: 0.6667, // paid 4 / (4 + 2 failed) = 0.66666… → 0.6667
      // Completed in the period: a1's 1000 (a1 itself created in October), a2's 25000, a8's 5000.
      refunds: { count: 3, amount: 31000 },
      fees: 1187, // 798 + 299 + 40 + 50
      net: 16813, // nets 24202 + 14701 + 3960 + 4950 = 47813, − 31000 refunded
      daily: series("2026-11-01", 30, {
        "2026-11-01": [1, 3000, 0, 0],
        "2026-11-05": [3, 16000, 0, 0],
        "2026-11-10": [1, 25000, 1, 25000],
        "2026-11-20": [2, 19000, 2, 19000],
        "2026-11-30": [1, 5000, 1, 5000],
      }),
    });
  });

  it("takes offsets: São Paulo's November moves a4 out and a6 and a8's last refund in", async () => {
    // [11-01T03:00Z, 12-01T03:00Z): a4 (00:00Z) is out; a6 PIX 2000 PENDING (12-01T00:00Z) and
    // the 1000 refund of a8 completed at 12-01T00:00Z are in. 31 UTC days are touched.
    const body = await overview(market.a.sellerId, `from=${encodeURIComponent("2026-11-01T00:00:00-03:00")}&to=${encodeURIComponent("2026-12-01T00:00:00-03:00")}`);
    expect(body).toMatchObject({
      periodFrom: "2026-11-01T03:00:00.000Z",
      totals: { count: 8, volume: 67000 }, // 68000 − 3000 + 2000
      byStatus: { PENDING: { count: 1, amount: 2000 } },
      refunds: { count: 4, amount: 32000 },
      net: 15813, // 47813 − 32000
    });
    expect(body.daily).toHaveLength(31);
    expect(body.daily[0]).toEqual(emptyDay("2026-11-01"));
    expect(body.daily[30]).toEqual({ date: "2026-12-01", count: 1, volume: 2000, paidCount: 0, paidAmount: 0 });
  });

  it("defaults to the last 30 days", async () => {
    // now 12-10: [11-10, 12-10) holds a2, a8, a9, a3 and a6: 25000 + 15000 + 4000 + 5000 + 2000.
    const body = await overview(market.a.sellerId, "");
    expect(body).toMatchObject({ periodFrom: "2026-11-10T00:00:00.000Z", periodTo: "2026-12-10T00:00:00.000Z", totals: { count: 5, volume: 51000 } });
    expect(body.daily.map((d: { date: string }) => d.date)).toEqual(series("2026-11-10", 30, {}).map((d) => d.date));
  });

  it("separates currencies and modes, and has a null approval rate when nothing was paid or declined", async () => {
    // USD: a10 CREDIT 10000 PAID, fee 349, net 9651.
    expect(await overview(market.a.sellerId, `from=${NOVEMBER.from}&to=${NOVEMBER.to}&currency=USD`)).toMatchObject({
      currency: "USD", totals: { count: 1, volume: 10000 }, byStatus: { PAID: { count: 1, amount: 10000 } }, approvalRate: 1, fees: 349, net: 9651, refunds: { count: 0, amount: 0 },
    });
    // Through the company's live key: A was created in test mode, so it is not the live key's to
    // read (404, docs/sellers.md); the company's own live figures hold none of its test sales.
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect((await live.get(`/v1/sellers/${market.a.sellerId}/dashboard/overview?from=${NOVEMBER.from}&to=${NOVEMBER.to}`)).status).toBe(404);
    expect(await overview(ctx.seller.sellerId, `from=${NOVEMBER.from}&to=${NOVEMBER.to}`, live.get)).toMatchObject({ totals: { count: 0, volume: 0 }, fees: 0 });
    // The company itself sold one PIX 7000 in November (fee 69); in June nothing at all.
    expect(await overview(ctx.seller.sellerId, `from=${NOVEMBER.from}&to=${NOVEMBER.to}`)).toMatchObject({ totals: { count: 1, volume: 7000 }, approvalRate: 1, fees: 69 });
    const june = await overview(ctx.seller.sellerId, "from=2026-06-01&to=2026-06-02T12:00:00Z");
    expect(june).toMatchObject({ totals: { count: 0, volume: 0 }, approvalRate: null, fees: 0, net: 0, refunds: { count: 0, amount: 0 } });
    expect(june.daily).toEqual([emptyDay("2026-06-01"), emptyDay("2026-06-02")]);
  });

  it("reads by the seller's index, and refunds by transaction: never a scan", async () => {
    const plans = await plansOf(ctx.platform.client, "transactions", () => overview(market.a.sellerId, `from=${NOVEMBER.from}&to=${NOVEMBER.to}`));
    expect(plans).toHaveLength(2);
    expect(plans.flat().filter((line) => line.startsWith("SCAN"))).toEqual([]);
    expect(plans[0]).toContainEqual(expect.stringContaining("transactions_seller_idx (seller_id=? AND livemode=? AND created_at>? AND created_at<?)"));
    expect(plans[1]).toEqual([expect.stringContaining("transactions_seller_idx"), expect.stringContaining("refunds_transaction_idx")]);
  });
});
