/**
 * `POST /psp/pix/{secret}/pix`: the PSP tells of PIX received (API Pix callback `{"pix": [...]}`).
 * Outside /v1 and OpenAPI: the PSP is not an integrator. Each txid is read back from the PSP
 * before its transaction moves (domain/pix/psp-payments.ts); unknown txids and duplicates are
 * answered 200 so the PSP does not retry forever; a PSP that cannot be read back is 503, so it
 * retries (and reconciliation catches what it gives up on).
 */
import { Hono } from "hono";
import { PspUnavailableError } from "../lib/acquirer";
import { declarePage } from "../http/access";
import { guardJsonBody } from "../http/body";
import type { AppEnv } from "../http/context";
import { ApiError } from "../lib/problem";
import { isPspCallbackSecret } from "../domain/pix/psp-callback";
import { settleNotified } from "../domain/pix/psp-payments";

const path = declarePage("POST", "/psp/pix/:secret/pix", { caller: "public", capability: true });

/** The txids of a callback's body; anything else in it is not trusted, nor needed. */
function txidsOf(body: unknown): string[] {
  const pix = (body as { pix?: unknown })?.pix;
  if (!Array.isArray(pix)) return [];
  return [...new Set(pix.map((p) => (p as { txid?: unknown })?.txid).filter((t): t is string => typeof t === "string" && /^[a-zA-Z0-9]{26,35}$/.test(t)))];
}

/** The callback's route. */
export const pixPspCallbackRoutes = new Hono<AppEnv>().post(path, guardJsonBody, async (c) => {
  const platform = c.get("platform");
  const psp = platform.acquirers.live?.psp;
  // No PSP, or not our secret: the same 404 as a route that does not exist.
  if (!psp || !(await isPspCallbackSecret(platform, c.req.param("secret")))) throw new ApiError("ROUTE_NOT_FOUND", `No route POST ${c.req.path}.`);
  const txids = txidsOf(await c.req.json().catch(() => null));
  try {
    for (const txid of txids) await settleNotified(platform, psp, txid);
  } catch (error) {
    if (error instanceof PspUnavailableError) return c.body(null, 503, { "Retry-After": "30" });
    throw error;
  }
  return c.body(null, 200);
});
