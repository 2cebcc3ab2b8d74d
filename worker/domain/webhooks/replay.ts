/**
 * POST …/webhooks/{id}/replay: sends a webhook, again, the seller's events of a time range that
 * it subscribes to: a receiver that was down longer than the retries lasted gets what it missed.
 * Each event becomes a new delivery (same envelope and event id, so a consumer that already had
 * it drops it), written by one INSERT … SELECT and sent through the usual path. An event the
 * webhook has a PENDING delivery of already is skipped (counted in `alreadyPending`). At most
 * REPLAY_LIMIT events per call, oldest first; `nextFrom` continues the range. Replays ignore the
 * notification settings and `isActive`: the seller asked for these events, to this webhook.
 */
import { sql } from "drizzle-orm";
import { events } from "../../db/schema";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { enqueueDeliveries } from "./enqueue";
import { deliveriesOf, pendingDeliveryOf, replayStatement } from "../events/fan-out";
import { assertManages, findWebhook } from "./manage";

/** Events replayed per call at most. */
export const REPLAY_LIMIT = 1000;

/** The range to replay: `from` inclusive, `to` exclusive (default now). */
export interface ReplayRange {
  from: string;
  to?: string;
}

/** Creates and enqueues the deliveries; answers how many, and where to continue. */
export async function replayEvents(platform: Platform, caller: Scope, sellerId: string, webhookId: string, range: ReplayRange) {
  await assertManages(platform.db, caller, sellerId);
  const webhook = await findWebhook(platform.db, caller, sellerId, webhookId);
  const at = platform.now().toISOString();
  const to = range.to ?? at;
  if (range.from >= to) throw validationError([{ path: "from", in: "body", code: "empty_range", message: "must be before to" }]);
  const e = events;
  // One more than the limit is looked at, to say whether the range has more.
  const picked = sql`select ${e.id}, ${e.type}, ${e.occurredAt} from ${e}
    where ${e.sellerId} = ${sellerId} and ${e.livemode} = ${caller.livemode ? 1 : 0} and ${e.test} = 0
      and ${e.occurredAt} >= ${range.from} and ${e.occurredAt} < ${to}
      and exists (select 1 from json_each(${JSON.stringify(webhook.eventTypes)}) where value in (${e.type}, 'ALL'))
    order by ${e.occurredAt}, ${e.id} limit ${REPLAY_LIMIT + 1}`;
  const page = sql`select * from (${picked}) p order by p.occurred_at, p.id limit ${REPLAY_LIMIT}`;
  // Counted before the insert adds its own deliveries.
  const [[pending], inserted, [next]] = await platform.db.batch([
    platform.db.all<{ n: number }>(sql`select count(*) as n from (${page}) p where ${pendingDeliveryOf(webhook.id)}`),
    replayStatement(platform.db, { id: webhook.id, sellerId, livemode: caller.livemode }, page, at),
    platform.db.all<{ occurredAt: string }>(sql`select p.occurred_at as occurredAt from (${picked}) p order by p.occurred_at, p.id limit 1 offset ${REPLAY_LIMIT}`),
  ]);
  const ids = deliveriesOf(inserted);
  await enqueueDeliveries(platform, ids);
  return {
    webhookId: webhook.id, from: range.from, to, deliveries: ids.length, alreadyPending: Number(pending?.n ?? 0),
    hasMore: next !== undefined, nextFrom: next?.occurredAt ?? null,
  };
}
