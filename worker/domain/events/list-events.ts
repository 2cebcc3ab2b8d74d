/**
 * GET /v1/events: the seller's events in the caller's mode, oldest first, for a consumer to catch
 * up on what its webhook missed. The order is the insertion order (SQLite's rowid): a writer sees
 * every row committed before it, so an event can never appear behind the position a consumer
 * already read, as it could when ordering by a timestamp two writers share. `after` names the
 * last event the consumer handled; `since` starts at a time. Samples (`test: true`) are left out.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { events } from "../../db/schema";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { envelopeOf } from "./envelope";

/** The feed's filters and position. */
export interface EventFeedQuery {
  limit: number;
  after?: string;
  since?: string;
  type?: string;
}

const rowid = sql`${events}.rowid`;

/** One page of the feed; `nextAfter` is what to send as `after` next (the last item's id). */
export async function listEvents(platform: Platform, scope: Scope, query: EventFeedQuery) {
  const { db } = platform;
  let afterRowid: number | undefined;
  if (query.after) {
    const [anchor] = await db
      .select({ rowid: sql<number>`${rowid}` })
      .from(events)
      .where(and(eq(events.id, query.after), eq(events.sellerId, scope.sellerId), eq(events.livemode, scope.livemode)));
    if (!anchor) {
      // Unknown, another seller's, or purged (older than the retention): restart with `since`.
      throw validationError([{ path: "after", in: "query", code: "unknown_event", message: "is not an event of this seller within the last 30 days; use since" }]);
    }
    afterRowid = anchor.rowid;
  }
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.sellerId, scope.sellerId),
        eq(events.livemode, scope.livemode),
        eq(events.test, false),
        afterRowid !== undefined ? sql`${rowid} > ${afterRowid}` : undefined,
        query.since ? gte(events.occurredAt, query.since) : undefined,
        query.type ? eq(events.type, query.type) : undefined,
      ),
    )
    .orderBy(asc(rowid))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(envelopeOf);
  return { items, hasMore: rows.length > query.limit, nextAfter: items.at(-1)?.id ?? query.after ?? null };
}
