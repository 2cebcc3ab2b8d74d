/**
 * `POST /psp/pix/{secret}/rec`: the PSP tells of recurrences whose status changed (API Pix
 * `webhookrec` callback `{"recs": [...]}`, registered at the same secret URL as live PIX's, which
 * the PSP appends `/rec` to). Outside /v1 and OpenAPI. Each idRec is read back from the PSP before
 * anything moves (domain/pix-automatico/psp-answers.ts): a body that does not follow the document
 * is 400 (the PSP sends it again), unknown idRecs and repeats are 200, a PSP that cannot be read
 * back is 503 (it retries; reconciliation catches what it gives up on).
 */
import { Hono } from "hono";
import { CallbackBodyError, parseRecCallback } from "../connectors/bcb-pix/automatico-callbacks";
import { isPspCallbackSecret } from "../domain/pix/psp-callback";
import { settleRecurrenceNotified } from "../domain/pix-automatico/psp-answers";
import { declarePage } from "../http/access";
import { guardJsonBody } from "../http/body";
import type { AppEnv } from "../http/context";
import { PspUnavailableError } from "../lib/acquirer";
import { ApiError } from "../lib/problem";

const path = declarePage("POST", "/psp/pix/:secret/rec", { caller: "public", capability: true });

/** The callback's route. */
export const pixPspRecCallbackRoutes = new Hono<AppEnv>().post(path, guardJsonBody, async (c) => {
  const platform = c.get("platform");
  const psp = platform.acquirers.live?.pixAutomatico?.psp;
  // No PSP, or not our secret: the same 404 as a route that does not exist.
  if (!psp || !(await isPspCallbackSecret(platform, c.req.param("secret")))) throw new ApiError("ROUTE_NOT_FOUND", `No route POST ${c.req.path}.`);
  let ids: string[];
  try {
    ids = [...new Set(parseRecCallback(await c.req.json().catch(() => null)).map((r) => r.id))];
  } catch (error) {
    if (error instanceof CallbackBodyError) return c.json({ detail: error.message }, 400);
    throw error;
  }
  try {
    for (const id of ids) await settleRecurrenceNotified(platform, psp, id);
  } catch (error) {
    if (error instanceof PspUnavailableError) return c.body(null, 503, { "Retry-After": "30" });
    throw error;
  }
  return c.body(null, 200);
});
