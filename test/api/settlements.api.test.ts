/**
 * GET /v1/settlements and /{id}, POST /v1/sandbox/settlements/run: the caller's own settlements
 * in its key's mode, the page envelope and filter, the forced run (with `asOf`), live mode, and
 * concurrent runs that never settle anything twice.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { payTransaction } from "../../worker/domain/transactions/pay-transaction";
import { settleDue } from "../../worker/domain/settlements/settle";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { expectProblem } from "../support/problem";
import { eventsOf, settlementOf, settlementRows, sweepAt } from "../support/settlements";
import { createPix, paidCharge, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-05-04T15:00:00Z");
});

/** Another company seller with its own key, in the same installation. */
async function otherSeller() {
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
  return { seller, ...requester(ctx.app, seller) };
}

describe("GET /v1/settlements", () => {
  it("lists the caller's settlements newest first in the page envelope, filtered by status; another seller's is 404", async () => {
    const other = await otherSeller();
    await paidCharge(ctx, 1000);
    await paidCharge({ ...ctx, ...other }, 2000);
    expect(await sweepAt(ctx, "2026-05-05T00:00:00Z")).toBe(2);
    await paidCharge(ctx, 3000);
    expect(await sweepAt(ctx, "2026-05-06T00:00:00Z")).toBe(1);

    const page = await (await ctx.get("/v1/settlements")).json();
    expect(page).toMatchObject({ page: 0, size: 20, totalItems: 2, totalPages: 1, hasNext: false, isFirst: true, isLast: true, nextCursor: null });
    expect(page.items.map((s: { grossAmount: number }) => s.grossAmount)).toEqual([3000, 1000]);
    expect(Object.keys(page.items[0]).sort()).toEqual(
      ["id", "sellerId", "status", "currency", "dueDate", "transactionCount", "grossAmount", "feeAmount", "refundedAmount", "chargebackAmount", "netAmount", "paidAt", "createdAt", "livemode"].sort(),
    );

    const first = await (await ctx.get("/v1/settlements?size=1")).json();
    expect(first).toMatchObject({ totalItems: 2, totalPages: 2, hasNext: true, items: [{ grossAmount: 3000 }] });
    const next = await (await ctx.get(`/v1/settlements?size=1&cursor=${first.nextCursor}`)).json();
    expect(next).toMatchObject({ page: 1, hasNext: false, items: [{ grossAmount: 1000 }] });

    expect((await (await ctx.get("/v1/settlements?status=PAID")).json()).totalItems).toBe(2);
    expect(await (await ctx.get("/v1/settlements?status=SCHEDULED")).json()).toMatchObject({ items: [], totalItems: 0 });
    const bad = await expectProblem(await ctx.get("/v1/settlements?status=DONE"), 400, "VALIDATION_FAILED");
    expect(bad.errors).toEqual([expect.objectContaining({ path: "status", in: "query" })]);

    const theirs = (await (await other.get("/v1/settlements")).json()).items;
    expect(theirs).toEqual([expect.objectContaining({ sellerId: other.seller.sellerId, grossAmount: 2000 })]);
    expect((await ctx.get(`/v1/settlements/${theirs[0].id}`)).status).toBe(404);
    expect(await (await other.get(`/v1/settlements/${theirs[0].id}`)).json()).toEqual(theirs[0]);
    await expectProblem(await ctx.get(`/v1/settlements/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");
    const badId = await expectProblem(await ctx.get("/v1/settlements/nope"), 400, "VALIDATION_FAILED");
    expect(badId.errors).toEqual([expect.objectContaining({ path: "id", in: "path" })]);
  });
});

describe("live mode", () => {
  it("the sweep settles live money too; each key sees only its mode's settlements; sandbox routes are 404 to a live key", async () => {
    ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
    ctx.platform.clock.set("2026-05-04T15:00:00Z");
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const charge = await createPix(live, { amount: 5000 });
    // What the PSP's confirmation does in live mode (the sandbox route is test-only).
    await payTransaction(ctx.platform, { sellerId: ctx.seller.sellerId, livemode: true }, charge.id);
    await paidCharge(ctx, 1000);
    expect(await sweepAt(ctx, "2026-05-05T00:00:00Z")).toBe(2);

    const [liveSettlement] = (await (await live.get("/v1/settlements")).json()).items;
    expect(liveSettlement).toMatchObject({ livemode: true, grossAmount: 5000, feeAmount: 50, netAmount: 4950, status: "PAID" });
    expect(await settlementOf(ctx, charge.id)).toBe(liveSettlement.id);
    expect((await ctx.get(`/v1/settlements/${liveSettlement.id}`)).status).toBe(404);
    expect((await (await ctx.get("/v1/settlements")).json()).items).toEqual([expect.objectContaining({ livemode: false, grossAmount: 1000 })]);
    const paidEvents = await eventsOf(ctx, "SETTLEMENT_PAID");
    expect(paidEvents.map((e) => [e.event.livemode, (e.event.data.details as { id: string }).id]).sort()).toEqual(
      [[false, expect.any(String)], [true, liveSettlement.id]],
    );

    await expectProblem(await live.post("/v1/sandbox/settlements/run", {}), 404, "ROUTE_NOT_FOUND");
    await expectProblem(await live.post(`/v1/sandbox/transactions/${charge.id}/chargeback`), 404, "ROUTE_NOT_FOUND");
  });
});

describe("POST /v1/sandbox/settlements/run", () => {
  it("settles only the caller's test data that is due, now or as of a later day", async () => {
    const other = await otherSeller();
    const mine = await paidCharge(ctx, 1000);
    const theirs = await paidCharge({ ...ctx, ...other }, 2000);

    expect(await (await ctx.post("/v1/sandbox/settlements/run")).json()).toEqual({ items: [] }); // due tomorrow
    const res = await ctx.post("/v1/sandbox/settlements/run", { asOf: "2026-05-05T09:00:00-03:00" });
    expect(res.status).toBe(200);
    const { items } = await res.json();
    expect(items).toEqual([expect.objectContaining({ sellerId: ctx.seller.sellerId, dueDate: "2026-05-05", grossAmount: 1000, netAmount: 990, paidAt: "2026-05-04T15:00:00.000Z" })]);
    expect(items[0]).toEqual(await (await ctx.get(`/v1/settlements/${items[0].id}`)).json());
    expect(await settlementOf(ctx, mine.id)).toBe(items[0].id);
    expect(await settlementOf(ctx, theirs.id)).toBeNull();
    expect(await (await ctx.post("/v1/sandbox/settlements/run", { asOf: "2026-05-05T09:00:00Z" })).json()).toEqual({ items: [] });
  });

  it("refuses an asOf in the past, too far ahead, malformed, or an unknown field, naming it", async () => {
    for (const body of [{ asOf: "2026-05-03T23:59:59Z" }, { asOf: "2027-05-06T00:00:00Z" }, { asOf: "tomorrow" }, { asOf: 20260505 }]) {
      const problem = await expectProblem(await ctx.post("/v1/sandbox/settlements/run", body), 400, "VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ path: "asOf", in: "body" })]);
    }
    const unknown = await expectProblem(await ctx.post("/v1/sandbox/settlements/run", { when: "now" }), 400, "VALIDATION_FAILED");
    expect(unknown.errors).toEqual([expect.objectContaining({ path: "when", code: "unknown_field" })]);
    expect((await ctx.post("/v1/sandbox/settlements/run", { asOf: "2026-05-04T00:00:00Z" })).status).toBe(200); // today is fine
  });
});

describe("concurrent runs", () => {
  it("two sweeps and a sandbox run at once settle each transaction once, with one event", async () => {
    ctx = await createTestContext({ dbLatency: true });
    ctx.platform.clock.set("2026-05-04T15:00:00Z");
    const txs = [await paidCharge(ctx, 1000), await paidCharge(ctx, 2000)];
    ctx.platform.clock.set("2026-05-05T00:00:10Z");
    const asOf = ctx.platform.now();
    const runs = await Promise.all([
      settleDue(ctx.platform, { asOf }),
      settleDue(ctx.platform, { asOf }),
      ctx.post("/v1/sandbox/settlements/run").then(async (r) => (await r.json()).items),
    ]);
    expect(runs.flat()).toHaveLength(1);
    const rows = await settlementRows(ctx);
    expect(rows).toEqual([expect.objectContaining({ transactionCount: 2, grossAmount: 3000, netAmount: 3000 - 10 - 20 })]);
    expect(await Promise.all(txs.map((t) => settlementOf(ctx, t.id)))).toEqual([rows[0]!.id, rows[0]!.id]);
    expect(await eventsOf(ctx, "SETTLEMENT_PAID")).toHaveLength(1);
  });
});
