/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: ONE statement, one round trip, whose cost does
 * not grow with the seller's history. The page is an index range (or a seek after a cursor),
 * each row is the Transaction already rendered as JSON by the database (render-sql.ts), joined
 * into the page's items beside the connection (PreparedQuery.joined: on the Node host, bytes made
 * on the database thread and written to the socket as they are), and `totalItems` is a read of
 * the counters the triggers of migration 0003 keep, as one more column. The four shapes (status
 * or not, cursor or page number) are built once per database (db/prepared.ts).
 *
 * A charge on the page found past its expiry is expired first and the page read again, so a list
 * never shows a PENDING charge that can no longer be paid (expire-transactions.ts).
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import type { Db } from "../../db/client";
import { perDatabase, PreparedQuery, type Join } from "../../db/prepared";
import { transactionCounts, transactions, type TransactionStatus } from "../../db/schema";
import { pageJson, pageLimit, pageOf, pageStart, type PageParams, type PageStart } from "../../lib/pagination";
import type { Platform } from "../../platform";
import { filterWhere, isFiltered, type TransactionFilters } from "./search-filter";
import { isDue, readTransaction } from "./store";
import { transactionJsonSql } from "./render-sql";
import { qrUrlsUnder } from "./serialize";
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
const pageFields = (total: SQL<number>) => ({
  // The stored view, or (older rows, or just refunded) the same rendered by SQL; both with QR
  // URLs relative to the base, made absolute as the page is joined (joinItems).
  json: sql<string>`coalesce(${transactions.view}, ${transactionJsonSql(sql`''`)})`,
  status: transactions.status,
  expiresAt: transactions.expiresAt,
  createdAt: transactions.createdAt,
  id: transactions.id,
  total,
});

/**
 * The page's items, joined where the rows are (PreparedQuery.joined): column 0 (`json`) of the
 * first `size` rows (a page after a cursor reads one more), comma-separated, with the QR image
 * URLs made absolute as withBaseUrl makes them.
 */
const joinItems = (baseUrl: string, size: number): Join => ({ column: 0, separator: ",", rows: size, replace: qrUrlsUnder(baseUrl) });

/** A raw page row, by position in `pageFields`, its `json` already joined. */
function readRow(raw: ArrayLike<unknown>) {
  return {
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
      .select(pageFields(totalSql(byStatus)))
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
 * index), newest first, each row counting the matches. Neither has a counter to read.
 */
async function readFilteredPage(platform: Platform, scope: Scope, query: ListQuery, start: PageStart) {
  const { db } = platform;
  const t = transactions;
  const { after, offset } = keysetWindow(start, t.createdAt, t.id);
  const where = await filterWhere(platform.vault, scope, query);
  const matches = db.select({ n: count() }).from(t).where(where);
  const page = db
    .select(pageFields(sql<number>`(${matches})`))
    .from(t)
    .where(and(where, after))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageLimit(start, query.size))
    .offset(offset);
  const read = await new PreparedQuery(db, page, readRow).joined(joinItems(platform.config.baseUrl, query.size));
  // With no row, the matches are counted apart (past the end of the results, or none).
  const total = read.rows.length > 0 ? read.rows[0]!.total : ((await matches)[0]?.n ?? 0);
  return { ...read, total };
}

async function readPage(platform: Platform, scope: Scope, query: ListQuery, start: PageStart) {
  if (isFiltered(query)) return readFilteredPage(platform, scope, query, start);
  const queries = pageQueries(platform.db);
  const values = {
    sellerId: scope.sellerId,
    livemode: scope.livemode ? 1 : 0,
    status: query.status ?? null,
    limit: pageLimit(start, query.size),
    offset: "after" in start ? 0 : start.offset,
    afterCreatedAt: "after" in start ? start.after.createdAt : null,
    afterId: "after" in start ? start.after.id : null,
  };
  const read = await queries.pages[(query.status ? 2 : 0) + ("after" in start ? 1 : 0)]!.joined(joinItems(platform.config.baseUrl, query.size), values);
  // Every row carries the total; with no row, past the end (rare) it is asked for, and a first
  // page without rows has none.
  let total = read.rows.length > 0 ? read.rows[0]!.total : 0;
  if (read.rows.length === 0 && start.page > 0) total = (await queries.totals[query.status ? 1 : 0]!.all(values))[0] ?? 0;
  return { ...read, total };
}

/**
 * One page of the scope's transactions as JSON (pageJson): items rendered by the database and
 * joined beside it; on the Node host, bytes written to the socket as they are.
 */
export async function listTransactions(platform: Platform, scope: Scope, query: ListQuery): Promise<string | Uint8Array<ArrayBuffer>> {
  const start = pageStart(query);
  let read = await readPage(platform, scope, query, start);
  const now = platform.now().toISOString();
  const due = read.rows.filter(({ row }) => isDue(row, now));
  if (due.length > 0) {
    for (const { id } of due) await readTransaction(platform, id);
    read = await readPage(platform, scope, query, start);
  }
  // The items are joined already: the envelope is made from the rows' positions alone.
  const { items: _, ...envelope } = pageOf(read.rows, read.total, start, query.size);
  return pageJson(read.text, envelope);
}
