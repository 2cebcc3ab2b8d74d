/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: ONE statement, one round trip, whose cost does
 * not grow with the seller's history. The page is an index range (or a seek after a cursor),
 * each row carries its refunds as a JSON column, and `totalItems` is a read of the counters the
 * triggers of migration 0003 keep, as one more column. The four shapes (status or not, cursor
 * or page number) are built once per database (db/prepared.ts).
 *
 * A charge on the page found past its expiry is expired first and the page read again, so a list
 * never shows a PENDING charge that can no longer be paid (expire-transactions.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { perDatabase, PreparedQuery } from "../../db/prepared";
import { transactionCounts, transactions, type TransactionStatus } from "../../db/schema";
import { pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import type { Transaction } from "../../schemas/transaction";
import { isDue, readTransaction } from "./expire-transactions";
import { toTransaction, VIEW_COLUMNS } from "./serialize";
import { transactionReader, type Scope } from "./store";

/** The list's filters and position. */
export type ListQuery = PageParams & { status?: TransactionStatus };

const p = sql.placeholder;

/** The total of the scope (of one status when `byStatus`), from the counters. */
const totalSql = (byStatus: boolean) =>
  sql<number>`(select coalesce(sum(${transactionCounts.n}), 0) from ${transactionCounts}
    where ${transactionCounts.sellerId} = ${p("sellerId")} and ${transactionCounts.livemode} = ${p("livemode")}
    ${byStatus ? sql`and ${transactionCounts.status} = ${p("status")}` : sql``})`;

/** What a list reads of each transaction: what it shows, never the sealed data or internals. */
const view = transactionReader(Object.fromEntries(VIEW_COLUMNS.map((k) => [k, transactions[k]])) as Pick<typeof transactions, (typeof VIEW_COLUMNS)[number]>);

/** The four shapes of the page query, each with the scope's total as its last column. */
const pageQueries = perDatabase((db: Db) => {
  const shape = (byStatus: boolean, afterCursor: boolean) => {
    const where = and(
      eq(transactions.sellerId, p("sellerId")),
      eq(transactions.livemode, p("livemode")),
      byStatus ? eq(transactions.status, p("status")) : undefined,
      afterCursor ? sql`(${transactions.createdAt}, ${transactions.id}) < (${p("afterCreatedAt")}, ${p("afterId")})` : undefined,
    );
    const query = db
      .select({ ...view.fields, total: totalSql(byStatus) })
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(p("limit"))
      .offset(p("offset"));
    return new PreparedQuery(db, query, view.read);
  };
  const total = (byStatus: boolean) => new PreparedQuery(db, db.select({ total: totalSql(byStatus) }).from(sql`(select 1)`), (raw) => Number(raw[0]));
  return {
    pages: [shape(false, false), shape(false, true), shape(true, false), shape(true, true)],
    totals: [total(false), total(true)],
  };
});

async function readPage(db: Db, scope: Scope, query: ListQuery) {
  const start = pageStart(query);
  const queries = pageQueries(db);
  const values = {
    sellerId: scope.sellerId,
    livemode: scope.livemode ? 1 : 0,
    status: query.status ?? null,
    // One more than a page: whether it exists says whether a next page does.
    limit: query.size + 1,
    offset: "after" in start ? 0 : start.offset,
    afterCreatedAt: "after" in start ? start.after.createdAt : null,
    afterId: "after" in start ? start.after.id : null,
  };
  const rows = await queries.pages[(query.status ? 2 : 0) + ("after" in start ? 1 : 0)]!.all(values);
  // Every row carries the total; with no row, past the end (rare) it is asked for, and a first
  // page without rows has none.
  let total = rows.length > 0 ? Number(rows[0]!.extra) : 0;
  if (rows.length === 0 && start.page > 0) total = (await queries.totals[query.status ? 1 : 0]!.all(values))[0] ?? 0;
  return { views: rows, total, start };
}

/** One page of the scope's transactions. */
export async function listTransactions(platform: Platform, scope: Scope, query: ListQuery): Promise<Page<Transaction>> {
  let read = await readPage(platform.db, scope, query);
  const now = platform.now().toISOString();
  const due = read.views.filter(({ row }) => isDue(row, now));
  if (due.length > 0) {
    for (const { row } of due) await readTransaction(platform, row.id);
    read = await readPage(platform.db, scope, query);
  }
  const page = pageOf(
    read.views.map((v) => ({ view: v, createdAt: v.row.createdAt, id: v.row.id })),
    read.total,
    read.start,
    query.size,
  );
  return { ...page, items: page.items.map(({ view }) => toTransaction(view, platform.config.baseUrl)) };
}
