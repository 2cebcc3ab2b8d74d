/** GET /v1/events: the seller's events, oldest first, to catch up on missed webhooks (domain/events/). */
import { OpenAPIHono } from "@hono/zod-openapi";
import { listEvents } from "../domain/events/list-events";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { EventFeedQuerySchema, EventFeedSchema } from "../schemas/event";
import { jsonResponse as json, problemResponses } from "../schemas/responses";

const listRoute = route("secret", {
  method: "get",
  path: "/v1/events",
  tags: ["Webhooks"],
  operationId: "listEvents",
  summary: "The seller's events, oldest first (kept 30 days)",
  description:
    "Catch up on what a webhook missed: start with `since`, then pass the last event's id as `after`. " +
    "Events are listed in the order they were written, so polling with `after` never skips one.",
  request: { query: EventFeedQuerySchema },
  responses: { 200: json(EventFeedSchema, "A page of events."), ...problemResponses(400, 401) },
});

/** The events routes. */
export const eventsRoutes = new OpenAPIHono<AppEnv>().openapi(listRoute, async (c) => {
  const page = await listEvents(c.get("platform"), scopeOf(c), c.req.valid("query"));
  return c.json(page, 200);
});
