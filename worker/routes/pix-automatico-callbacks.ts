/**
 * PIX Automático's callbacks from the PSP, registered at the same secret URL as live PIX's (the PSP
 * appends `/rec` and `/cobr`): `POST /psp/pix/{secret}/rec` (`webhookrec`, `{"recs": [...]}`:
 * recurrences whose status changed) and `POST /psp/pix/{secret}/cobr` (`webhookcobr`,
 * `{"cobsr": [...]}`: charge instructions). Outside /v1 and OpenAPI, received and authenticated as
 * live PIX's `/pix` callback is (pix-psp-callback.ts: the secret path segment derived from the
 * vault key, mutual TLS in front). Nothing in a body is believed: each id is read back from the
 * PSP before anything moves (domain/pix-automatico/psp-answers.ts, domain/subscriptions/
 * automatico-callback.ts). A body that does not follow the document is a 400 naming the entry
 * (the PSP sends it again); unknown ids and repeats are 200; a PSP that cannot be read back is
 * 503 (it retries; reconciliation catches what it gives up on).
 */
import { Hono, type Context } from "hono";
import { CallbackBodyError, parseCobrCallback, parseRecCallback } from "../connectors/bcb-pix/automatico-callbacks";
import { isPspCallbackSecret } from "../domain/pix/psp-callback";
import { settleRecurrenceNotified } from "../domain/pix-automatico/psp-answers";
import { settleNotifiedCharge } from "../domain/subscriptions/automatico-callback";
import { declarePage } from "../http/access";
import { guardJsonBody } from "../http/body";
import type { AppEnv } from "../http/context";
import { PspUnavailableError } from "../lib/acquirer";
import type { PixAutomaticoPsp } from "../lib/pix-automatico";
import type { Platform } from "../platform";
import { ApiError } from "../lib/problem";
import { validationError } from "../lib/validation";

/** One callback: its list's name in the body, how the ids are read from it, and how one id is settled. */
interface Callback {
  list: "recs" | "cobsr";
  ids(body: unknown): string[];
  settle(platform: Platform, psp: PixAutomaticoPsp, id: string): Promise<unknown>;
}

/** The handler every callback shares: authenticate, parse, read each id back, answer. */
function receive(callback: Callback) {
  return async (c: Context<AppEnv>) => {
    const platform = c.get("platform");
    const psp = platform.acquirers.live?.pixAutomatico?.psp;
    // No PSP, or not our secret: the same 404 as a route that does not exist.
    if (!psp || !(await isPspCallbackSecret(platform, c.req.param("secret")!))) throw new ApiError("ROUTE_NOT_FOUND", `No route POST ${c.req.path}.`);
    let ids: string[];
    try {
      ids = [...new Set(callback.ids(await c.req.json().catch(() => null)))];
    } catch (error) {
      if (!(error instanceof CallbackBodyError)) throw error;
      throw validationError([{ path: callback.list, in: "body", code: "invalid_value", message: error.message }]);
    }
    try {
      for (const id of ids) await callback.settle(platform, psp, id);
    } catch (error) {
      if (error instanceof PspUnavailableError) return c.body(null, 503, { "Retry-After": "30" });
      throw error;
    }
    return c.body(null, 200);
  };
}

const recPath = declarePage("POST", "/psp/pix/:secret/rec", { caller: "public", capability: true });
const cobrPath = declarePage("POST", "/psp/pix/:secret/cobr", { caller: "public", capability: true });

/** Both callbacks' routes. */
export const pixAutomaticoCallbackRoutes = new Hono<AppEnv>()
  .post(recPath, guardJsonBody, receive({ list: "recs", ids: (body) => parseRecCallback(body).map((r) => r.id), settle: settleRecurrenceNotified }))
  .post(cobrPath, guardJsonBody, receive({ list: "cobsr", ids: (body) => parseCobrCallback(body).map((r) => r.txid), settle: settleNotifiedCharge }));
