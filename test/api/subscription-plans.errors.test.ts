/**
 * Subscription plans' refusals: every invalid field of a plan is a 422 INVALID_DATA naming it
 * (the validation table), nothing is written when refused, and an unknown plan is a 404.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { expectInvalidParameter, expectProblem, invalidDataPaths } from "../support/problem";
import { planBody } from "../support/subscription-plans";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const VALIDATION: Array<[string, Record<string, unknown>, string]> = [
  ["name empty", { name: "" }, "name"],
  ["name only spaces", { name: "   " }, "name"],
  ["name missing", { name: undefined }, "name"],
  ["name over 120 characters", { name: "x".repeat(121) }, "name"],
  ["name with a newline", { name: "Plano\nMensal" }, "name"],
  ["description over 500 characters", { description: "x".repeat(501) }, "description"],
  ["amount 0", { amount: 0 }, "amount"],
  ["amount negative", { amount: -100 }, "amount"],
  ["amount not an integer", { amount: 49.9 }, "amount"],
  ["amount a string", { amount: "4990" }, "amount"],
  ["amount missing", { amount: undefined }, "amount"],
  ["amountInCents 0", { amount: undefined, amountInCents: 0 }, "amountInCents"],
  ["amount and a different amountInCents", { amountInCents: 100 }, "amountInCents"],
  ["currency lower case", { currency: "brl" }, "currency"],
  ["currency of 4 letters", { currency: "BRLL" }, "currency"],
  ["billingInterval unknown", { billingInterval: "FORTNIGHT" }, "billingInterval"],
  ["billingInterval lower case", { billingInterval: "month" }, "billingInterval"],
  ["billingInterval missing", { billingInterval: undefined }, "billingInterval"],
  ["intervalCount 0", { intervalCount: 0 }, "intervalCount"],
  ["intervalCount not an integer", { intervalCount: 1.5 }, "intervalCount"],
  ["intervalCount 366 days", { billingInterval: "DAY", intervalCount: 366 }, "intervalCount"],
  ["intervalCount 53 weeks", { billingInterval: "WEEK", intervalCount: 53 }, "intervalCount"],
  ["intervalCount 13 months", { billingInterval: "MONTH", intervalCount: 13 }, "intervalCount"],
  ["intervalCount 2 years", { billingInterval: "YEAR", intervalCount: 2 }, "intervalCount"],
  ["an alias with another count", { billingInterval: "QUARTERLY", intervalCount: 2 }, "intervalCount"],
  ["paymentMethods empty", { paymentMethods: [] }, "paymentMethods"],
  ["paymentMethods missing", { paymentMethods: undefined }, "paymentMethods"],
  ["paymentMethods unknown", { paymentMethods: ["BOLETO"] }, "paymentMethods[0]"],
  ["paymentMethods DEBIT_CARD", { paymentMethods: ["PIX", "DEBIT_CARD"] }, "paymentMethods[1]"],
  ["paymentMethods not a list", { paymentMethods: "PIX" }, "paymentMethods"],
  ["status sent", { status: "ARCHIVED" }, "status"],
  ["a field the plan does not have", { trialDays: 7 }, "trialDays"],
];

describe("POST /v1/subscriptions/plans: 422 INVALID_DATA names the field", () => {
  it.each(VALIDATION)("%s → %s", async (_, overrides, path) => {
    const res = await ctx.post("/v1/subscriptions/plans", planBody(overrides));
    expect(await invalidDataPaths(res)).toContain(path);
  });

  it("every broken field at once, each named", async () => {
    const res = await ctx.post("/v1/subscriptions/plans", planBody({ name: "", amount: 0, billingInterval: "FORTNIGHT", paymentMethods: [] }));
    expect((await invalidDataPaths(res)).sort()).toEqual(["amount", "billingInterval", "name", "paymentMethods"]);
  });

  it("the rules across fields, together", async () => {
    const res = await ctx.post("/v1/subscriptions/plans", planBody({ amount: undefined, billingInterval: "YEARLY", intervalCount: 2 }));
    expect((await invalidDataPaths(res)).sort()).toEqual(["amount", "intervalCount"]);
  });

  it("nothing is written when refused", async () => {
    await ctx.post("/v1/subscriptions/plans", planBody({ amount: 0 }));
    await ctx.post("/v1/subscriptions/plans", planBody({ billingInterval: "MONTH", intervalCount: 13 }));
    expect((await (await ctx.get("/v1/subscriptions/plans")).json()).totalItems).toBe(0);
  });

  it("a body that is not JSON is a 400, not a 500", async () => {
    const res = await ctx.post("/v1/subscriptions/plans", "{name");
    expect(res.status).toBe(400);
  });
});

describe("unknown plans", () => {
  const unknown = "7b0f1c1e-2d4a-4c59-9a51-0d3c1f2e4a11";
  it("404 on GET and archive; a malformed id is a 400 VALIDATION_FAILED naming it in the path", async () => {
    await expectProblem(await ctx.get(`/v1/subscriptions/plans/${unknown}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/subscriptions/plans/${unknown}/archive`), 404, "RESOURCE_NOT_FOUND");
    await expectInvalidParameter(await ctx.get("/v1/subscriptions/plans/not-a-uuid"), "path", "id");
    await expectInvalidParameter(await ctx.post("/v1/subscriptions/plans/not-a-uuid/archive"), "path", "id");
  });

  it("a query out of range is a 400 naming it in the query, not the body's 422", async () => {
    await expectInvalidParameter(await ctx.get("/v1/subscriptions/plans?size=101"), "query", "size");
    await expectInvalidParameter(await ctx.get("/v1/subscriptions/plans?status=GONE"), "query", "status");
  });
});
