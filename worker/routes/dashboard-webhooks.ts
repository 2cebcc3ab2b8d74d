/**
 * The dashboard's webhooks (docs/dashboard.md): endpoints, the delivery log with each delivery's
 * attempts, retry, test and replay, and the notification settings; the same domain functions as
 * /v1/sellers/{id}/webhooks, for the member's own seller in the chosen mode. Changes are audited.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { DELIVERY_STATUSES } from "../../shared/events";
import { findDelivery, listDeliveries, retryDelivery } from "../domain/webhooks/history";
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from "../domain/webhooks/manage";
import { replayEvents } from "../domain/webhooks/replay";
import { readSettings, updateSettings } from "../domain/webhooks/settings";
import { sendTestEvent } from "../domain/webhooks/test-event";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, requirePermission } from "../http/dashboard-session";
import { LimitQuery } from "../lib/pagination";
import { ReplayRequestSchema } from "../schemas/event";
import { ResourceId } from "../schemas/ids";
import { NotificationSettingsUpdateSchema, WebhookCreateSchema, WebhookUpdateSchema } from "../schemas/webhook";
import { dashboardBody, dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const base = "/dashboard/api/webhooks";
const paths = {
  list: declarePage("GET", base, member(200, 400)),
  create: declarePage("POST", base, member(201, 400)),
  update: declarePage("PATCH", `${base}/:id`, member(200, 400, 404)),
  remove: declarePage("DELETE", `${base}/:id`, member(204, 400, 404)),
  test: declarePage("POST", `${base}/:id/test`, member(201, 400, 404)),
  replay: declarePage("POST", `${base}/:id/replay`, member(202, 400, 404)),
  deliveries: declarePage("GET", `${base}/deliveries`, member(200, 400)),
  delivery: declarePage("GET", `${base}/deliveries/:id`, member(200, 400, 404)),
  retry: declarePage("POST", `${base}/deliveries/:id/retry`, member(200, 400, 404, 409)),
  settings: declarePage("GET", "/dashboard/api/notification-settings", member(200, 400)),
  updateSettings: declarePage("PUT", "/dashboard/api/notification-settings", member(200, 400)),
};

const DeliveriesQuery = z
  .object({
    limit: LimitQuery,
    webhookId: ResourceId.optional(),
    status: z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(", ")}` }).optional(),
    eventType: z.string().max(64).optional(),
    mode: z.string().optional(),
  })
  .strict();

const read = [requirePermission("webhooks.read")] as const;
const manage = [requirePermission("webhooks.manage")] as const;
const change = (c: Context<AppEnv>, action: string, targetType: string, targetId: string, details?: Record<string, unknown>) =>
  audit(c, { action, outcome: "ok", targetType, targetId, details: { mode: dashboardScope(c).livemode ? "live" : "test", ...details } });

/** The webhooks routes. */
export const dashboardWebhooksRoutes = new Hono<AppEnv>()
  .get(paths.list, ...read, async (c) => c.json(await listWebhooks(c.get("platform"), dashboardScope(c), dashboardScope(c).sellerId)))
  .post(paths.create, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const created = await createWebhook(c.get("platform"), scope, scope.sellerId, await dashboardBody(c, WebhookCreateSchema));
    await change(c, "webhook.create", "webhook", created.id, { url: created.url });
    return c.json(created, 201);
  })
  .patch(paths.update, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const id = pathId(c, "webhook");
    const body = await dashboardBody(c, WebhookUpdateSchema);
    const updated = await updateWebhook(c.get("platform"), scope, scope.sellerId, id, body);
    await change(c, "webhook.update", "webhook", id, { fields: Object.keys(body) });
    return c.json(updated);
  })
  .delete(paths.remove, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const id = pathId(c, "webhook");
    await deleteWebhook(c.get("platform"), scope, scope.sellerId, id);
    await change(c, "webhook.delete", "webhook", id);
    return c.body(null, 204);
  })
  .post(paths.test, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const id = pathId(c, "webhook");
    const sent = await sendTestEvent(c.get("platform"), scope, scope.sellerId, id);
    await change(c, "webhook.test", "webhook", id);
    return c.json(sent, 201);
  })
  .post(paths.replay, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const id = pathId(c, "webhook");
    const replayed = await replayEvents(c.get("platform"), scope, scope.sellerId, id, await dashboardBody(c, ReplayRequestSchema));
    await change(c, "webhook.replay", "webhook", id, { result: replayed });
    return c.json(replayed, 202);
  })
  .get(paths.deliveries, ...read, async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, DeliveriesQuery);
    return c.json(await listDeliveries(c.get("platform"), dashboardScope(c), dashboardScope(c).sellerId, query));
  })
  .get(paths.delivery, ...read, async (c) => c.json(await findDelivery(c.get("platform"), dashboardScope(c), dashboardScope(c).sellerId, pathId(c, "delivery"))))
  .post(paths.retry, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const id = pathId(c, "delivery");
    const retried = await retryDelivery(c.get("platform"), scope, scope.sellerId, id);
    await change(c, "webhook_delivery.retry", "webhook_delivery", id);
    return c.json(retried);
  })
  .get(paths.settings, ...read, async (c) => c.json(await readSettings(c.get("platform"), dashboardScope(c), dashboardScope(c).sellerId)))
  .put(paths.updateSettings, ...manage, async (c) => {
    const scope = dashboardScope(c);
    const { webhook } = await dashboardBody(c, NotificationSettingsUpdateSchema);
    const updated = await updateSettings(c.get("platform"), scope, scope.sellerId, webhook);
    await change(c, "notification_settings.update", "seller", scope.sellerId, { webhook });
    return c.json(updated);
  });
