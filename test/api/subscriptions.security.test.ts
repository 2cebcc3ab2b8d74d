/**
 * Subscriptions across sellers, modes and keys: another seller's secret key is 404 on every route
 * of a subscription and changes nothing (the database rows are compared before and after); it
 * cannot subscribe to the seller's plan, name the seller's buyer or card token, nor read, advance
 * or use the seller's test clock. A live key cannot put a subscription on a test clock and finds
 * no test clock route; a publishable key or no key reads and writes nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { expectProblem } from "../support/problem";
import { publicCall } from "../support/payment-links";
import { plan, subscribe, subscriber, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
/** A requester with its app, as the subscription helpers take it. */
type Seller = ReturnType<typeof requester> & { app: Ctx["app"] };
let other: Seller;
beforeEach(async () => {
  // Live mode needs a live acquirer and a receiving PIX key; the hosts ship neither.
  ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "o@example.com", city: "Recife" }, ctx.platform.now());
  other = { ...requester(ctx.app, seller), app: ctx.app };
});

/** Every row of the tables a subscription's routes write: what must not change. */
async function snapshot() {
  const tables = ["subscriptions", "invoices", "transactions", "events", "test_clocks", "subscription_settings"];
  const rows = await Promise.all(tables.map(async (t) => [t, (await ctx.platform.client.execute(`select * from ${t} order by rowid`)).rows] as const));
  return JSON.stringify(rows);
}

/** Seller A's card subscription (ACTIVE: charged at creation) on a test clock, its plan, buyer and token. */
async function sellersSubscription() {
  const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
  const clock = await testClock(ctx, "2026-02-01T12:00:00Z");
  const p = await plan(ctx);
  const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken, testClockId: clock.id });
  expect(sub.status).toBe("ACTIVE");
  return { sub, plan: p, buyerId, cardToken: cardToken!, clock };
}

describe("another seller's secret key", () => {
  it("is 404 on GET, PATCH, cancel and invoices of the subscription, and nothing changes", async () => {
    const { sub, cardToken } = await sellersSubscription();
    const before = await snapshot();
    const read = await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json();
    for (const res of [
      await other.get(`/v1/subscriptions/${sub.id}`),
      await other.patch(`/v1/subscriptions/${sub.id}`, { paymentMethod: "PIX" }),
      await other.patch(`/v1/subscriptions/${sub.id}`, { cardToken }),
      await other.post(`/v1/subscriptions/${sub.id}/cancel`, {}),
      await other.post(`/v1/subscriptions/${sub.id}/cancel`, { atPeriodEnd: true }),
      await other.get(`/v1/subscriptions/${sub.id}/invoices`),
    ]) {
      const problem = await expectProblem(res, 404, "RESOURCE_NOT_FOUND");
      expect(JSON.stringify(problem)).not.toContain(cardToken);
    }
    expect(await snapshot()).toBe(before);
    expect(await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json()).toEqual(read);
  });

  it("does not list the subscription, by any filter", async () => {
    const { sub, plan: p, buyerId } = await sellersSubscription();
    for (const query of ["", `?planId=${p.id}`, `?buyerId=${buyerId}`, "?status=ACTIVE"]) {
      expect((await (await other.get(`/v1/subscriptions${query}`)).json()).totalItems, query).toBe(0);
    }
    expect((await (await ctx.get("/v1/subscriptions")).json()).items.map((s: { id: string }) => s.id)).toEqual([sub.id]);
  });

  it("cannot subscribe to the seller's plan (404), nor name its buyer (422 buyerId) or card token (422 cardToken)", async () => {
    const { plan: p, buyerId, cardToken } = await sellersSubscription();
    const own = await plan(other, { name: "Plano da outra" });
    const ownBuyer = await subscriber(other);
    const before = await snapshot();

    await expectProblem(await other.post("/v1/subscriptions", { planId: p.id, buyerId: ownBuyer.buyerId, paymentMethod: "PIX" }), 404, "RESOURCE_NOT_FOUND");

    const withBuyer = await expectProblem(await other.post("/v1/subscriptions", { planId: own.id, buyerId, paymentMethod: "PIX" }), 422, "INVALID_DATA");
    expect(withBuyer.errors.map((e: { path: string }) => e.path)).toEqual(["buyerId"]);

    const withToken = await expectProblem(
      await other.post("/v1/subscriptions", { planId: own.id, buyerId: ownBuyer.buyerId, paymentMethod: "CREDIT_CARD", cardToken }),
      422,
      "INVALID_DATA",
    );
    expect(withToken.errors.map((e: { path: string }) => e.path)).toEqual(["cardToken"]);
    expect(await snapshot()).toBe(before);
  });

  it("cannot read, advance or subscribe on the seller's test clock", async () => {
    const { clock } = await sellersSubscription();
    const own = await plan(other, { name: "Plano da outra" });
    const ownBuyer = await subscriber(other);
    const before = await snapshot();
    await expectProblem(await other.get(`/v1/sandbox/test-clocks/${clock.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.post(`/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime: "2026-06-01T12:00:00Z" }), 404, "RESOURCE_NOT_FOUND");
    const res = await other.post("/v1/subscriptions", { planId: own.id, buyerId: ownBuyer.buyerId, paymentMethod: "PIX", testClockId: clock.id });
    const problem = await expectProblem(res, 422, "INVALID_DATA");
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["testClockId"]);
    expect(await snapshot()).toBe(before);
    expect((await (await ctx.get(`/v1/sandbox/test-clocks/${clock.id}`)).json()).frozenTime).toBe("2026-02-01T12:00:00.000Z");
  });

  it("its retry settings are its own", async () => {
    expect((await ctx.send("PUT", "/v1/subscriptions/settings", { cardRetryDays: [2, 5] })).status).toBe(200);
    expect((await (await other.get("/v1/subscriptions/settings")).json()).cardRetryDays).not.toEqual([2, 5]);
    expect((await other.send("PUT", "/v1/subscriptions/settings", { cardRetryDays: [1, 3, 7, 14] })).status).toBe(200);
    expect(await (await ctx.get("/v1/subscriptions/settings")).json()).toEqual({ cardRetryDays: [2, 5], pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 });
  });
});

