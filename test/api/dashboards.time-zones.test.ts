/**
 * The dashboards count the seller's days (docs/dashboards.md, "Days"): a sale at 23:30 in São
 * Paulo (02:30 UTC the next day) is on the São Paulo day by default; `timeZone` in the query, or
 * the seller's setting (GET/PATCH /v1/sellers/{id}/settings), moves the days to another zone, with
 * a fixed offset (Asia/Kolkata, +05:30) or with DST (America/New_York across March and November).
 * Rows are written at chosen instants (test/support/dashboards.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { insertSeller, insertTx, plansOf } from "../support/dashboards";
import { okJson } from "../support/marketplace-fixture";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;

beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-12-10T12:00:00.000Z");
});

/** A paid PIX sale of `amount` created at `createdAt` (ISO UTC). */
const sale = (createdAt: string, amount = 1000, sellerId = ctx.seller.sellerId) =>
  insertTx(ctx.platform.db, sellerId, { method: "PIX", amount, status: "PAID", createdAt, paidAt: createdAt, fee: 10, planId: null });

const overview = async (query: string) => okJson(await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/dashboard/overview?${query}`));
/** `daily` as `date: count` for the days that have sales. */
const counts = (body: { daily: { date: string; count: number }[] }) => Object.fromEntries(body.daily.filter((d) => d.count).map((d) => [d.date, d.count]));

describe("the overview's days are the seller's days", () => {
  it("by default São Paulo's: a sale at 23:30 there (02:30 UTC next day) is on the São Paulo day", async () => {
    await sale("2026-11-26T02:59:59.999Z", 100); // 25/11 23:59:59.999 in São Paulo
    await sale("2026-11-26T03:00:00.000Z", 200); // 26/11 00:00, the day's first instant
    await sale("2026-11-27T02:30:00.000Z", 300); // 26/11 23:30: UTC calls it the 27th
    await sale("2026-11-27T03:00:00.000Z", 400); // 27/11 00:00
    const body = await overview("from=2026-11-25&to=2026-11-28");
    // A date is midnight in the zone: [25/11 00:00 −03:00, 28/11 00:00 −03:00).
    expect(body).toMatchObject({ timeZone: "America/Sao_Paulo", periodFrom: "2026-11-25T03:00:00.000Z", periodTo: "2026-11-28T03:00:00.000Z", totals: { count: 4, volume: 1000 } });
    expect(body.daily).toEqual([
      { date: "2026-11-25", count: 1, volume: 100, paidCount: 1, paidAmount: 100 },
      { date: "2026-11-26", count: 2, volume: 500, paidCount: 2, paidAmount: 500 },
      { date: "2026-11-27", count: 1, volume: 400, paidCount: 1, paidAmount: 400 },
    ]);
  });

  it("in the zone the query names: Asia/Kolkata (+05:30) and UTC", async () => {
    await sale("2026-11-26T02:30:00.000Z"); // 26/11 08:00 in Kolkata
    await sale("2026-11-26T18:29:59.999Z"); // 26/11 23:59:59.999
    await sale("2026-11-26T18:30:00.000Z"); // 27/11 00:00 in Kolkata, still the 26th in UTC
    const kolkata = await overview("from=2026-11-26&to=2026-11-28&timeZone=Asia/Kolkata");
    expect(kolkata).toMatchObject({ timeZone: "Asia/Kolkata", periodFrom: "2026-11-25T18:30:00.000Z", periodTo: "2026-11-27T18:30:00.000Z" });
    expect(counts(kolkata)).toEqual({ "2026-11-26": 2, "2026-11-27": 1 });
    const utc = await overview("from=2026-11-26&to=2026-11-28&timeZone=utc");
    expect(utc).toMatchObject({ timeZone: "UTC", periodFrom: "2026-11-26T00:00:00.000Z" });
    expect(counts(utc)).toEqual({ "2026-11-26": 3 });
  });

  it("with DST from the seller's setting: New York's days are 23 hours in March and 25 in November", async () => {
    const set = await ctx.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timeZone: "america/new_york" });
    expect(await okJson(set)).toEqual({ sellerId: ctx.seller.sellerId, timeZone: "America/New_York" });
    // 8 March 2026: 02:00 EST (−05:00) becomes 03:00 EDT (−04:00) at 07:00 UTC.
    await sale("2026-03-08T04:59:59.000Z"); // 7/3 23:59:59 EST
    await sale("2026-03-08T05:00:00.000Z"); // 8/3 00:00 EST
    await sale("2026-03-09T03:30:00.000Z"); // 8/3 23:30 EDT: at −05:00 it would be the 9th
    await sale("2026-03-09T04:00:00.000Z"); // 9/3 00:00 EDT
    // 1 November 2026: 02:00 EDT becomes 01:00 EST at 06:00 UTC.
    await sale("2026-11-02T04:30:00.000Z"); // 1/11 23:30 EST: at −04:00 it would be the 2nd
    await sale("2026-11-02T05:00:00.000Z"); // 2/11 00:00 EST
    const march = await overview("from=2026-03-07&to=2026-03-10");
    expect(march).toMatchObject({ timeZone: "America/New_York", periodFrom: "2026-03-07T05:00:00.000Z", periodTo: "2026-03-10T04:00:00.000Z" });
    expect(counts(march)).toEqual({ "2026-03-07": 1, "2026-03-08": 2, "2026-03-09": 1 });
    // One period across both changes: three offsets in one query.
    const year = await overview("from=2026-03-01&to=2026-11-03");
    expect(year.daily[0].date).toBe("2026-03-01");
    expect(year.daily.at(-1).date).toBe("2026-11-02");
    expect(counts(year)).toEqual({ "2026-03-07": 1, "2026-03-08": 2, "2026-03-09": 1, "2026-11-01": 1, "2026-11-02": 1 });
    // The query's zone overrides the setting; the setting stays.
    expect(counts(await overview("from=2026-03-07&to=2026-03-10&timeZone=America/Sao_Paulo"))).toEqual({ "2026-03-08": 2, "2026-03-09": 2 });
    expect(await okJson(await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/settings`))).toEqual({ sellerId: ctx.seller.sellerId, timeZone: "America/New_York" });
    // The day of each row is computed in SQL from the offsets: still one index range, no scan.
    const plans = await plansOf(ctx.platform.client, "transactions", () => overview("from=2026-03-01&to=2026-11-03"));
    expect(plans.flat().filter((line) => line.startsWith("SCAN"))).toEqual([]);
    expect(plans[0]).toContainEqual(expect.stringContaining("transactions_seller_idx (seller_id=? AND livemode=? AND created_at>? AND created_at<?)"));
  });

  it("the last 30 days by default end now, in the seller's days", async () => {
    ctx.platform.clock.set("2026-12-10T02:30:00.000Z"); // 9/12 23:30 in São Paulo
    await sale("2026-12-10T02:00:00.000Z");
    const body = await overview("");
    expect(body.daily.at(-1)).toMatchObject({ date: "2026-12-09", count: 1 });
  });
});

