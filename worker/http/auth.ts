/**
 * API key authentication for /v1.
 *
 * Every /v1 route needs a key unless it is listed in PUBLIC_ROUTES, and refuses a publishable
 * key unless it is listed in BROWSER_SAFE_ROUTES. Deny by default: a new route is secret-key
 * only until someone decides, here, that a browser may call it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { resolveKey, type KeyIdentity } from "../domain/api-keys";
import type { Scope } from "../domain/scope";
import type { AppEnv } from "./context";
import { ApiError } from "../lib/problem";
import { cors } from "hono/cors";

type RouteRule = readonly [method: string, path: RegExp];

const UUID = "[0-9a-fA-F-]{36}";

/** Routes a publishable key (pk_) may call: what a buyer's browser needs, nothing more. */
export const BROWSER_SAFE_ROUTES: RouteRule[] = [
  ["POST", new RegExp(`^/v1/transactions/${UUID}/3ds/confirm$`)],
  ["POST", /^\/v1\/transactions\/threeds\/(setup|authenticate|challenge-result)$/],
  ["GET", new RegExp(`^/v1/transactions/${UUID}/checkout$`)],
];

/** /v1 routes that need no key at all. */
export const PUBLIC_ROUTES: RouteRule[] = [];

function matches(rules: RouteRule[], method: string, path: string): boolean {
  return rules.some(([m, re]) => m === method && re.test(path));
}

/** Reads the key from `X-Api-Key: <key>` or `Authorization: ApiKey <key>`. */
export function presentedKey(c: Context): string | null {
  const header = c.req.header("x-api-key")?.trim();
  if (header) return header;
  const authorization = c.req.header("authorization")?.trim();
  if (!authorization) return null;
  const match = /^ApiKey\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) {
    throw new ApiError("UNAUTHENTICATED", 'The Authorization header must have the form "ApiKey <key>".', {
      headers: { "WWW-Authenticate": 'ApiKey realm="pay"' },
    });
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
 * CORS for the browser-safe routes only: the widget calls them from sellers' sites (any origin),
 * with a publishable key. Secret-key routes grant no origin, so a browser never reads their answers.
 */
export const browserCors: MiddlewareHandler<AppEnv> = (c, next) =>
  BROWSER_SAFE_ROUTES.some(([, re]) => re.test(c.req.path)) ? browserCorsHandler(c, next) : next();

/** The middleware mounted on /v1/*. */
export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  if (method === "OPTIONS" || matches(PUBLIC_ROUTES, method, c.req.path)) return next();

  const challenge = { "WWW-Authenticate": 'ApiKey realm="pay"' };
  const key = presentedKey(c);
  if (!key) {
    throw new ApiError("UNAUTHENTICATED", "Send your API key in the X-Api-Key header (or Authorization: ApiKey <key>).", {
      headers: challenge,
    });
  }
  const platform = c.get("platform");
  const identity = await resolveKey(platform.db, key, platform.now());
  if (!identity) {
    throw new ApiError("UNAUTHENTICATED", "The API key is not valid: it is unknown, malformed or revoked.", {
      headers: challenge,
    });
  }
  if (identity.kind === "publishable" && !matches(BROWSER_SAFE_ROUTES, method, c.req.path)) {
    throw new ApiError(
      "PUBLISHABLE_KEY_NOT_ALLOWED",
      "Publishable keys (pk_) only work on browser-safe routes; call this route from your server with your secret key (sk_).",
      { headers: challenge },
    );
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
