/**
 * The Node host's rate limits, on `npm start` with the default policies (this file's host does
 * not inherit the lifted limits the other host tests run with): a burst past the test key's limit
 * gets 429s with their headers, traffic under it none; the card routes count the socket's
 * address, so one client is cut off while the key goes on working; so do keys that are not valid.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_POLICIES } from "../../worker/lib/rate-limit";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";

const dir = mkdtempSync(join(tmpdir(), "pay-rate-limits-"));
afterAll(() => {
  killAllHosts();
  rmSync(dir, { recursive: true, force: true });
});

describe("rate limits on the Node host (defaults)", () => {
  it("a burst past the secret key's limit gets 429s; under it, none; the card routes cut off one address", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { child, out } = await startNodeHost({ PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}`, RATE_LIMITS: "" });
    try {
      const sk = /Secret key\s+(sk_test_\w+)/.exec(out)?.[1];
      const pk = /Publishable\s+(pk_test_\w+)/.exec(out)?.[1];
      expect(sk && pk, out).toBeTruthy();
      const { limit, period } = RATE_LIMIT_POLICIES.secretTest;
      // Within one window: the burst starts right after a window turns, so it is not split in two.
      const now = Date.now();
      await new Promise((r) => setTimeout(r, period * 1000 - (now % (period * 1000)) + 20));
      const statuses = await Promise.all(Array.from({ length: limit + 20 }, () => fetch(`${base}/v1/buyers?size=1`, { headers: { "X-Api-Key": sk! } }).then(async (r) => [r.status, r.headers.get("retry-after"), await r.text()] as const)));
      expect(statuses.filter(([s]) => s === 200)).toHaveLength(limit);
      const refused = statuses.filter(([s]) => s === 429);
      expect(refused).toHaveLength(20);
      expect(refused[0]![1]).toBe(String(period));
      expect(JSON.parse(refused[0]![2])).toMatchObject({ code: "RATE_LIMITED", policy: "secretTest" });

      // The card routes, by address (the socket's: 127.0.0.1 here).
      const card = RATE_LIMIT_POLICIES.cardClientAddress;
      const confirm = () =>
        fetch(`${base}/v1/transactions/00000000-0000-4000-8000-000000000000/3ds/confirm`, {
          method: "POST",
          headers: { "X-Api-Key": pk!, "Content-Type": "application/json" },
          body: JSON.stringify({ clientSecret: "x" }),
        }).then((r) => r.status);
      const cardStatuses: number[] = [];
      for (let i = 0; i < card.limit + 1; i++) cardStatuses.push(await confirm());
      expect(cardStatuses.slice(0, card.limit).every((s) => s !== 429)).toBe(true);
      expect(cardStatuses[card.limit]).toBe(429);

      // Keys that are not valid, by address: 401s, then a 429; the valid key goes on working.
      const invalid = RATE_LIMIT_POLICIES.invalidKeyClientAddress;
      const guesses: number[] = [];
      for (let i = 0; i < invalid.limit + 1; i++) guesses.push((await fetch(`${base}/v1/buyers?size=1`, { headers: { "X-Api-Key": `sk_test_${String(i).padStart(32, "0")}` } })).status);
      expect(guesses.slice(0, invalid.limit).every((s) => s === 401)).toBe(true);
      expect(guesses[invalid.limit]).toBe(429);
      // (Its own count may be spent by the burst above: then it is the key's 429, never the address's.)
      const valid = await fetch(`${base}/v1/transactions?size=1`, { headers: { "X-Api-Key": sk! } });
      const body = (await valid.json()) as { policy?: string };
      expect(valid.status === 200 || body.policy === "secretTest", JSON.stringify(body)).toBe(true);
    } finally {
      await stopNodeHost(child, port);
    }
  }, 60_000);
});