describe("keys and modes", () => {
  let live: Seller;
  beforeEach(async () => {
    live = { ...requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!), app: ctx.app };
  });

  it("a live key cannot use a testClockId (422 testClockId), not even its own seller's clock", async () => {
    const clock = await testClock(ctx, "2026-02-01T12:00:00Z");
    const livePlan = await plan(live);
    expect(livePlan.livemode).toBe(true);
    const { buyerId } = await subscriber(live);
    const before = await snapshot();
    const res = await live.post("/v1/subscriptions", { planId: livePlan.id, buyerId, paymentMethod: "PIX", testClockId: clock.id });
    const problem = await expectProblem(res, 422, "INVALID_DATA");
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(["testClockId"]);
    expect(await snapshot()).toBe(before);
    // Without the clock, the same body is a live subscription.
    const sub = await subscribe(live, { planId: livePlan.id, buyerId, paymentMethod: "PIX" });
    expect(sub).toMatchObject({ livemode: true, testClockId: null, status: "INCOMPLETE" });
  });

  it("a live key gets 404 on every /v1/sandbox/test-clocks route", async () => {
    const clock = await testClock(ctx, "2026-02-01T12:00:00Z");
    const before = await snapshot();
    expect((await live.post("/v1/sandbox/test-clocks", { frozenTime: "2026-02-01T12:00:00Z" })).status).toBe(404);
    expect((await live.get(`/v1/sandbox/test-clocks/${clock.id}`)).status).toBe(404);
    expect((await live.post(`/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime: "2026-03-01T12:00:00Z" })).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it("the test key's subscription is 404 to the live key, and the reverse", async () => {
    const { sub } = await sellersSubscription();
    const livePlan = await plan(live);
    const liveSub = await subscribe(live, { planId: livePlan.id, buyerId: (await subscriber(live)).buyerId, paymentMethod: "PIX" });
    await expectProblem(await live.get(`/v1/subscriptions/${sub.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await live.post(`/v1/subscriptions/${sub.id}/cancel`, {}), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`/v1/subscriptions/${liveSub.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.get(`/v1/subscriptions/${liveSub.id}/invoices`), 404, "RESOURCE_NOT_FOUND");
    expect((await (await live.get("/v1/subscriptions")).json()).items.map((s: { id: string }) => s.id)).toEqual([liveSub.id]);
    expect((await (await ctx.get("/v1/subscriptions")).json()).items.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    // A live subscription cannot name the test key's plan.
    await expectProblem(await live.post("/v1/subscriptions", { planId: (await plan(ctx)).id, buyerId: (await subscriber(live)).buyerId, paymentMethod: "PIX" }), 404, "RESOURCE_NOT_FOUND");
  });

  it("a publishable key is 401 PUBLISHABLE_KEY_NOT_ALLOWED and no key 401 on every route; nothing changes", async () => {
    const { sub, plan: p, buyerId, clock } = await sellersSubscription();
    const before = await snapshot();
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "/v1/subscriptions", { planId: p.id, buyerId, paymentMethod: "PIX" }],
      ["GET", "/v1/subscriptions"],
      ["GET", `/v1/subscriptions/${sub.id}`],
      ["PATCH", `/v1/subscriptions/${sub.id}`, { paymentMethod: "PIX" }],
      ["POST", `/v1/subscriptions/${sub.id}/cancel`, {}],
      ["GET", `/v1/subscriptions/${sub.id}/invoices`],
      ["GET", "/v1/subscriptions/settings"],
      ["PUT", "/v1/subscriptions/settings", { cardRetryDays: [1, 2] }],
      ["POST", "/v1/sandbox/test-clocks", { frozenTime: "2026-02-01T12:00:00Z" }],
      ["GET", `/v1/sandbox/test-clocks/${clock.id}`],
      ["POST", `/v1/sandbox/test-clocks/${clock.id}/advance`, { frozenTime: "2026-06-01T12:00:00Z" }],
    ];
    for (const [method, path, body] of routes) {
      const browser = await publicCall(ctx.app, method, path, body, { "X-Api-Key": ctx.seller.publishableKey });
      const problem = await expectProblem(browser, 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
      expect(problem.detail, `${method} ${path}`).toMatch(/secret key/i);
      expect((await publicCall(ctx.app, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshot()).toBe(before);
  });

  it("a revoked or unknown key is 401", async () => {
    const { sub } = await sellersSubscription();
    expect((await publicCall(ctx.app, "GET", `/v1/subscriptions/${sub.id}`, undefined, { "X-Api-Key": "sk_test_nope" })).status).toBe(401);
  });

  it("secret-key routes answer no CORS preflight", async () => {
    const res = await ctx.app.request("/v1/subscriptions", { method: "OPTIONS", headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": "POST" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