describe("commissions take the zone too", () => {
  it("a date starts at the company's midnight, or the query's zone's", async () => {
    const sub = await insertSeller(ctx.platform.db, ctx.seller.sellerId, undefined, "Sub SP");
    await sale("2026-11-01T02:00:00.000Z", 1000, sub.sellerId); // 31/10 23:00 in São Paulo
    await sale("2026-11-01T04:00:00.000Z", 1000, sub.sellerId); // 1/11 01:00
    const summary = async (query: string) => okJson(await ctx.get(`/v1/companies/dashboard/commissions?${query}`));
    expect(await summary("from=2026-11-01&to=2026-11-02")).toMatchObject({ timeZone: "America/Sao_Paulo", periodFrom: "2026-11-01T03:00:00.000Z", transactionCount: 1 });
    expect(await summary("from=2026-11-01&to=2026-11-02&timeZone=UTC")).toMatchObject({ timeZone: "UTC", periodFrom: "2026-11-01T00:00:00.000Z", transactionCount: 2 });
  });
});

describe("the time zone setting", () => {
  it("defaults to America/Sao_Paulo; the company sets its sub-seller's; a stranger gets 404", async () => {
    expect(await okJson(await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/settings`))).toEqual({ sellerId: ctx.seller.sellerId, timeZone: "America/Sao_Paulo" });
    const sub = await insertSeller(ctx.platform.db, ctx.seller.sellerId, undefined, "Sub Recife");
    expect(await okJson(await ctx.patch(`/v1/sellers/${sub.sellerId}/settings`, { timeZone: "America/Recife" }))).toMatchObject({ timeZone: "America/Recife" });
    expect(await okJson(await requester(ctx.app, sub).get(`/v1/sellers/${sub.sellerId}/settings`))).toMatchObject({ timeZone: "America/Recife" });
    expect(await okJson(await ctx.patch(`/v1/sellers/${sub.sellerId}/settings`, {}))).toMatchObject({ timeZone: "America/Recife" });
    const stranger = requester(ctx.app, await insertSeller(ctx.platform.db, null, undefined, "Outra Loja"));
    await expectProblem(await stranger.get(`/v1/sellers/${ctx.seller.sellerId}/settings`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await stranger.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timeZone: "UTC" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await requester(ctx.app, sub).get(`/v1/sellers/${ctx.seller.sellerId}/settings`), 404, "RESOURCE_NOT_FOUND");
  });

  it("an unknown zone or an offset is a 400 naming timeZone, in the body and in the query", async () => {
    for (const timeZone of ["Mars/Olympus_Mons", "-03:00", "", "America/Sao Paulo"]) {
      const bad = await expectProblem(await ctx.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timeZone }), 400, "VALIDATION_FAILED");
      expect(bad.errors).toEqual([expect.objectContaining({ path: "timeZone", in: "body", code: "invalid_time_zone" })]);
    }
    const unknown = await expectProblem(await ctx.patch(`/v1/sellers/${ctx.seller.sellerId}/settings`, { timezone: "UTC" }), 400, "VALIDATION_FAILED");
    expect(unknown.errors).toEqual([expect.objectContaining({ path: "timezone", code: "unknown_field" })]);
    for (const path of [`/v1/sellers/${ctx.seller.sellerId}/dashboard/overview`, "/v1/companies/dashboard/commissions"]) {
      const bad = await expectProblem(await ctx.get(`${path}?timeZone=Nowhere/City`), 400, "VALIDATION_FAILED");
      expect(bad.errors).toEqual([expect.objectContaining({ path: "timeZone", in: "query", code: "invalid_time_zone" })]);
    }
    expect(await okJson(await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/settings`))).toMatchObject({ timeZone: "America/Sao_Paulo" });
  });
});
