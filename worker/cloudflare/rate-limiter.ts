/**
 * The Worker's rate limiter: each policy of lib/rate-limit.ts is a Cloudflare rate-limiting
 * binding of the same numbers (wrangler.toml `[[ratelimits]]`), counted by Cloudflare across
 * isolates and locations of a colo. A binding that is missing (a wrangler.toml without it) allows
 * the request and logs once, so a misconfiguration never takes the API down.
 */
import { RATE_LIMIT_POLICIES, type RateLimitPolicyName, type RateLimiter } from "../lib/rate-limit";
import type { LogLine } from "../platform";

/** The binding's interface (Workers' RateLimit). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** A limiter over the env's bindings. */
export function bindingRateLimiter(env: Record<string, unknown>, log: (line: LogLine) => void): RateLimiter {
  const warned = new Set<string>();
  return {
    policies: RATE_LIMIT_POLICIES,
    async limit(policy: RateLimitPolicyName, key: string) {
      const name = RATE_LIMIT_POLICIES[policy].binding;
      const binding = env[name] as RateLimitBinding | undefined;
      if (!binding) {
        if (!warned.has(name)) log({ msg: "config.rate_limit_binding_missing", level: "warn", binding: name });
        warned.add(name);
        return true;
      }
      return (await binding.limit({ key })).success;
    },
  };
}
