/**
 * Rate limits, as a client meets them (docs/security.md): traffic under a limit sees nothing of
 * it; the request past it is a 429 problem with Retry-After and the IETF draft's RateLimit
 * headers, until the window turns; each key and address has its own count; a stored
 * Idempotency-Key answer is always given. Counted in memory at the test clock's time, as on the
 * Node host (test/node/rate-limits.test.ts and test/workerd/rate-limits.test.ts run the hosts).
 */
import { describe, expect, it } from "vitest";
import { policiesWith, RATE_LIMIT_POLICIES } from "../../worker/lib/rate-limit";
import { cardInput } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pixBody } from "../support/transactions";

const burst = async (n: number, send: () => Response | Promise<Response>) => {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send()).status);
  return statuses;
};

describe("per secret key", () => {
  it(`a test key makes ${RATE_LIMIT_POLICIES.secretTest.limit} requests per ${RATE_LIMIT_POLICIES.secretTest.period} s; the next is a 429 until the window turns`, async () => {
    const ctx = await createTestContext({ rateLimits: true });
    ctx.platform.clock.set("2026-01-15T12:00:00.000Z");
    const { limit, period } = RATE_LIMIT_POLICIES.secretTest;
    const under = await Promise.all(Array.from({ length: limit }, () => ctx.get("/v1/buyers?size=1")));
    expect(under.every((r) => r.status === 200)).toBe(true);
    // Under the limit: not a trace of it.
    expect(under.some((r) => r.headers.has("ratelimit") || r.headers.has("retry-after"))).toBe(false);
    const over = await ctx.get("/v1/buyers?size=1");
    const problem = await expectProblem(over, 429, "RATE_LIMITED");
    expect(over.headers.get("content-type")).toBe("application/problem+json");
    expect(over.headers.get("retry-after")).toBe(String(period));
    expect(over.headers.get("ratelimit")).toBe(`limit=${limit}, remaining=0, reset=${period}`);
    expect(over.headers.get("ratelimit-policy")).toBe(`${limit};w=${period};name="secretTest"`);
    expect(problem).toMatchObject({ policy: "secretTest", limit, periodSeconds: period });
    ctx.platform.clock.advance(period);
    expect((await ctx.get("/v1/buyers?size=1")).status).toBe(200);
  });

  it("a live key has the live limit, counted apart from the test key's", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ secretTest: { limit: 2 }, secretLive: { limit: 4 } }) });
    const { rotateSellerKeys } = await import("../../worker/domain/sellers");
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect(await burst(3, () => ctx.get("/v1/buyers"))).toEqual([200, 200, 429]);
    expect(await burst(5, () => live.get("/v1/buyers"))).toEqual([200, 200, 200, 200, 429]);
    expect((await live.get("/v1/buyers")).headers.get("ratelimit-policy")).toBe('4;w=10;name="secretLive"');
  });

  it("another seller's key has its own count", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ secretTest: { limit: 3 } }) });
    expect(await burst(4, () => ctx.get("/v1/buyers"))).toEqual([200, 200, 200, 429]);
    const { createCompanySeller } = await import("../../worker/domain/sellers");
    const other = requester(ctx.app, await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now()));
    expect((await other.get("/v1/buyers")).status).toBe(200);
  });

  it("a stored Idempotency-Key answer is given past the limit; a new key is not", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ secretTest: { limit: 2 } }) });
    const first = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "order-42" });
    expect(first.status).toBe(201);
    expect((await ctx.get("/v1/buyers")).status).toBe(200);
    const replay = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "order-42" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await replay.json()).id).toBe((await first.json()).id);
    await expectProblem(await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "order-43" }), 429, "RATE_LIMITED");
  });
});

