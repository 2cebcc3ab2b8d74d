/**
 * The dashboard's developers section (docs/dashboard.md): API keys, listed masked and rolled with
 * an expiry window for the old key (the new secret shown once), and the events feed. Keys are the
 * seller's, per mode; a roll is audited.
 */
import { Hono } from "hono";
import { z } from "zod";
import { createKeyPair, listKeys, rollKey, ROLL_WINDOW_MAX_HOURS } from "../domain/dashboard/keys";
import { listEvents } from "../domain/events/list-events";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, requirePermission } from "../http/dashboard-session";
import { EventFeedQuerySchema } from "../schemas/event";
import { dashboardBody, dashboardQuery } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  keys: declarePage("GET", "/dashboard/api/keys", member(200, 400)),
  create: declarePage("POST", "/dashboard/api/keys", member(201, 400, 409)),
  roll: declarePage("POST", "/dashboard/api/keys/roll", member(201, 400)),
  events: declarePage("GET", "/dashboard/api/events", member(200, 400)),
};

const Roll = z
  .object({
    kind: z.enum(["secret", "publishable"], { error: "must be secret or publishable" }),
    expiresInHours: z
      .number({ error: `must be a whole number of hours from 0 to ${ROLL_WINDOW_MAX_HOURS}` })
      .int(`must be a whole number of hours from 0 to ${ROLL_WINDOW_MAX_HOURS}`)
      .min(0, "must be at least 0 (0: the old key stops at once)")
      .max(ROLL_WINDOW_MAX_HOURS, `must be at most ${ROLL_WINDOW_MAX_HOURS} (7 days)`)
      .default(0),
  })
  .strict();

/** The developers routes. */
export const dashboardDevelopersRoutes = new Hono<AppEnv>()
  .get(paths.keys, requirePermission("developers.read"), async (c) => c.json(await listKeys(c.get("platform"), dashboardScope(c))))
  .post(paths.create, requirePermission("keys.manage"), async (c) => {
    const created = await createKeyPair(c.get("platform"), dashboardScope(c));
    await audit(c, { action: "api_key.create", outcome: "ok", targetType: "api_key", targetId: created.secret.id, details: { mode: created.secret.mode, publishableKeyId: created.publishable.id } });
    return c.json(created, 201);
  })
  .post(paths.roll, requirePermission("keys.manage"), async (c) => {
    const { kind, expiresInHours } = await dashboardBody(c, Roll);
    const scope = dashboardScope(c);
    const rolled = await rollKey(c.get("platform"), scope, kind, expiresInHours);
    await audit(c, {
      action: "api_key.roll",
      outcome: "ok",
      targetType: "api_key",
      targetId: rolled.id,
      details: { kind, mode: rolled.mode, replaced: rolled.previous.map((p) => p.id), oldKeysExpireAt: rolled.previous[0]?.expiresAt ?? null },
    });
    return c.json(rolled, 201);
  })
  .get(paths.events, requirePermission("developers.read"), async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, EventFeedQuerySchema.extend({ mode: z.string().optional() }));
    return c.json(await listEvents(c.get("platform"), dashboardScope(c), query));
  });
