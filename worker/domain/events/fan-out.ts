/**
 * Fan-out (part of the outbox, outbox.ts): for an event, one PENDING delivery per active webhook of its seller and mode that
 * subscribes to its type (or to ALL), unless the webhook's owner turned the type's Webhook
 * channel off in that mode. A sub-seller's SELLER_STATUS_CHANGED also reaches its company's webhooks.
 * It is one `INSERT … SELECT` written in the same batch as the event (and under the same guard),
 * so a change, its event and its deliveries exist together or not at all; it returns the new
 * delivery ids with their webhook ids, which the caller enqueues once the batch has committed.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationSettings, sellers, webhookDeliveries, webhooks } from "../../db/schema";

/** The event being fanned out: values, or placeholders bound when a prepared batch runs. */
export interface FanOutEvent {
  id: string | Placeholder;
  type: string | Placeholder;
  sellerId: string | Placeholder;
  livemode: boolean | Placeholder;
}

/** Attempts a delivery gets before it is FAILED (the spec's 5). */
export const ATTEMPT_LIMIT = 5;

/** A UUID (v4 layout) made by the database, one per fanned-out row. */
export const UUID_SQL = sql.raw(
  "lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || " +
    "substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))",
);

/** Whose webhooks hear of an event: its seller's, and for a sub-seller's status change its company's too. */
function owners(event: Pick<FanOutEvent, "type" | "sellerId">): SQL {
  const own = sql`${webhooks.sellerId} = ${event.sellerId}`;
  if (event.type !== "SELLER_STATUS_CHANGED") return own;
  return sql`(${own} or ${webhooks.sellerId} = (select ${sellers.parentId} from ${sellers} where ${sellers.id} = ${event.sellerId}))`;
}

/** Which webhooks get the event: `only` names the one webhook (a test event: active or not, any type). */
export function fanOutStatement(db: Db, event: FanOutEvent, at: string | Placeholder, guard?: SQL, only?: string) {
  const w = webhooks;
  return db.run(sql`insert into ${webhookDeliveries}
      (id, webhook_id, seller_id, livemode, event_id, event_type, status, attempts, attempt_limit, next_attempt_at, created_at, updated_at)
    select ${UUID_SQL}, ${w.id}, ${w.sellerId}, ${w.livemode}, ${event.id}, ${event.type}, 'PENDING', 0, ${ATTEMPT_LIMIT}, ${at}, ${at}, ${at}
    from ${w}
    where ${owners(event)} and ${w.livemode} = ${typeof event.livemode === "boolean" ? (event.livemode ? 1 : 0) : event.livemode}
      ${only ? sql`and ${w.id} = ${only}` : sql`and ${w.isActive} = 1 and exists (select 1 from json_each(${w.eventTypes}) where value in (${event.type}, 'ALL'))
      and coalesce((select ${notificationSettings.webhook} from ${notificationSettings}
        where ${notificationSettings.sellerId} = ${w.sellerId} and ${notificationSettings.livemode} = ${w.livemode}
          and ${notificationSettings.eventType} = ${event.type}), 1) = 1`}
      ${guard ? sql`and ${guard}` : sql``}
    returning id, webhook_id`);
}

/**
 * A replay's deliveries: one PENDING delivery to webhook `webhookId` per event of `page` (a
 * subquery of events with columns id and type) that the webhook has no PENDING delivery of yet, so
 * replays of one range, however many, never multiply the POSTs. Returns the new delivery ids.
 */
export function replayStatement(db: Db, webhook: { id: string; sellerId: string; livemode: boolean }, page: SQL, at: string) {
  return db.run(sql`insert into ${webhookDeliveries}
      (id, webhook_id, seller_id, livemode, event_id, event_type, status, attempts, attempt_limit, next_attempt_at, created_at, updated_at)
    select ${UUID_SQL}, ${webhook.id}, ${webhook.sellerId}, ${webhook.livemode ? 1 : 0}, p.id, p.type, 'PENDING', 0, ${ATTEMPT_LIMIT}, ${at}, ${at}, ${at}
    from (${page}) p where not ${pendingDeliveryOf(webhook.id)}
    returning id, webhook_id`);
}

/** True for a row `p` (an event) that webhook `webhookId` still has a PENDING delivery of. */
export function pendingDeliveryOf(webhookId: string): SQL {
  return sql`exists (select 1 from ${webhookDeliveries} x where x.webhook_id = ${webhookId} and x.event_id = p.id and x.status = 'PENDING')`;
}

/** The delivery ids a fan-out statement's result returned. */
export function deliveryIdsOf(result: unknown): string[] {
  return deliveriesOf(result).map((d) => d.id);
}

/** The deliveries (id, webhook id) a fan-out or replay statement's result returned: what the queue is handed. */
export function deliveriesOf(result: unknown): Array<{ id: string; webhookId: string }> {
  const rows = (result as { rows?: ArrayLike<unknown>[] }).rows ?? (result as ArrayLike<unknown>[]);
  return Array.from(rows ?? [], (row) => {
    const r = row as ArrayLike<unknown>;
    return { id: String(r[0]), webhookId: String(r[1]) };
  });
}