describe("browser and public routes", () => {
  it("per client address on public routes: one address is cut off, another is not", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ clientAddress: { limit: 5 } }) });
    const link = await (await ctx.post("/v1/payment-links", { name: "Ingresso", amountInCents: 1000, paymentMethods: ["PIX"] })).json();
    const read = (address: string) => ctx.app.request(`/v1/payment-links/${link.id}`, { headers: { "X-Test-Client-Address": address } });
    expect(await burst(6, () => read("203.0.113.7"))).toEqual([200, 200, 200, 200, 200, 429]);
    const over = await read("203.0.113.7");
    expect(over.headers.get("ratelimit-policy")).toBe('5;w=10;name="clientAddress"');
    expect((await read("198.51.100.9")).status).toBe(200);
  });

  it("a publishable key on browser routes has its own limit across addresses", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ publishableKey: { limit: 4 } }) });
    const tx = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 1000 }), paymentMethod: "CREDIT_CARD" })).json();
    const view = (address: string) =>
      ctx.app.request(`/v1/transactions/${tx.id}/checkout?clientSecret=${tx.pendingAction.clientSecret}`, { headers: { "X-Api-Key": ctx.seller.publishableKey, "X-Test-Client-Address": address } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await view(`203.0.113.${i}`)).status);
    expect(statuses.slice(0, 4).includes(429)).toBe(false);
    expect(statuses[4]).toBe(429);
    expect((await view("192.0.2.9")).headers.get("ratelimit-policy")).toBe('4;w=10;name="publishableKey"');
  });

  it("card routes are tighter per address, and a publishable key has its own limit across addresses", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ cardClientAddress: { limit: 3 }, cardPublishableKey: { limit: 5 } }) });
    const tx = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 1000 }), paymentMethod: "CREDIT_CARD" })).json();
    const setup = (address: string) =>
      ctx.app.request("/v1/transactions/threeds/setup", {
        method: "POST",
        headers: { "X-Api-Key": ctx.seller.publishableKey, "Content-Type": "application/json", "X-Test-Client-Address": address },
        body: JSON.stringify({ card: cardInput("4111111111111111"), transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret }),
      });
    expect(await burst(4, () => setup("203.0.113.7"))).toEqual([200, 200, 200, 429]);
    expect((await setup("203.0.113.7")).headers.get("ratelimit-policy")).toBe('3;w=60;name="cardClientAddress"');
    // The key: 3 counted above (the 429s were cut off by the address first), 2 more pass, then it is the key's limit.
    expect(await burst(3, () => setup("198.51.100.9"))).toEqual([200, 200, 429]);
    expect((await setup("192.0.2.1")).headers.get("ratelimit-policy")).toBe('5;w=60;name="cardPublishableKey"');
    // Reads that are not card routes are not held back by the card limits.
    const view = await ctx.app.request(`/v1/transactions/${tx.id}/checkout?clientSecret=${tx.pendingAction.clientSecret}`, { headers: { "X-Api-Key": ctx.seller.publishableKey, "X-Test-Client-Address": "203.0.113.7" } });
    expect(view.status).not.toBe(429);
  });
});

describe("keys that are not valid", () => {
  it("an address sending keys that are not valid gets 401s, then 429s; a valid key from it and another address are not held back", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ invalidKeyClientAddress: { limit: 3 } }) });
    const guess = (address: string, key = `sk_test_${"x".repeat(32)}`) => ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": key, "X-Test-Client-Address": address } });
    expect(await burst(5, () => guess("203.0.113.7"))).toEqual([401, 401, 401, 429, 429]);
    const over = await guess("203.0.113.7");
    const problem = await expectProblem(over, 429, "RATE_LIMITED");
    expect(problem).toMatchObject({ policy: "invalidKeyClientAddress", limit: 3, periodSeconds: 60 });
    expect(over.headers.get("retry-after")).toBe("60");
    expect(over.headers.get("ratelimit-policy")).toBe('3;w=60;name="invalidKeyClientAddress"');
    // A revoked or unknown publishable key counts the same, on a browser route.
    expect((await guess("203.0.113.7", `pk_test_${"y".repeat(32)}`)).status).toBe(429);
    // The seller's own key from that address works: only refused keys are counted.
    const valid = await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": ctx.seller.apiKey, "X-Test-Client-Address": "203.0.113.7" } });
    expect(valid.status).toBe(200);
    expect((await guess("198.51.100.9")).status).toBe(401);
    // The window turns: the address is heard again.
    ctx.platform.clock.advance(60);
    expect((await guess("203.0.113.7")).status).toBe(401);
  });

  it("a missing key is a 401 that counts nothing; an address the host cannot tell is not counted", async () => {
    const ctx = await createTestContext({ rateLimits: policiesWith({ invalidKeyClientAddress: { limit: 1 } }) });
    const missing = () => ctx.app.request("/v1/buyers", { headers: { "X-Test-Client-Address": "203.0.113.7" } });
    expect(await burst(3, missing)).toEqual([401, 401, 401]);
    const unknownAddress = () => ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": `sk_test_${"x".repeat(32)}` } });
    expect(await burst(3, unknownAddress)).toEqual([401, 401, 401]);
  });
});
