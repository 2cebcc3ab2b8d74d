/**
 * Rate limits on every /v1 route (docs/security.md): a request counts against its secret key, or,
 * on the browser and public routes, against its client address and its publishable key (tighter
 * on the routes declared `cards`, where card-testing bots work). Over a limit: 429 RATE_LIMITED
 * with `Retry-After` and the IETF draft's `RateLimit`/`RateLimit-Policy` headers. Traffic under
 * the limits sees none of it. An Idempotency-Key whose answer is stored always gets it: a
 * client retrying after a timeout must learn what happened.
 */
import { and, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { idempotencyKeys } from "../db/schema";
import { ApiError } from "../lib/problem";
import type { RateLimiter, RateLimitPolicyName } from "../lib/rate-limit";
import { requestAccess, UNDECLARED } from "./access";
import type { AppEnv } from "./context";

/** The policies a request counts against, with each one's key. */
function checksOf(c: Context<AppEnv>): Array<[RateLimitPolicyName, string]> {
  const auth = c.get("auth");
  if (auth?.kind === "secret") return [[auth.mode === "live" ? "secretLive" : "secretTest", `key:${auth.keyId}`]];
  const access = requestAccess(c) ?? UNDECLARED;
  const cards = access.cards === true;
  // An address the host cannot tell (local tools without Cloudflare's edge) is not counted: it would lump everyone together.
  const address = c.get("platform").clientAddress?.(c.req.raw, c.env);
  const checks: Array<[RateLimitPolicyName, string]> = address ? [[cards ? "cardClientAddress" : "clientAddress", `addr:${address}`]] : [];
  if (auth?.kind === "publishable") checks.push([cards ? "cardPublishableKey" : "publishableKey", `key:${auth.keyId}`]);
  return checks;
}

/** True when the request names an Idempotency-Key its seller has a stored answer for. */
async function isReplay(c: Context<AppEnv>): Promise<boolean> {
  const key = c.req.header("idempotency-key");
  const auth = c.get("auth");
  if (!key || !auth) return false;
  const k = idempotencyKeys;
  const [row] = await c.get("platform").db.select({ status: k.status }).from(k).where(and(eq(k.sellerId, auth.sellerId), eq(k.livemode, auth.mode === "live"), eq(k.key, key))).limit(1);
  return row?.status === "COMPLETED";
}

/** What a client past `policy` is told: who may make how many requests, and when to retry. */
const WHO: Record<RateLimitPolicyName, string> = {
  secretTest: "this API key may make {limit} requests",
  secretLive: "this API key may make {limit} requests",
  clientAddress: "this address may make {limit} requests",
  publishableKey: "this publishable key may make {limit} requests",
  cardClientAddress: "this address may make {limit} requests to the card routes",
  cardPublishableKey: "this publishable key may make {limit} requests to the card routes",
  invalidKeyClientAddress: "this address may send {limit} API keys that are not valid",
  dashboardSignInClientAddress: "this address may start {limit} dashboard sign-ins or passkey registrations",
  dashboardMember: "a dashboard member may make {limit} requests",
};

/** The 429 of `policy`, with Retry-After and the IETF draft's headers. */
function rateLimited(limiter: RateLimiter, policy: RateLimitPolicyName): ApiError {
  const { limit, period } = limiter.policies[policy];
  return new ApiError("RATE_LIMITED", `Too many requests: ${WHO[policy].replace("{limit}", String(limit))} every ${period} seconds. Retry after ${period} seconds.`, {
    headers: {
      "Retry-After": String(period),
      RateLimit: `limit=${limit}, remaining=0, reset=${period}`,
      "RateLimit-Policy": `${limit};w=${period};name="${policy}"`,
    },
    extensions: { policy, limit, periodSeconds: period },
  });
}

/** The middleware mounted on /v1/* after `authenticate`. */
export const rateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.get("platform").rateLimiter;
  if (!limiter || c.req.method === "OPTIONS") return next();
  for (const [policy, key] of checksOf(c)) {
    if (await limiter.limit(policy, key)) continue;
    if (await isReplay(c)) break;
    throw rateLimited(limiter, policy);
  }
  await next();
};

/**
 * Counts a request against its client address under `policy`; past the limit it throws the 429.
 * No limiter or no address (a test without one): nothing is counted.
 */
export async function countClientAddress(c: Context<AppEnv>, policy: RateLimitPolicyName): Promise<void> {
  const { rateLimiter: limiter, clientAddress } = c.get("platform");
  const address = limiter && clientAddress?.(c.req.raw, c.env);
  if (!limiter || !address) return;
  if (!(await limiter.limit(policy, `addr:${address}`))) throw rateLimited(limiter, policy);
}

/**
 * Counts a request whose key is not valid against its client address (called by `authenticate`
 * before it answers 401); past the limit it throws the 429 instead. A client that guesses keys, or
 * keeps sending a revoked one, is cut off; valid keys from the same address are not counted here.
 */
export const countInvalidKey = (c: Context<AppEnv>): Promise<void> => countClientAddress(c, "invalidKeyClientAddress");

/** The dashboard's sign-in and invite routes, per client address (docs/dashboard.md). */
export const limitDashboardSignIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await countClientAddress(c, "dashboardSignInClientAddress");
  await next();
};

/** A signed-in dashboard member's requests, per member (after `signedIn`; docs/dashboard.md). */
export const limitDashboardMember: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limiter = c.get("platform").rateLimiter;
  const member = c.get("member");
  if (limiter && member && !(await limiter.limit("dashboardMember", `member:${member.member.id}`))) throw rateLimited(limiter, "dashboardMember");
  await next();
};
