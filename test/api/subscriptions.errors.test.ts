/**
 * Subscriptions' refusals: every invalid field of a subscription is a 422 INVALID_DATA naming it
 * (the validation table, then the rules that need the database: the plan, the buyer, the card
 * token, the clock), nothing is written when refused, an unknown plan is a 404, a CANCELLED
 * subscription is a 409, and an Idempotency-Key answers the subscription it created (or a 409
 * for another request). A malformed id or query is the request's mistake: 400 VALIDATION_FAILED
 * naming it (docs/errors.md). The card retry settings likewise; test clocks are
 * test-clocks.errors.test.ts.
 */
import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoices, subscriptions } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { expectInvalidParameter, expectProblem, invalidDataPaths } from "../support/problem";
import { plan, subscribe, subscriber } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** How many subscriptions and invoices the database holds. */
async function written() {
  const [subs] = await ctx.platform.db.select({ n: count() }).from(subscriptions);
  const [invs] = await ctx.platform.db.select({ n: count() }).from(invoices);
  return { subscriptions: subs!.n, invoices: invs!.n };
}

const UNKNOWN_ID = "0b4c7a1e-5d2f-4e3a-9c8b-7a6f5e4d3c2b";

/** A valid PIX body of a new plan's and buyer's, with `overrides` (undefined drops a field). */
async function pixBody(overrides: Record<string, unknown> = {}) {
  const { buyerId } = await subscriber(ctx);
  return { planId: (await plan(ctx)).id, buyerId, paymentMethod: "PIX", ...overrides };
}

const SHAPE: Array<[string, Record<string, unknown>, string]> = [
  ["planId not a uuid", { planId: "plan-1" }, "planId"],
  ["planId missing", { planId: undefined }, "planId"],
  ["buyerId not a uuid", { buyerId: "42" }, "buyerId"],
  ["buyerId missing", { buyerId: undefined }, "buyerId"],
  ["paymentMethod unknown", { paymentMethod: "BOLETO" }, "paymentMethod"],
  ["paymentMethod missing", { paymentMethod: undefined }, "paymentMethod"],
  ["trialDays -1", { trialDays: -1 }, "trialDays"],
  ["trialDays 731", { trialDays: 731 }, "trialDays"],
  ["trialDays 1.5", { trialDays: 1.5 }, "trialDays"],
  ["trialDays a string", { trialDays: "7" }, "trialDays"],
  ["cardToken empty", { cardToken: "" }, "cardToken"],
  ["cardToken over 64 characters", { cardToken: "x".repeat(65) }, "cardToken"],
  ["testClockId not a uuid", { testClockId: "clock" }, "testClockId"],
  ["a field the subscription does not have", { amount: 4990 }, "amount"],
];

