/**
 * The Worker enforces each rate-limit policy with a Cloudflare binding declared in wrangler.toml;
 * the Node host counts the same policies from lib/rate-limit.ts. Both must say the same numbers.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RATE_LIMIT_POLICIES } from "../worker/lib/rate-limit";

/** The `[[ratelimits]]` blocks of wrangler.toml: name → {limit, period}. */
function declaredBindings(): Record<string, { limit: number; period: number }> {
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const out: Record<string, { limit: number; period: number }> = {};
  for (const block of toml.split("[[ratelimits]]").slice(1)) {
    const name = /name\s*=\s*"([^"]+)"/.exec(block)?.[1];
    const simple = /simple\s*=\s*\{\s*limit\s*=\s*(\d+)\s*,\s*period\s*=\s*(\d+)\s*\}/.exec(block);
    if (name && simple) out[name] = { limit: Number(simple[1]), period: Number(simple[2]) };
  }
  return out;
}

describe("rate-limit policies", () => {
  it("wrangler.toml declares one binding per policy, with the policy's limit and period, and no other", () => {
    const expected = Object.fromEntries(Object.values(RATE_LIMIT_POLICIES).map((p) => [p.binding, { limit: p.limit, period: p.period }]));
    expect(declaredBindings()).toEqual(expected);
  });
});
