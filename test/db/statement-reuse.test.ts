/**
 * The hot paths' statements are compiled once and reused (issue 33, item 3). SQLite recompiles a
 * prepared statement on every run when a bound parameter might change its plan: a partial index
 * whose condition compares a column with a literal (`livemode = 1`) makes every `livemode = ?` of
 * a statement on that table such a parameter, and a list page then recompiled its 60-line
 * statement each time (3x its SQL cost; docs/performance.md). SQLite counts recompilations per
 * statement in `sqlite_stmt.reprep`, read here on the same connection after the requests.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { liveTransactionQuery } from "../../worker/domain/pix/psp-payments";
import { createTestContext } from "../support/platform";
import { createPix, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < 3; i++) await createPix(ctx, { amount: 1000 + i });
});

/** Each statement of this connection, by its SQL: how many times SQLite recompiled it, and ran it. */
async function statements(): Promise<Map<string, { reprep: number; run: number }>> {
  const rs = await ctx.platform.client.execute("select sql, reprep, run from sqlite_stmt");
  return new Map(rs.rows.map((r) => [String(r.sql), { reprep: Number(r.reprep), run: Number(r.run) }]));
}

/** The statements recompiled while `work` ran (the migrations' DDL recompiled some before: not counted). */
async function recompiledDuring(work: () => Promise<void>) {
  const before = await statements();
  await work();
  const after = await statements();
  return [...after].filter(([sql, s]) => s.reprep > (before.get(sql)?.reprep ?? 0)).map(([sql, s]) => ({ sql: sql.slice(0, 200), ...s }));
}

describe("statements reused, not recompiled", () => {
  it("GET /v1/transactions, by page, cursor, search and id, runs its statements compiled once", async () => {
    const recompiled = await recompiledDuring(async () => {
      for (let i = 0; i < 5; i++) {
        const page = await ctx.get("/v1/transactions?size=2");
        expect(page.status).toBe(200);
        const body = await page.json();
        expect(body.items).toHaveLength(2);
        expect((await ctx.get(`/v1/transactions?size=2&cursor=${body.nextCursor}`)).status).toBe(200);
        expect((await ctx.get(`/v1/transactions/${body.items[0].id}`)).status).toBe(200);
        const searched = await ctx.get("/v1/transactions?size=2&name=maria");
        expect(searched.status).toBe(200);
        expect((await searched.json()).items).toHaveLength(2);
      }
    });
    expect(recompiled).toEqual([]);
  });

  it("a received PIX finds its live charge through the live txid index, not a scan", async () => {
    const query = liveTransactionQuery(ctx.platform.db, "a-txid").toSQL();
    const plan = await ctx.platform.client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never[] });
    expect(plan.rows.map((r) => String(r.detail)).join(" | ")).toMatch(/^SEARCH transactions USING INDEX transactions_live_txid_idx \(pix_txid=\?\)$/);
  });
});
