/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: ONE statement, one round trip, whose cost does
 * not grow with the seller's history. The page is an index range (or a seek after a cursor),
 * each row is the Transaction already rendered as JSON by the database (render-sql.ts), and
 * `totalItems` is a read of the counters the triggers of migration 0003 keep, as one more
 * column. The four shapes (status or not, cursor or page number) are built once per database
 * (db/prepared.ts).
 *
 * A charge on the page found past its expiry is expired first and the page read again, so a list
 * never shows a PENDING charge that can no longer be paid (expire-transactions.ts).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import type { Db } from "../../db/client";
import { perDatabase, PreparedQuery } from "../../db/prepared";
import { transactionCounts, transactions, type TransactionStatus } from "../../db/schema";
import { pageJson, pageLimit, pageOf, pageStart, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import { filterWhere, isFiltered, type TransactionFilters } from "./search-filter";
import { isDue, readTransaction } from "./store";
import { transactionJsonSql } from "./render-sql";
import { withBaseUrl } from "./serialize";
import type { Scope } from "../scope";

/**
 * The list's filters and position. Beyond `status`, the filters are the dashboard's search
 * (docs/dashboard.md): a method, a creation window [createdFrom, createdTo), an amount range, the
 * buyer's e-mail (exact, any case) and the search keys of search-filter.ts.
 */
export type ListQuery = PageParams & TransactionFilters;

const p = sql.placeholder;

/** The total of the scope (of one status when `byStatus`), from the counters. */
const totalSql = (byStatus: boolean) =>
  sql<number>`(select coalesce(sum(${transactionCounts.n}), 0) from ${transactionCounts}
    where ${transactionCounts.sellerId} = ${p("sellerId")} and ${transactionCounts.livemode} = ${p("livemode")}
    ${byStatus ? sql`and ${transactionCounts.status} = ${p("status")}` : sql``})`;

/** What a list reads of each transaction: its rendered JSON, and what paging and expiry need. */
const pageFields = (byStatus: boolean) => ({
  // The stored view, or (older rows, or just refunded) the same rendered by SQL; both with QR
  // URLs relative to the base, made absolute once for the page.
  json: sql<string>`coalesce(${transactions.view}, ${transactionJsonSql(p("relativeBase"))})`,
  status: transactions.status,
  expiresAt: transactions.expiresAt,
  createdAt: transactions.createdAt,
  id: transactions.id,
  total: totalSql(byStatus),
});

/** A raw page row, by position in `pageFields`. */
function readRow(raw: ArrayLike<unknown>) {
  return {
    json: raw[0] as string,
    // The claim is not read here: a due row is re-read whole (readTransaction), which respects it.
    row: { status: raw[1] as TransactionStatus, expiresAt: raw[2] as string | null, confirmingUntil: null },
    createdAt: raw[3] as string,
    id: raw[4] as string,
    total: Number(raw[5]),
  };
}

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
      .select(pageFields(byStatus))
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(p("limit"))
      .offset(p("offset"));
    return new PreparedQuery(db, query, readRow);
  };
  const total = (byStatus: boolean) => new PreparedQuery(db, db.select({ total: totalSql(byStatus) }).from(sql`(select 1)`), (raw) => Number(raw[0]));
  return {
    pages: [shape(false, false), shape(false, true), shape(true, false), shape(true, true)],
    totals: [total(false), total(true)],
  };
});

/**
 * A page filtered beyond the status: one payment link's charges (`?paymentLinkId=`, which walk the
 * link's own index, transactions_payment_link_idx), or a search (search-filter.ts: each key its own
 * index), newest first, counting its matches. Neither has a counter to read.
 */
async function readFilteredPage(platform: Platform, scope: Scope, query: ListQuery) {
  const { db } = platform;
  const t = transactions;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, t.createdAt, t.id);
  const where = await filterWhere(platform.vault, scope, query);
  const [rows, [counted]] = await db.batch([
    db
      .select({ json: sql<string>`coalesce(${t.view}, ${transactionJsonSql(sql`''`)})`, status: t.status, expiresAt: t.expiresAt, createdAt: t.createdAt, id: t.id })
      .from(t)
      .where(and(where, after))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(pageLimit(start, query.size))
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const total = counted?.n ?? 0;
  return { rows: rows.map((r) => ({ ...r, row: { status: r.status, expiresAt: r.expiresAt, confirmingUntil: null }, total })), total, start };
}

async function readPage(platform: Platform, scope: Scope, query: ListQuery) {
  if (isFiltered(query)) return readFilteredPage(platform, scope, query);
  const start = pageStart(query);
  const queries = pageQueries(platform.db);
  const values = {
    sellerId: scope.sellerId,
    livemode: scope.livemode ? 1 : 0,
    status: query.status ?? null,
    relativeBase: "",
    limit: pageLimit(start, query.size),
    offset: "after" in start ? 0 : start.offset,
    afterCreatedAt: "after" in start ? start.after.createdAt : null,
    afterId: "after" in start ? start.after.id : null,
  };
  const rows = await queries.pages[(query.status ? 2 : 0) + ("after" in start ? 1 : 0)]!.all(values);
  // Every row carries the total; with no row, past the end (rare) it is asked for, and a first
  // page without rows has none.
  let total = rows.length > 0 ? rows[0]!.total : 0;
  if (rows.length === 0 && start.page > 0) total = (await queries.totals[query.status ? 1 : 0]!.all(values))[0] ?? 0;
  return { rows, total, start };
}

/** One page of the scope's transactions, as JSON text (pageJson): items rendered by the database. */
export async function listTransactions(platform: Platform, scope: Scope, query: ListQuery): Promise<string> {
  let read = await readPage(platform, scope, query);
  const now = platform.now().toISOString();
  const due = read.rows.filter(({ row }) => isDue(row, now));
  if (due.length > 0) {
    for (const { id } of due) await readTransaction(platform, id);
    read = await readPage(platform, scope, query);
  }
  const page = pageOf(read.rows, read.total, read.start, query.size);
  return withBaseUrl(pageJson({ ...page, items: page.items.map((r) => r.json) }), platform.config.baseUrl);
}
