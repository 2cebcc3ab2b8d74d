/**
 * `POST /acquirers/cielo/{secret}/notifications`: Cielo's Notification Post
 * (domain/acquirers/cielo-notifications.ts). Outside /v1 and OpenAPI: Cielo is not an integrator.
 * A notification about a sale this installation does not know is answered 200 (Cielo must not
 * retry it forever); one whose sale Cielo cannot answer about now is 503, so Cielo retries.
 */
import { Hono } from "hono";
import { CieloRejectedError, CieloUnavailableError } from "../connectors/cielo/client";
import { checkCieloNotification, isCieloNotificationSecret, liveCieloOf } from "../domain/acquirers/cielo-notifications";
import { declarePage } from "../http/access";
import { guardJsonBody } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../lib/problem";

const path = declarePage("POST", "/acquirers/cielo/:secret/notifications", { caller: "public", capability: true });
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notification's route. */
export const cieloNotificationRoutes = new Hono<AppEnv>().post(path, guardJsonBody, async (c) => {
  const platform = c.get("platform");
  const cielo = liveCieloOf(platform);
  // No Cielo, or not our secret: the same 404 as a route that does not exist.
  if (!cielo || !(await isCieloNotificationSecret(platform, c.req.param("secret")))) throw new ApiError("ROUTE_NOT_FOUND", `No route POST ${c.req.path}.`);
  const body = (await c.req.json().catch(() => null)) as { PaymentId?: unknown; ChangeType?: unknown } | null;
  const paymentId = typeof body?.PaymentId === "string" && GUID.test(body.PaymentId) ? body.PaymentId : null;
  if (!paymentId) return c.body(null, 200);
  try {
    await checkCieloNotification(platform, cielo, paymentId, Number.isInteger(body?.ChangeType) ? (body!.ChangeType as number) : null);
  } catch (error) {
    if (error instanceof CieloUnavailableError || error instanceof CieloRejectedError) return c.body(null, 503, { "Retry-After": "60" });
    throw error;
  }
  return c.body(null, 200);
});
