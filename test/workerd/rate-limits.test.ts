/**
 * Rate limits on the Worker: Cloudflare's rate-limiting bindings (wrangler.toml), counted by the
 * runtime, not in the isolate. A client address (CF-Connecting-IP) past the public routes' limit,
 * or past the card routes' tighter one, or sending keys that are not valid past that limit, gets
 * 429s with their headers; another address does not.
 * (The per-key policies run the same middleware with bindings lifted for the shared test keys:
 * vitest.workers.config.ts; their numbers are proven on Node, test/node/rate-limits.test.ts.)
 */
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMIT_POLICIES } from "../../worker/lib/rate-limit";
import { api, apiJson } from "./api";

/** Waits for the next `period`-second window (the runtime counts in fixed windows) unless the current one has `needMs` left for the burst. */
async function windowStart(period: number, needMs: number) {
  const left = period * 1000 - (Date.now() % (period * 1000));
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 20));
}

const status = async (res: Promise<Response>) => {
  const r = await res;
  await r.text();
  return r.status;
};

const unique = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe("rate limits in workerd", () => {
  it("public routes: one address past its limit gets 429s with Retry-After and the policy; another address does not", async () => {
    const address = unique();
    const { limit, period } = RATE_LIMIT_POLICIES.clientAddress;
    const read = (from: string) => api("GET", "/v1/payment-links/00000000-0000-4000-8000-000000000000", undefined, { "CF-Connecting-IP": from });
    await (await read(unique())).text();
    await windowStart(period, 7_000);
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) statuses.push(await status(read(address)));
    expect(statuses.slice(0, limit).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429, 429]);
    const over = await read(address);
    expect(over.headers.get("retry-after")).toBe(String(period));
    expect(over.headers.get("ratelimit-policy")).toBe(`${limit};w=${period};name="clientAddress"`);
    expect(await over.json()).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect((await read(unique())).status).toBe(404);
  }, 60_000);

  it("card routes: the tighter per-address limit", async () => {
    const address = unique();
    const { limit } = RATE_LIMIT_POLICIES.cardClientAddress;
    const tx = await apiJson<{ pendingAction: { publishableKey: string } }>("POST", "/v1/transactions", 201, {
      paymentMethod: "CREDIT_CARD", amount: 1000, currency: "BRL", buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" },
    });
    const confirm = () =>
      api("POST", "/v1/transactions/00000000-0000-4000-8000-000000000000/3ds/confirm", { clientSecret: "x" }, { "X-Api-Key": tx.pendingAction.publishableKey, "CF-Connecting-IP": address });
    await windowStart(60, 15_000);
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++) statuses.push(await status(confirm()));
    expect(statuses.slice(0, limit).includes(429)).toBe(false);
    expect(statuses[limit]).toBe(429);
  }, 60_000);

  it("keys that are not valid: one address past its limit gets 429s instead of 401s; a valid key from it still works", async () => {
    const address = unique();
    const { limit, period } = RATE_LIMIT_POLICIES.invalidKeyClientAddress;
    const guess = () => api("GET", "/v1/buyers?size=1", undefined, { "X-Api-Key": `sk_test_${"x".repeat(32)}`, "CF-Connecting-IP": address });
    await windowStart(period, 15_000);
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++) statuses.push(await status(guess()));
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    const over = await guess();
    expect(over.headers.get("ratelimit-policy")).toBe(`${limit};w=${period};name="invalidKeyClientAddress"`);
    expect(await over.json()).toMatchObject({ code: "RATE_LIMITED", policy: "invalidKeyClientAddress" });
    expect(await status(api("GET", "/v1/buyers?size=1", undefined, { "X-Api-Key": inject("apiKey"), "CF-Connecting-IP": address }))).toBe(200);
  }, 90_000);
});
