/**
 * The envelope of a stored event: what a webhook delivery POSTs and what GET /v1/events lists,
 * the same fields in the same order, so a consumer can treat both alike.
 */
import type { EventType } from "../../../shared/events";
import type { events } from "../../db/schema";

type EventRow = typeof events.$inferSelect;

/** The envelope of `row`. Only samples say `test`: real events do not carry the field at all. */
export function envelopeOf(row: EventRow) {
  const { id, type, sellerId, livemode, occurredAt, data, test } = row;
  // Only this service writes the column, and only with EVENT_TYPES.
  return { id, type: type as EventType, sellerId, livemode, occurredAt, data, ...(test ? { test: true as const } : {}) };
}
