/**
 * Reads of the rows a seller owns in one mode (settlements, chargebacks): one by id, and a page,
 * newest first (ties by id). Another seller's row, or one of the other mode, is 404.
 *
 * A page's `totalItems` is a count(*) over the table's (seller, mode, createdAt, id) index,
 * unlike the transaction and buyer lists whose totals come from counters: a seller gets at most
 * one settlement per currency a day and few chargebacks, never the millions of rows that made
 * counting too slow there.
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { keysetWindow } from "../../db/keyset";
import { chargebacks, settlements } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import { notFound } from "../../lib/problem";
import type { Scope } from "../scope";

/** The tables read here. */
export type OwnedTable = typeof settlements | typeof chargebacks;
type RowOf<T extends OwnedTable> = T["$inferSelect"];

// One table's columns, typed as their shared shape: drizzle cannot select from a union of tables.
const asOne = (table: OwnedTable) => table as typeof settlements;
const inScope = (table: OwnedTable, scope: Scope) => and(eq(table.sellerId, scope.sellerId), eq(table.livemode, scope.livemode));

/** The scope's row `id` of `table`, else 404 naming `resource`. */
export async function findOwned<T extends OwnedTable>(db: Db, table: T, resource: string, scope: Scope, id: string): Promise<RowOf<T>> {
  const [row] = await db
    .select()
    .from(asOne(table))
    .where(and(eq(table.id, id), inScope(table, scope)))
    .limit(1);
  if (!row) throw notFound(resource, id);
  return row as RowOf<T>;
}

/** One page of the scope's rows of `table` matching `filter`, with their total: one round trip. */
export async function pageOwned<T extends OwnedTable>(db: Db, table: T, scope: Scope, query: PageParams, filter?: SQL): Promise<Page<RowOf<T>>> {
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, table.createdAt, table.id);
  const where = and(inScope(table, scope), filter);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(asOne(table))
      .where(and(where, after))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(pageLimit(start, query.size))
      .offset(offset),
    db.select({ n: count() }).from(asOne(table)).where(where),
  ]);
  return pageOf(rows as RowOf<T>[], total?.n ?? 0, start, query.size);
}
