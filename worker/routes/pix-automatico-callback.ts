/**
 * `POST /psp/pix/{secret}/cobr`: the PSP tells of PIX Automático charge instructions
 * (`webhookcobr`, registered as `{base}/psp/pix/{secret}`, to which the PSP appends `/cobr`).
 * Received and authenticated as live PIX's `/pix` callback is (pix-psp-callback.ts): outside /v1,
 * the secret path segment derived from the vault key, mutual TLS in front. Each txid is read back
 * before anything moves (domain/subscriptions/automatico-callback.ts); a body that does not
 * follow the document is a 400 naming the entry and field; a PSP that cannot be read back is 503,
 * so it sends the callback again (and reconciliation catches what it gives up on).
 */
import { Hono } from "hono";
import { CallbackBodyError, parseCobrCallback } from "../connectors/bcb-pix/automatico-callbacks";
import { settleNotifiedCharge } from "../domain/subscriptions/automatico-callback";
import { isPspCallbackSecret } from "../domain/pix/psp-callback";
import { declarePage } from "../http/access";
import { guardJsonBody } from "../http/body";
import type { AppEnv } from "../http/context";
import { PspUnavailableError } from "../lib/acquirer";
import { ApiError } from "../lib/problem";
import { validationError } from "../lib/validation";

const path = declarePage("POST", "/psp/pix/:secret/cobr", { caller: "public", capability: true });

/** The callback's route. */
export const pixAutomaticoCallbackRoutes = new Hono<AppEnv>().post(path, guardJsonBody, async (c) => {
  const platform = c.get("platform");
  const psp = platform.acquirers.live?.pixAutomatico?.psp;
  // No PSP, or not our secret: the same 404 as a route that does not exist.
  if (!psp || !(await isPspCallbackSecret(platform, c.req.param("secret")))) throw new ApiError("ROUTE_NOT_FOUND", `No route POST ${c.req.path}.`);
  let txids: string[];
  try {
    txids = [...new Set(parseCobrCallback(await c.req.json().catch(() => null)).map((cobr) => cobr.txid))];
  } catch (error) {
    if (!(error instanceof CallbackBodyError)) throw error;
    throw validationError([{ path: "cobsr", in: "body", code: "invalid_value", message: error.message }]);
  }
  try {
    for (const txid of txids) await settleNotifiedCharge(platform, psp, txid);
  } catch (error) {
    if (error instanceof PspUnavailableError) return c.body(null, 503, { "Retry-After": "30" });
    throw error;
  }
  return c.body(null, 200);
});