describe("POST /v1/subscriptions: 422 INVALID_DATA names the field", () => {
  it.each(SHAPE)("%s: %j → %s", async (_, overrides, path) => {
    const res = await ctx.post("/v1/subscriptions", await pixBody(overrides));
    expect(await invalidDataPaths(res)).toContain(path);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("several broken fields at once, each named", async () => {
    const res = await ctx.post("/v1/subscriptions", await pixBody({ planId: "x", trialDays: -1, paymentMethod: "BOLETO" }));
    expect((await invalidDataPaths(res)).sort()).toEqual(["paymentMethod", "planId", "trialDays"]);
  });

  it("a body that is not JSON is a 400, not a 500", async () => {
    const res = await ctx.post("/v1/subscriptions", "{planId");
    expect(res.status).toBe(400);
  });
});

describe("POST /v1/subscriptions: what the body refers to", () => {
  it("an unknown planId is a 404 RESOURCE_NOT_FOUND", async () => {
    await expectProblem(await ctx.post("/v1/subscriptions", await pixBody({ planId: UNKNOWN_ID })), 404, "RESOURCE_NOT_FOUND");
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("an ARCHIVED plan → 422 planId", async () => {
    const body = await pixBody();
    expect((await ctx.post(`/v1/subscriptions/plans/${body.planId}/archive`, {})).status).toBe(200);
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", body))).toEqual(["planId"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("a method the plan does not take (a PIX-only plan, CREDIT_CARD asked) → 422 paymentMethod", async () => {
    const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
    const pixOnly = await plan(ctx, { paymentMethods: ["PIX"] });
    const res = await ctx.post("/v1/subscriptions", { planId: pixOnly.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken });
    expect(await invalidDataPaths(res)).toEqual(["paymentMethod"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("a card-only plan, PIX asked → 422 paymentMethod", async () => {
    const cardOnly = await plan(ctx, { paymentMethods: ["CREDIT_CARD"] });
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await pixBody({ planId: cardOnly.id })))).toEqual(["paymentMethod"]);
  });

  it("an unknown buyerId → 422 buyerId", async () => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await pixBody({ buyerId: UNKNOWN_ID })))).toEqual(["buyerId"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("CREDIT_CARD without cardToken → 422 cardToken", async () => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await pixBody({ paymentMethod: "CREDIT_CARD" })))).toEqual(["cardToken"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("a token that never paid with 3DS (tokenized alone) → 422 cardToken not_authenticated", async () => {
    const body = await pixBody({ paymentMethod: "CREDIT_CARD" });
    const tokenized = await ctx.post("/v1/cards/tokenize", {
      buyerId: body.buyerId,
      cardHolderName: "MARIA SILVA",
      cardNumber: "4111111111111111",
      cardExpirationDate: "122030",
      cardSecurityCode: "123",
    });
    expect(tokenized.status, await tokenized.clone().text()).toBe(200);
    const { cardToken } = await tokenized.json();
    const problem = await expectProblem(await ctx.post("/v1/subscriptions", { ...body, cardToken }), 422, "INVALID_DATA");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "cardToken", code: "not_authenticated" })]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("a token of another buyer's card → 422 cardToken", async () => {
    const { cardToken } = await subscriber(ctx, "4111111111111111");
    const body = await pixBody({ paymentMethod: "CREDIT_CARD", cardToken });
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", body))).toEqual(["cardToken"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("an unknown token → 422 cardToken", async () => {
    const body = await pixBody({ paymentMethod: "CREDIT_CARD", cardToken: "tok_00000000000000000000000000000000" });
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", body))).toEqual(["cardToken"]);
  });

  it("a cardToken with PIX → 422 cardToken", async () => {
    const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
    const res = await ctx.post("/v1/subscriptions", { planId: (await plan(ctx)).id, buyerId, paymentMethod: "PIX", cardToken });
    expect(await invalidDataPaths(res)).toEqual(["cardToken"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });

  it("an unknown testClockId → 422 testClockId", async () => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await pixBody({ testClockId: UNKNOWN_ID })))).toEqual(["testClockId"]);
    expect(await written()).toEqual({ subscriptions: 0, invoices: 0 });
  });
});

describe("PATCH and cancel", () => {
  it("PATCH to a method the plan does not take → 422 paymentMethod, nothing changed", async () => {
    const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
    const cardOnly = await plan(ctx, { paymentMethods: ["CREDIT_CARD"] });
    const sub = await subscribe(ctx, { planId: cardOnly.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken });
    const before = await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json();
    expect(await invalidDataPaths(await ctx.patch(`/v1/subscriptions/${sub.id}`, { paymentMethod: "PIX" }))).toEqual(["paymentMethod"]);
    expect(await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json()).toEqual(before);
  });

  it("PATCH a cardToken onto a PIX subscription → 422 cardToken", async () => {
    const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
    const sub = await subscribe(ctx, { planId: (await plan(ctx)).id, buyerId, paymentMethod: "PIX" });
    expect(await invalidDataPaths(await ctx.patch(`/v1/subscriptions/${sub.id}`, { cardToken }))).toEqual(["cardToken"]);
  });

  it("PATCH with an unknown field → 422 naming it", async () => {
    const sub = await subscribe(ctx, await pixBody());
    expect(await invalidDataPaths(await ctx.patch(`/v1/subscriptions/${sub.id}`, { planId: UNKNOWN_ID }))).toEqual(["planId"]);
  });

  it("cancel with atPeriodEnd not a boolean → 422 atPeriodEnd", async () => {
    const sub = await subscribe(ctx, await pixBody());
    expect(await invalidDataPaths(await ctx.post(`/v1/subscriptions/${sub.id}/cancel`, { atPeriodEnd: "yes" }))).toEqual(["atPeriodEnd"]);
    expect((await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json()).status).toBe("INCOMPLETE");
  });

  it("a CANCELLED subscription: cancel again, cancel at period end and PATCH are 409 INVALID_STATE_TRANSITION", async () => {
    const sub = await subscribe(ctx, await pixBody());
    const cancelled = await ctx.post(`/v1/subscriptions/${sub.id}/cancel`, {});
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const after = await cancelled.json();
    expect(after.status).toBe("CANCELLED");
    await expectProblem(await ctx.post(`/v1/subscriptions/${sub.id}/cancel`, {}), 409, "INVALID_STATE_TRANSITION");
    await expectProblem(await ctx.post(`/v1/subscriptions/${sub.id}/cancel`, { atPeriodEnd: true }), 409, "INVALID_STATE_TRANSITION");
    await expectProblem(await ctx.patch(`/v1/subscriptions/${sub.id}`, { paymentMethod: "PIX" }), 409, "INVALID_STATE_TRANSITION");
    expect(await (await ctx.get(`/v1/subscriptions/${sub.id}`)).json()).toEqual(after);
  });

  /** Every route of one subscription, for `id`. */
  const everyRoute = async (id: string) => [
    await ctx.get(`/v1/subscriptions/${id}`),
    await ctx.patch(`/v1/subscriptions/${id}`, { paymentMethod: "PIX" }),
    await ctx.post(`/v1/subscriptions/${id}/cancel`, {}),
    await ctx.get(`/v1/subscriptions/${id}/invoices`),
  ];

  it("an unknown subscription is a 404 on every route", async () => {
    for (const res of await everyRoute(UNKNOWN_ID)) await expectProblem(res, 404, "RESOURCE_NOT_FOUND");
  });

  it("a malformed id is a 400 VALIDATION_FAILED naming id in the path on every route, not the body's 422", async () => {
    for (const res of await everyRoute("not-a-uuid")) await expectInvalidParameter(res, "path", "id");
  });

  it("a query out of range is a 400 naming it in the query: the list's and the invoices' size, the list's status", async () => {
    await expectInvalidParameter(await ctx.get("/v1/subscriptions?size=101"), "query", "size");
    await expectInvalidParameter(await ctx.get("/v1/subscriptions?size="), "query", "size");
    await expectInvalidParameter(await ctx.get("/v1/subscriptions?status=LATE"), "query", "status");
    await expectInvalidParameter(await ctx.get(`/v1/subscriptions/${UNKNOWN_ID}/invoices?size=101`), "query", "size");
  });
});

describe("Idempotency-Key", () => {
  it("the same key twice: 201 then 200 Idempotent-Replayed with the same subscription; one subscription and one invoice", async () => {
    const body = await pixBody();
    const headers = { "Idempotency-Key": "sub-order-42" };
    const first = await ctx.post("/v1/subscriptions", body, headers);
    expect(first.status, await first.clone().text()).toBe(201);
    const created = await first.json();
    const again = await ctx.post("/v1/subscriptions", body, headers);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json()).id).toBe(created.id);
    expect(await written()).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it("the same key with another planId → 409 IDEMPOTENCY_KEY_REUSED, nothing written", async () => {
    const body = await pixBody();
    const headers = { "Idempotency-Key": "sub-order-43" };
    expect((await ctx.post("/v1/subscriptions", body, headers)).status).toBe(201);
    const other = await plan(ctx, { name: "Plano Anual", billingInterval: "YEAR" });
    await expectProblem(await ctx.post("/v1/subscriptions", { ...body, planId: other.id }, headers), 409, "IDEMPOTENCY_KEY_REUSED");
    expect(await written()).toEqual({ subscriptions: 1, invoices: 1 });
  });

  it("another key is another subscription", async () => {
    const body = await pixBody();
    expect((await ctx.post("/v1/subscriptions", body, { "Idempotency-Key": "a" })).status).toBe(201);
    expect((await ctx.post("/v1/subscriptions", body, { "Idempotency-Key": "b" })).status).toBe(201);
    expect(await written()).toEqual({ subscriptions: 2, invoices: 2 });
  });
});

describe("PUT /v1/subscriptions/settings", () => {
  it.each([
    ["too few: [1]", [1]],
    ["not increasing: [3, 1]", [3, 1]],
    ["repeated: [1, 1]", [1, 1]],
    ["a day past 14: [1, 15]", [1, 15]],
    ["a day 0: [0, 3]", [0, 3]],
    ["a fraction: [1, 2.5]", [1, 2.5]],
    ["too many: 7 days", [1, 2, 3, 4, 5, 6, 7]],
    ["not a list", 3],
  ])("%s → 422 cardRetryDays", async (_, days) => {
    const paths = await invalidDataPaths(await ctx.send("PUT", "/v1/subscriptions/settings", { cardRetryDays: days }));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^cardRetryDays(\[\d+\])?$/);
    expect(await (await ctx.get("/v1/subscriptions/settings")).json()).toEqual({ cardRetryDays: expect.any(Array), pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 });
  });

  it("a refused PUT leaves the settings as they were", async () => {
    expect((await ctx.send("PUT", "/v1/subscriptions/settings", { cardRetryDays: [2, 4, 8] })).status).toBe(200);
    await invalidDataPaths(await ctx.send("PUT", "/v1/subscriptions/settings", { cardRetryDays: [3, 1] }));
    expect(await (await ctx.get("/v1/subscriptions/settings")).json()).toEqual({ cardRetryDays: [2, 4, 8], pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 });
  });
});
