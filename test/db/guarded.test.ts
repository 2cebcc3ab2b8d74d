/**
 * `insertWhere` writes its INSERT's text and parameters itself (drizzle's walk over a 53-column
 * row cost 150 µs per statement in the billing sweep). What it builds must be exactly what
 * drizzle builds from the same values, or fall back to drizzle: these compare the two, then run
 * the statement and read the row back.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertWhere } from "../../worker/db/guarded";
import { preparedBatch } from "../../worker/db/prepared";
import { events, invoices, transactions } from "../../worker/db/schema";
import { sellerFeeRateSql } from "../../worker/domain/transactions/fees";
import { createTestContext } from "../support/platform";
import { pixBody } from "../support/transactions";

/** What drizzle itself builds for the statement (its SQL object, walked). */
const drizzleBuilt = (ctx: Awaited<ReturnType<typeof createTestContext>>, statement: ReturnType<typeof insertWhere>) => {
  const db = ctx.platform.db as unknown as { dialect: { sqlToQuery(s: unknown): { sql: string; params: unknown[] } } };
  return db.dialect.sqlToQuery(statement.getSQL());
};

describe("insertWhere", () => {
  it("builds the text and parameters drizzle builds: plain values through their encoders (JSON, booleans, nulls), SQL values and the condition spliced", async () => {
    const ctx = await createTestContext();
    const created = await (await ctx.post("/v1/transactions", pixBody())).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, created.id));
    const rate = sellerFeeRateSql(row!.sellerId, "PIX");
    const id = crypto.randomUUID();
    const values = { ...row!, id, pixTxid: null, pixLocationId: null, idempotencyKey: `k-${id}`, feePlanId: rate.feePlanId, feePercentBps: rate.percentBps, feeFixedAmount: rate.fixedAmount };
    const statement = insertWhere(ctx.platform.db, transactions, values, sql`${rate.priced} and 1 = ${1}`);
    // Built here (an own getQuery), not by drizzle's (the prototype's).
    expect(Object.hasOwn(statement, "getQuery")).toBe(true);
    const mine = statement.getQuery();
    const theirs = drizzleBuilt(ctx, statement);
    expect(mine.sql).toBe(theirs.sql);
    expect(mine.params).toEqual(theirs.params);
    expect(mine.params).toContain(true === row!.livemode ? 1 : 0);

    // In a batch it writes the row drizzle would have written.
    const [result] = (await ctx.platform.db.batch([statement])) as Array<{ rowsAffected: number }>;
    expect(result!.rowsAffected).toBe(1);
    const [copy] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, id));
    expect({ ...copy, id: row!.id, idempotencyKey: row!.idempotencyKey, pixTxid: row!.pixTxid, pixLocationId: row!.pixLocationId }).toEqual(row);

    // The condition still decides: false, nothing is written.
    const skipped = insertWhere(ctx.platform.db, invoices, { id: crypto.randomUUID() } as never, sql`0`);
    expect(skipped.getQuery().sql).toBe(drizzleBuilt(ctx, skipped).sql);
  });

  it("leaves a statement with a placeholder to drizzle, so a prepared batch binds it later", async () => {
    const ctx = await createTestContext();
    const created = await (await ctx.post("/v1/transactions", pixBody())).json();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, created.id));
    const placeheld = (db: typeof ctx.platform.db) => insertWhere(db, transactions, { ...row!, id: sql.placeholder("id"), idempotencyKey: sql.placeholder("key"), pixTxid: null, pixLocationId: null }, sql`1`);
    expect(Object.hasOwn(placeheld(ctx.platform.db), "getQuery")).toBe(false);
    const build = preparedBatch((db) => [placeheld(db)]);
    const id = crypto.randomUUID();
    await build(ctx.platform.db).run({ id, key: `k-${id}` });
    const [copy] = await ctx.platform.db.select({ id: transactions.id, amount: transactions.amount }).from(transactions).where(eq(transactions.id, id));
    expect(copy).toEqual({ id, amount: row!.amount });
  });

  it("runs on its own, outside a batch, with drizzle's SQL, built only then", async () => {
    const ctx = await createTestContext();
    const id = crypto.randomUUID();
    const row = { id, type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, livemode: false, data: { transactionId: "t" }, test: true, occurredAt: "2026-11-27T00:00:00.000Z", createdAt: "2026-11-27T00:00:00.000Z" };
    const statement = insertWhere(ctx.platform.db, events, row as never, sql`1 = ${1}`);
    // Until something reads it, drizzle's SQL object of the statement is not built.
    expect(Object.getOwnPropertyDescriptor(statement.getSQL(), "queryChunks")?.get).toBeTypeOf("function");
    await statement;
    const [copy] = await ctx.platform.db.select().from(events).where(eq(events.id, id));
    expect(copy).toMatchObject({ id, type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, livemode: false, data: { transactionId: "t" }, test: true });
  });
});
