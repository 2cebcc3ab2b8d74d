/**
 * Rate limits (docs/security.md, "Rate limits"): the policies, the port every host implements, and
 * the in-memory adapter of the Node host. A policy allows `limit` requests per `period` seconds
 * to one key (a secret key, a publishable key, a client address); the middleware
 * (http/rate-limit.ts) decides which policies a request counts against.
 *
 * On the Worker each policy is a Cloudflare rate-limiting binding of the same name, declared in
 * wrangler.toml with the same numbers (test/rate-limit-config.test.ts keeps them equal), so the
 * limits hold across isolates; Cloudflare's periods are 10 or 60 seconds, so every policy uses one.
 */

/** A policy's numbers. */
export interface RateLimitPolicy {
  limit: number;
  /** Seconds: 10 or 60 (what Cloudflare's binding offers). */
  period: 10 | 60;
  /** The Worker's binding that enforces it. */
  binding: string;
}

/**
 * The policies. Secret keys: Stripe's defaults (25 requests/s in test mode, 100 in live) over
 * 10 s windows. Browser and public routes: per client address and per publishable key, and
 * tighter on the routes that touch card numbers (3DS setup and authentication, confirm), where
 * card-testing bots work. Keys that are not valid (unknown, malformed or revoked): per client
 * address, so a client guessing or replaying dead keys is cut off while every valid key goes on.
 * The dashboard's sign-in and invite routes (anyone may call them, and each issues a challenge
 * row): per client address, a person's few tries a minute with room for an office behind one NAT.
 * A signed-in dashboard member: per member, ten requests a second on average, far past what the
 * interface sends, so a stolen session or a runaway script is cut off.
 */
export const RATE_LIMIT_POLICIES = {
  secretTest: { limit: 250, period: 10, binding: "RL_SECRET_TEST" },
  secretLive: { limit: 1000, period: 10, binding: "RL_SECRET_LIVE" },
  clientAddress: { limit: 120, period: 10, binding: "RL_CLIENT_ADDRESS" },
  publishableKey: { limit: 1000, period: 10, binding: "RL_PUBLISHABLE_KEY" },
  cardClientAddress: { limit: 60, period: 60, binding: "RL_CARD_CLIENT_ADDRESS" },
  cardPublishableKey: { limit: 1200, period: 60, binding: "RL_CARD_PUBLISHABLE_KEY" },
  invalidKeyClientAddress: { limit: 30, period: 60, binding: "RL_INVALID_KEY_CLIENT_ADDRESS" },
  dashboardSignInClientAddress: { limit: 30, period: 60, binding: "RL_DASHBOARD_SIGN_IN_CLIENT_ADDRESS" },
  dashboardMember: { limit: 600, period: 60, binding: "RL_DASHBOARD_MEMBER" },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES;
export type RateLimitPolicies = Record<RateLimitPolicyName, RateLimitPolicy>;

/** The port: counts one request against `key` under `policy`; false when it is over the limit. */
export interface RateLimiter {
  readonly policies: RateLimitPolicies;
  limit(policy: RateLimitPolicyName, key: string): Promise<boolean>;
}

/**
 * The Node host's limiter: fixed windows of each policy's period, counted in memory (one
 * process). `now` is the platform's clock, so tests move time instead of waiting. Old windows are
 * dropped as the map grows, so memory stays bounded by the keys seen in one period.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { window: number; count: number }>();

  constructor(
    readonly policies: RateLimitPolicies,
    private readonly now: () => Date,
    private readonly maxKeys = 100_000,
  ) {}

  async limit(policy: RateLimitPolicyName, key: string): Promise<boolean> {
    const { limit, period } = this.policies[policy];
    const window = Math.floor(this.now().getTime() / (period * 1000));
    const id = `${policy}\u0000${key}`;
    const entry = this.windows.get(id);
    if (!entry || entry.window !== window) {
      if (this.windows.size >= this.maxKeys) this.dropOldWindows();
      this.windows.set(id, { window, count: 1 });
      return limit >= 1;
    }
    entry.count++;
    return entry.count <= limit;
  }

  /** Forgets every key whose window has ended. */
  private dropOldWindows(): void {
    const ms = this.now().getTime();
    for (const [id, entry] of this.windows) {
      const policy = id.slice(0, id.indexOf("\u0000")) as RateLimitPolicyName;
      if (entry.window !== Math.floor(ms / (this.policies[policy].period * 1000))) this.windows.delete(id);
    }
    // Every key is current (an attack from more addresses than maxKeys in one period): start afresh.
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}

/**
 * The policies with overrides, e.g. from RATE_LIMITS='{"secretTest":{"limit":5000}}'. Throws on
 * an unknown policy or a limit that is not a positive integer.
 */
export function policiesWith(overrides: Partial<Record<string, { limit?: number; period?: number }>>): RateLimitPolicies {
  const out = { ...RATE_LIMIT_POLICIES } as RateLimitPolicies;
  for (const [name, value] of Object.entries(overrides)) {
    if (!(name in out)) throw new Error(`RATE_LIMITS: unknown policy "${name}" (known: ${Object.keys(out).join(", ")})`);
    const base = out[name as RateLimitPolicyName];
    const limit = value?.limit ?? base.limit;
    const period = value?.period ?? base.period;
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`RATE_LIMITS: ${name}.limit must be a positive integer`);
    if (period !== 10 && period !== 60) throw new Error(`RATE_LIMITS: ${name}.period must be 10 or 60`);
    out[name as RateLimitPolicyName] = { ...base, limit, period };
  }
  return out;
}

/**
 * RATE_LIMITS that lifts every policy to `limit` (tests' and the bench's hosts, whose one key and
 * one address send far more than a client would): the limiter still counts each request.
 */
export function liftedRateLimits(limit = 1_000_000_000): string {
  return JSON.stringify(Object.fromEntries(Object.keys(RATE_LIMIT_POLICIES).map((p) => [p, { limit }])));
}
