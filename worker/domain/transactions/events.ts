/**
 * The event outbox. A state change and its event row are written in one batch, so an event
 * exists exactly when its change does; delivery (the webhooks issue) reads the rows later and
 * will add its delivery rows beside the event through this same function.
 *
 * Envelope (the spec's, plus `id` and `livemode`): `{ id, type, sellerId, livemode, occurredAt,
 * data }`. Transaction events carry `data.transaction` in exactly the GET /v1/transactions/{id}
 * schema, as it is right after the change; refund events add `data.refund`.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere, type Statement } from "../../db/guarded";
import { events } from "../../db/schema";
import type { EventType } from "../../../shared/events";

export { EVENT_TYPES, type EventType } from "../../../shared/events";

/** An event as stored and as it will be delivered. */
export interface EventEnvelope {
  id: string;
  type: EventType;
  sellerId: string;
  livemode: boolean;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** Builds an envelope with a new id. */
export function newEvent(input: Omit<EventEnvelope, "id">): EventEnvelope {
  return { id: crypto.randomUUID(), ...input };
}

/**
 * The statement that writes an event, for the batch of the change that caused it. With `guard`,
 * the row is written only when the guard holds at that point of the batch (i.e. the change
 * before it happened), so a lost race writes no event.
 */
export function eventStatement(db: Db, event: EventEnvelope, createdAt: string, guard?: SQL): Statement {
  const row = { ...event, createdAt };
  return guard ? insertWhere(db, events, row, guard) : db.insert(events).values(row);
}
