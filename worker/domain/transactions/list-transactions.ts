/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: ONE statement, one round trip, one row, whose
 * cost does not grow with the seller's history. The page is an index range (or a seek after a
 * cursor); each item is the Transaction already rendered as JSON by the database (render-sql.ts)
 * and comma-joined there (pageSelect); its QR URLs are made absolute beside the connection
 * (PreparedQuery.joined: on the Node host, bytes made on the database thread and written to the
 * socket as they are); `totalItems` is a read of the counters the triggers of migration 0003
 * keep. The four shapes (status or not, cursor or page number) are built once per database
 * (db/prepared.ts).
 *
 * A charge on the page found past its expiry is expired first and the page read again, so a list
 * never shows a PENDING charge that can no longer be paid (expire-transactions.ts).
 */
import { and, count, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
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

/**
 * Each item as the database renders it: the stored view, or (older rows, or just refunded) the
 * same rendered by SQL; both with QR URLs relative to the base, made absolute as the page is
 * joined (joinItems).
 */
const itemJson = sql<string>`coalesce(${transactions.view}, ${transactionJsonSql(sql`''`)})`;

/** Where a page sits in the scope's newest-first order: its size, its offset, the rows counted. */
interface PageWindow {
  /** The page's items. */
  size: number | Placeholder;
  offset: number | Placeholder;
  /**
   * After a cursor, one more than `size` (pageLimit): the rows counted from there, whose count
   * says whether a next page exists. Absent for a page number, whose total says it (a count at
   * an offset would walk the offset a second time).
   */
  limit?: number | Placeholder;
}

/**
 * A page as ONE row, from one pass over the page's rows: their JSON comma-joined by the database,
 * their `[status, expiresAt, createdAt, id]` as one JSON array (what expiry and the cursor need),
 * `total`, and after a cursor how many of `limit` rows exist from there (an index-only count:
 * the next page's first row is never read). One row because the driver's cost is per row and per
 * value: twenty rows of six values cost the database thread more than SQLite's own reading of
 * them (docs/performance.md, "Issue 33, item 3: the page as one row"). The aggregates read a
 * LIMIT subquery, which SQLite never flattens into an aggregate query and so feeds it rows in the
 * subquery's ORDER BY; an ORDER BY inside the aggregates would sort the page again for nothing.
 */
function pageSelect(db: Db, where: SQL | undefined, total: SQL<number>, window: PageWindow) {
  const t = transactions;
  const newestFirst = [desc(t.createdAt), desc(t.id)];
  const page = db
    .select({ json: itemJson.as("json"), status: t.status, expiresAt: t.expiresAt, createdAt: t.createdAt, id: t.id })
    .from(t)
    .where(where)
    .orderBy(...newestFirst)
    .limit(window.size)
    .offset(window.offset)
    .as("page");
  const counted =
    window.limit === undefined
      ? sql<null>`null`
      : sql<number>`(select count(*) from (${db.select({ one: sql`1` }).from(t).where(where).orderBy(...newestFirst).limit(window.limit)}))`;
  return db
    .select({
      items: sql<string | null>`group_concat(${page.json}, ',')`,
      rows: sql<string>`json_group_array(json_array(${page.status}, ${page.expiresAt}, ${page.createdAt}, ${page.id}))`,
      total,
      counted,
    })
    .from(page);
}

/**
 * The page's items, joined where the rows are (PreparedQuery.joined): column 0 of the one row,
 * with the QR image URLs made absolute as withBaseUrl makes them.
 */
const joinItems = (baseUrl: string): Join => ({ column: 0, separator: ",", replace: qrUrlsUnder(baseUrl) });

/** A page row of pageSelect, its items already joined. */
function readPageRow(raw: ArrayLike<unknown>) {
  const rows = (JSON.parse(raw[1] as string) as [TransactionStatus, string | null, string, string][]).map(([status, expiresAt, createdAt, id]) => ({
    // The claim is not read here: a due row is re-read whole (readTransaction), which respects it.
    row: { status, expiresAt, confirmingUntil: null },
    createdAt,
    id,
  }));
  return { rows, total: Number(raw[2]), counted: raw[3] === null ? rows.length : Number(raw[3]) };
}

/** The four shapes of the page query: with a status or not, after a cursor or at an offset. */
const pageQueries = perDatabase((db: Db) => {
  const shape = (byStatus: boolean, afterCursor: boolean) => {
    const where = and(
      eq(transactions.sellerId, p("sellerId")),
      eq(transactions.livemode, p("livemode")),
      byStatus ? eq(transactions.status, p("status")) : undefined,
      afterCursor ? sql`(${transactions.createdAt}, ${transactions.id}) < (${p("afterCreatedAt")}, ${p("afterId")})` : undefined,
    );
    const window = afterCursor ? { size: p("size"), offset: 0, limit: p("limit") } : { size: p("size"), offset: p("offset") };
    return new PreparedQuery(db, pageSelect(db, where, totalSql(byStatus), window), readPageRow);
  };
  return [shape(false, false), shape(false, true), shape(true, false), shape(true, true)];
});

/** The one row of a page query: its items, its rows, its total. */
async function readOne(query: PreparedQuery<ReturnType<typeof readPageRow>>, baseUrl: string, ...values: Record<string, unknown>[]) {
  const { text, rows } = await query.joined(joinItems(baseUrl), ...values);
  return { text, ...rows[0]! };
}

/**
 * A page filtered beyond the status: one payment link's charges (`?paymentLinkId=`, which walk the
 * link's own index, transactions_payment_link_idx), or a search (search-filter.ts: each key its own
 * index), newest first, the matches counted beside it. Neither has a counter to read.
 */
async function readFilteredPage(platform: Platform, scope: Scope, query: ListQuery, start: PageStart) {
  const { db } = platform;
  const t = transactions;
  const { after, offset } = keysetWindow(start, t.createdAt, t.id);
  const where = await filterWhere(platform.vault, scope, query);
  const matches = sql<number>`(${db.select({ n: count() }).from(t).where(where)})`;
  const window = "after" in start ? { size: query.size, offset, limit: pageLimit(start, query.size) } : { size: query.size, offset };
  return readOne(new PreparedQuery(db, pageSelect(db, and(where, after), matches, window), readPageRow), platform.config.baseUrl);
}

function readPage(platform: Platform, scope: Scope, query: ListQuery, start: PageStart) {
  if (isFiltered(query)) return readFilteredPage(platform, scope, query, start);
  const values = {
    sellerId: scope.sellerId,
    livemode: scope.livemode ? 1 : 0,
    status: query.status ?? null,
    size: query.size,
    limit: pageLimit(start, query.size),
    offset: "after" in start ? 0 : start.offset,
    afterCreatedAt: "after" in start ? start.after.createdAt : null,
    afterId: "after" in start ? start.after.id : null,
  };
  const shape = pageQueries(platform.db)[(query.status ? 2 : 0) + ("after" in start ? 1 : 0)]!;
  return readOne(shape, platform.config.baseUrl, values);
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
  const { items: _, ...envelope } = pageOf(read.rows, read.total, start, query.size, read.counted);
  return pageJson(read.text, envelope);
}
