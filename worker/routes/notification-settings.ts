/** /v1/sellers/{sellerId}/notification-settings: the Webhook channel per event type (domain/webhooks/settings.ts). */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { readSettings, updateSettings } from "../domain/webhooks/settings";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { ResourceId } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { NotificationSettingsSchema, NotificationSettingsUpdateSchema } from "../schemas/webhook";

const params = z.object({ sellerId: ResourceId.openapi({ param: { name: "sellerId", in: "path" } }) });
const path = "/v1/sellers/{sellerId}/notification-settings";

const readRoute = route("secret", {
  method: "get", path, tags: ["Webhooks"], operationId: "getNotificationSettings",
  summary: "Which event types reach the seller's webhooks (all, unless turned off)",
  request: { params },
  responses: { 200: json(NotificationSettingsSchema, "Every event type with its Webhook channel setting."), ...problemResponses(400, 401, 403) },
});

const updateRoute = route("secret", {
  method: "put", path, tags: ["Webhooks"], operationId: "updateNotificationSettings",
  summary: "Turn event types on or off for the seller's webhooks",
  request: { params, body: jsonBody(NotificationSettingsUpdateSchema, { webhook: { TRANSACTION_PAID: true, TRANSACTION_CANCELLED: false } }) },
  responses: { 200: json(NotificationSettingsSchema, "The settings after the change."), ...problemResponses(400, 401, 403) },
});

/** The notification settings routes. */
export const notificationSettingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readRoute, async (c) => c.json(await readSettings(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId), 200))
  .openapi(updateRoute, async (c) =>
    c.json(await updateSettings(c.get("platform"), scopeOf(c), c.req.valid("param").sellerId, c.req.valid("json").webhook), 200),
  );
