/**
 * /v1/sellers/{sellerId}/webhooks: register, list, update and delete webhooks, their delivery
 * history, a test event, and a retry of a FAILED delivery. The rules are in
 * domain/webhooks/; the route only validates and answers.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES } from "../../shared/events";
import { findDelivery, listDeliveries, retryDelivery } from "../domain/webhooks/history";
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from "../domain/webhooks/manage";
import { replayEvents } from "../domain/webhooks/replay";
import { sendTestEvent } from "../domain/webhooks/test-event";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { ReplayRequestSchema, ReplayResultSchema } from "../schemas/event";
import { LimitQuery } from "../lib/pagination";
import { ResourceId } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { DeliverySchema, WebhookCreateSchema, WebhookSchema, WebhookUpdateSchema, WebhookWithSecretSchema } from "../schemas/webhook";
import { WEBHOOK_DELIVERY_LIST_EXAMPLE, WEBHOOK_LIST_EXAMPLE } from "../schemas/examples/webhooks";

const path = (name: string) => ResourceId.openapi({ param: { name, in: "path" } });
const SellerParam = z.object({ sellerId: path("sellerId") });
const WebhookParams = z.object({ sellerId: path("sellerId"), webhookId: path("webhookId") });
const DeliveryParams = z.object({ sellerId: path("sellerId"), deliveryId: path("deliveryId") });
const base = "/v1/sellers/{sellerId}/webhooks";
const common = { tags: ["Webhooks"] };

const HistoryQuery = z.object({
  limit: LimitQuery,
  webhookId: ResourceId.optional().openapi({ param: { name: "webhookId", in: "query" } }),
  status: z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(", ")}` }).optional().openapi({ param: { name: "status", in: "query" } }),
  eventType: z.string().max(64).optional().openapi({ param: { name: "eventType", in: "query" } }),
});

const routes = {
  create: route("secret", {
    ...common, method: "post", path: base, operationId: "createWebhook", summary: "Register a webhook",
    description: "201 with the webhook and its signing secret, which is never shown again. 403 for a seller you may not manage.",
    request: {
      params: SellerParam,
      body: jsonBody(WebhookCreateSchema, {
        url: "https://loja.example.com/webhooks/pay",
        eventTypes: ["TRANSACTION_PAID", "TRANSACTION_REFUNDED"],
        description: "Pedidos pagos e reembolsados",
      }),
    },
    responses: { 201: json(WebhookWithSecretSchema, "The webhook, with its secret (this once)."), ...problemResponses(400, 401, 403) },
  }),
  list: route("secret", {
    ...common, method: "get", path: base, operationId: "listWebhooks", summary: "List a seller's webhooks",
    request: { params: SellerParam },
    responses: { 200: json(z.object({ items: z.array(WebhookSchema), totalItems: z.number().int() }).openapi("WebhookList", { example: WEBHOOK_LIST_EXAMPLE }), "The webhooks, oldest first."), ...problemResponses(400, 401, 403) },
  }),
  update: route("secret", {
    ...common, method: "patch", path: `${base}/{webhookId}`, operationId: "updateWebhook", summary: "Update a webhook (only the sent fields)",
    request: { params: WebhookParams, body: jsonBody(WebhookUpdateSchema, { eventTypes: ["ALL"], isActive: true }) },
    responses: { 200: json(WebhookSchema, "The updated webhook."), ...problemResponses(400, 401, 403, 404) },
  }),
  remove: route("secret", {
    ...common, method: "delete", path: `${base}/{webhookId}`, operationId: "deleteWebhook", summary: "Delete a webhook; its pending deliveries are cancelled",
    request: { params: WebhookParams },
    responses: { 204: { description: "Deleted." }, ...problemResponses(400, 401, 403, 404) },
  }),
  history: route("secret", {
    ...common, method: "get", path: `${base}/deliveries`, operationId: "listWebhookDeliveries", summary: "Delivery history, newest first",
    request: { params: SellerParam, query: HistoryQuery },
    responses: { 200: json(z.object({ items: z.array(DeliverySchema) }).openapi("WebhookDeliveryList", { example: WEBHOOK_DELIVERY_LIST_EXAMPLE }), "Deliveries with every attempt."), ...problemResponses(400, 401, 403) },
  }),
  delivery: route("secret", {
    ...common, method: "get", path: `${base}/deliveries/{deliveryId}`, operationId: "getWebhookDelivery", summary: "One delivery with its attempts",
    request: { params: DeliveryParams },
    responses: { 200: json(DeliverySchema, "The delivery."), ...problemResponses(400, 401, 403, 404) },
  }),
  retry: route("secret", {
    ...common, method: "post", path: `${base}/deliveries/{deliveryId}/retry`, operationId: "retryWebhookDelivery",
    summary: "Redeliver a FAILED delivery (5 more attempts)",
    request: { params: DeliveryParams },
    responses: { 200: json(DeliverySchema, "The delivery, PENDING again."), ...problemResponses(400, 401, 403, 404, 409) },
  }),
  test: route("secret", {
    ...common, method: "post", path: `${base}/{webhookId}/test`, operationId: "testWebhook",
    summary: "Send a sample event (`test: true`) of the webhook's first event type",
    request: { params: WebhookParams },
    responses: { 201: json(DeliverySchema, "The delivery of the sample, PENDING until sent."), ...problemResponses(400, 401, 403, 404) },
  }),
  replay: route("secret", {
    ...common, method: "post", path: `${base}/{webhookId}/replay`, operationId: "replayWebhookEvents",
    summary: "Send the webhook the events of a time range again (up to 1000 per call)",
    description: "For a receiver that was down longer than the retries last: each event the webhook subscribes to becomes a new delivery with the same envelope.",
    request: { params: WebhookParams, body: jsonBody(ReplayRequestSchema, { from: "2026-01-15T00:00:00Z" }) },
    responses: { 202: json(ReplayResultSchema, "The deliveries were created and queued."), ...problemResponses(400, 401, 403, 404) },
  }),
};

/** The webhooks routes. */
export const webhooksRoutes = new OpenAPIHono<AppEnv>()
  .openapi(routes.create, async (c) => c.json(await createWebhook(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, c.req.valid("json")), 201))
  .openapi(routes.list, async (c) => c.json(await listWebhooks(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId), 200))
  .openapi(routes.history, async (c) => c.json(await listDeliveries(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, c.req.valid("query")), 200))
  .openapi(routes.delivery, async (c) => {
    const { sellerId, deliveryId } = c.req.valid("param");
    return c.json(await findDelivery(c.get("platform"), scopeOf(c), sellerId, deliveryId), 200);
  })
  .openapi(routes.retry, async (c) => {
    const { sellerId, deliveryId } = c.req.valid("param");
    return c.json(await retryDelivery(c.get("platform"), scopeOf(c), sellerId, deliveryId), 200);
  })
  .openapi(routes.update, async (c) => {
    const { sellerId, webhookId } = c.req.valid("param");
    return c.json(await updateWebhook(c.get("platform"), scopeOf(c), sellerId, webhookId, c.req.valid("json")), 200);
  })
  .openapi(routes.remove, async (c) => {
    const { sellerId, webhookId } = c.req.valid("param");
    await deleteWebhook(c.get("platform"), scopeOf(c), sellerId, webhookId);
    return c.body(null, 204);
  })
  .openapi(routes.replay, async (c) => {
    const { sellerId, webhookId } = c.req.valid("param");
    return c.json(await replayEvents(c.get("platform"), scopeOf(c), sellerId, webhookId, c.req.valid("json")), 202);
  })
  .openapi(routes.test, async (c) => {
    const { sellerId, webhookId } = c.req.valid("param");
    return c.json(await sendTestEvent(c.get("platform"), scopeOf(c), sellerId, webhookId), 201);
  });
