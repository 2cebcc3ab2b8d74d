/**
 * The SQL side of pagination (lib/pagination.ts): every list is ordered newest first, ties broken
 * by id, so a position is the (createdAt, id) of the last item read and the next page is the
 * rows strictly after it in that order, found by an index seek instead of an offset walk.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PageStart } from "../lib/pagination";

/** The extra WHERE condition and the OFFSET for a page start. */
export function keysetWindow(start: PageStart, createdAt: SQLiteColumn, id: SQLiteColumn): { after?: SQL; offset: number } {
  if ("after" in start) return { after: sql`(${createdAt}, ${id}) < (${start.after.createdAt}, ${start.after.id})`, offset: 0 };
  return { offset: start.offset };
}
