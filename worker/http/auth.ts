/**
 * API key authentication for /v1, by each route's access declaration (access.ts): a public route
 * takes no key (one sent is still resolved, so an owner may see more), a browser route takes a
 * publishable or secret key, every other route a secret key; company routes refuse sub-sellers
 * (403) and sandbox routes live keys (404), and a live key of a seller not approved for live reads
 * but changes nothing (403 LIVE_MODE_NOT_APPROVED). Deny by default: a /v1 path nobody declared needs a
 * secret key, so an unknown route says 401 to a stranger before it says 404. A key that is not
 * valid counts against the client's address (rate-limit.ts `countInvalidKey`): past that limit
 * the 401 becomes a 429.
 */
import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { resolveKey, type KeyIdentity } from "../domain/api-keys";
import { requireApprovedForLive } from "../domain/live-approval";
import type { Scope } from "../domain/scope";
import { ApiError } from "../lib/problem";
import { isCrossOriginPath, requestAccess, UNDECLARED, type Access } from "./access";
import type { AppEnv } from "./context";
import { countInvalidKey } from "./rate-limit";

const CHALLENGE = { "WWW-Authenticate": 'ApiKey realm="pay"' };

/** Reads the key from `X-Api-Key: <key>` or `Authorization: ApiKey <key>`. */
export function presentedKey(c: Context): string | null {
  const header = c.req.header("x-api-key")?.trim();
  if (header) return header;
  const authorization = c.req.header("authorization")?.trim();
  if (!authorization) return null;
  const match = /^ApiKey\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) {
    throw new ApiError("UNAUTHENTICATED", 'The Authorization header must have the form "ApiKey <key>".', { headers: CHALLENGE });
  }
  return match[1];
}

const browserCorsHandler = cors({
  origin: "*",
  allowMethods: ["GET", "POST"],
  allowHeaders: ["Content-Type", "X-Api-Key", "Authorization", "Idempotency-Key", "X-Client-Secret"],
  maxAge: 600,
});

/**
 * CORS for the browser and public routes only: the widget calls them from sellers' sites (any
 * origin). Secret-key routes grant no origin, so a browser never reads their answers.
 *
 * Hono's `cors` answers the preflight. On the request itself the one header it would add
 * (`Access-Control-Allow-Origin: *`) is set here after the route answered: hono's sets it before,
 * through `c.res`, which makes Hono rebuild the route's answer as a full web Response whose body
 * @hono/node-server must then read back as a stream (a tenth of a buyer's request on the Node host).
 */
export const browserCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isCrossOriginPath(c.req.path)) return next();
  if (c.req.method === "OPTIONS") return browserCorsHandler(c, next);
  await next();
  c.res.headers.set("Access-Control-Allow-Origin", "*");
};

/** The middleware mounted on /v1/*. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "OPTIONS") return next();
  const access: Access = requestAccess(c) ?? UNDECLARED;
  const key = presentedKey(c);
  if (!key) {
    if (access.caller === "public") return next();
    throw new ApiError("UNAUTHENTICATED", "Send your API key in the X-Api-Key header (or Authorization: ApiKey <key>).", { headers: CHALLENGE });
  }
  const platform = c.get("platform");
  const identity = await resolveKey(platform.db, key, platform.now());
  if (!identity) {
    await countInvalidKey(c);
    throw new ApiError("UNAUTHENTICATED", "The API key is not valid: it is unknown, malformed or revoked.", { headers: CHALLENGE });
  }
  if (identity.kind === "publishable" && access.caller !== "browser" && access.caller !== "public") {
    throw new ApiError(
      "PUBLISHABLE_KEY_NOT_ALLOWED",
      "Publishable keys (pk_) only work on browser-safe routes; call this route from your server with your secret key (sk_).",
      { headers: CHALLENGE },
    );
  }
  // Test-mode routes do not exist for a live key: the same 404 as a route that does not.
  if (access.testModeOnly && identity.mode !== "test") throw new ApiError("ROUTE_NOT_FOUND", `No route ${c.req.method} ${c.req.path}.`);
  if (access.caller === "company" && identity.seller.parentId !== null) {
    throw new ApiError("FORBIDDEN", access.companyOnly ?? "Only a company (a seller without a parent company) may call this route.");
  }
  // A live key of a seller not approved for live reads, and changes nothing (domain/live-approval.ts).
  if (identity.mode === "live" && identity.seller.liveApprovedAt === null && access.caller !== "public" && c.req.method !== "GET" && c.req.method !== "HEAD") {
    requireApprovedForLive(identity.seller, "change anything in live mode");
  }
  c.set("auth", identity);
  await next();
};

/** The authenticated identity; only call on routes behind `authenticate`. */
export function authOf(c: Context<AppEnv>): KeyIdentity {
  const auth = c.get("auth");
  if (!auth) throw new ApiError("UNAUTHENTICATED", "This route needs an API key.");
  return auth;
}

/** The caller's scope: its seller, in its key's mode. */
export function scopeOf(c: Context<AppEnv>): Scope {
  const auth = authOf(c);
  return { sellerId: auth.sellerId, livemode: auth.mode === "live" };
}
