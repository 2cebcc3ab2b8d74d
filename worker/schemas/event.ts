/** Event schemas: the envelope (as delivered and as listed), the feed's query, and a replay's range. */
import { z } from "@hono/zod-openapi";
import { EVENT_TYPES } from "../../shared/events";
import { LimitQuery } from "../lib/pagination";
import { ResourceId } from "./ids";
import { EVENT_FEED_EXAMPLE, WEBHOOK_REPLAY_RESULT_EXAMPLE } from "./examples/webhooks";

const datetime = (description: string) => z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, such as 2026-01-15T12:00:00Z" }).openapi({ description });

/** An event envelope: the body a webhook receives. */
export const EventSchema = z
  .object({
    id: z.uuid().openapi({ description: "The event's id: the same on every delivery of it. Drop duplicates by it." }),
    type: z.enum(EVENT_TYPES),
    sellerId: z.uuid(),
    livemode: z.boolean(),
    occurredAt: z.iso.datetime(),
    data: z.record(z.string(), z.unknown()).openapi({ description: "`transaction`: the Transaction as GET /v1/transactions/{id} answered right after the change." }),
    test: z.literal(true).optional().openapi({ description: "Present only on samples sent by the test endpoint." }),
  })
  .openapi("Event");

/** Query of GET /v1/events. */
export const EventFeedQuerySchema = z.object({
  limit: LimitQuery,
  after: ResourceId.optional().openapi({ param: { name: "after", in: "query" }, description: "The id of the last event you handled: the page starts after it." }),
  since: datetime("Only events that occurred at or after this time.").optional().openapi({ param: { name: "since", in: "query" } }),
  type: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }).optional().openapi({ param: { name: "type", in: "query" } }),
});

/** A page of the feed. */
export const EventFeedSchema = z
  .object({
    items: z.array(EventSchema),
    hasMore: z.boolean(),
    nextAfter: z.uuid().nullable().openapi({ description: "Send as `after` for the next page (or to poll for new events later)." }),
  })
  .openapi("EventFeed", { example: EVENT_FEED_EXAMPLE });

/** Body of POST …/webhooks/{id}/replay. */
export const ReplayRequestSchema = z
  .strictObject({
    from: datetime("Replay events that occurred at or after this time."),
    to: datetime("…and before this time; default now.").optional(),
  })
  .openapi("WebhookReplayRequest");

/** What a replay did. */
export const ReplayResultSchema = z
  .object({
    webhookId: z.uuid(),
    from: z.string(),
    to: z.string(),
    deliveries: z.number().int().openapi({ description: "Deliveries created (at most 1000 per call), sent within seconds." }),
    alreadyPending: z.number().int().openapi({ description: "Events of the page skipped because this webhook still has a PENDING delivery of them." }),
    hasMore: z.boolean(),
    nextFrom: z.string().nullable().openapi({ description: "When `hasMore`: call again with this as `from` for the rest of the range." }),
  })
  .openapi("WebhookReplayResult", { example: WEBHOOK_REPLAY_RESULT_EXAMPLE });
