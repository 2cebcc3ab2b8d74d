/**
 * PIX Automático's refusals and boundaries (issue 32): a plan interval PIX Automático cannot charge
 * is a 422 naming planId, a plan without PIX one naming paymentMethod, a malformed payer's account
 * one naming its field; nothing is written when refused. The seller's settings: pixChargeLeadDays outside 2–10 and an unknown pixRetryPolicy are
 * 422 naming them; a field left out keeps its value. The sandbox's payer: another seller's
 * subscription is 404 and moves nothing, a live key finds no such route, a subscription of
 * another method has no recurrence (404); a live key without a PSP offering PIX Automático is told so.
 */
import { count } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invoices, pixRecurrences, subscriptions } from "../../worker/db/schema";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { PAYER_ACCOUNT, pixAutomaticoSubscription } from "../support/pix-automatico";
import { expectProblem, invalidDataPaths } from "../support/problem";
import { expectJson, plan, subscribe, subscriber } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
});

/** How many subscriptions, invoices and recurrences the database holds. */
async function written() {
  const n = async (t: typeof subscriptions | typeof invoices | typeof pixRecurrences) => (await ctx.platform.db.select({ n: count() }).from(t))[0]!.n;
  return { subscriptions: await n(subscriptions), invoices: await n(invoices), recurrences: await n(pixRecurrences) };
}

/** A PIX_AUTOMATICO body for a new buyer and a plan with `planOverrides`. */
async function body(overrides: Record<string, unknown> = {}, planOverrides: Record<string, unknown> = {}) {
  const { buyerId } = await subscriber(ctx);
  return { planId: (await plan(ctx, planOverrides)).id, buyerId, paymentMethod: "PIX_AUTOMATICO", ...overrides };
}

describe("POST /v1/subscriptions with PIX_AUTOMATICO", () => {
  it.each([
    ["daily", { billingInterval: "DAY" }],
    ["every 2 months", { billingInterval: "BIMONTHLY" }],
    ["every 2 weeks", { billingInterval: "BIWEEKLY" }],
  ])("a plan billing %s → 422 planId, nothing written", async (_, interval) => {
    const b = await body({}, interval);
    const before = await written();
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", b))).toEqual(["planId"]);
    expect(await written()).toEqual(before);
  });

  it("a plan without PIX → 422 paymentMethod", async () => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await body({}, { paymentMethods: ["CREDIT_CARD"] })))).toEqual(["paymentMethod"]);
  });

  it.each([
    ["an ISPB of 7 digits", { ...PAYER_ACCOUNT, ispb: "6070119" }, "payerAccount.ispb"],
    ["no account number", { ...PAYER_ACCOUNT, number: undefined }, "payerAccount.number"],
    ["a document that is neither CPF nor CNPJ", { ...PAYER_ACCOUNT, document: "123" }, "payerAccount.document"],
  ])("a payer's account with %s → 422 %s", async (_, payerAccount, path) => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await body({ payerAccount })))).toEqual([path]);
  });

  it("a payer's account on a PIX subscription → 422 payerAccount", async () => {
    expect(await invalidDataPaths(await ctx.post("/v1/subscriptions", await body({ paymentMethod: "PIX", payerAccount: PAYER_ACCOUNT })))).toEqual(["payerAccount"]);
  });

  it("a live key without a PSP that offers PIX Automático → 422 PAYMENT_METHOD_NOT_ENABLED, nothing written", async () => {
    const live = { ...requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!), app: ctx.app };
    const { buyerId } = await subscriber(live);
    const p = await plan(live);
    const before = await written();
    await expectProblem(await live.post("/v1/subscriptions", { planId: p.id, buyerId, paymentMethod: "PIX_AUTOMATICO" }), 422, "PAYMENT_METHOD_NOT_ENABLED");
    expect(await written()).toEqual(before);
  });
});

describe("PUT /v1/subscriptions/settings: PIX Automático", () => {
  it.each([
    ["1 day", { pixChargeLeadDays: 1 }, "pixChargeLeadDays"],
    ["11 days", { pixChargeLeadDays: 11 }, "pixChargeLeadDays"],
    ["2.5 days", { pixChargeLeadDays: 2.5 }, "pixChargeLeadDays"],
    ["a policy the BCB does not have", { pixRetryPolicy: "PERMITE_5R" }, "pixRetryPolicy"],
  ])("%s → 422 naming the field, the settings unchanged", async (_, input, path) => {
    expect(await invalidDataPaths(await ctx.send("PUT", "/v1/subscriptions/settings", input))).toEqual([path]);
    expect(await (await ctx.get("/v1/subscriptions/settings")).json()).toEqual({ cardRetryDays: [1, 3, 7], pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 });
  });

  it("each field left out keeps its value", async () => {
    await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { pixChargeLeadDays: 10, pixRetryPolicy: "NAO_PERMITE" }, 200);
    expect(await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { cardRetryDays: [2, 4] }, 200)).toEqual({ cardRetryDays: [2, 4], pixRetryPolicy: "NAO_PERMITE", pixChargeLeadDays: 10 });
    expect(await expectJson(ctx.send, "PUT", "/v1/subscriptions/settings", { pixChargeLeadDays: 2 }, 200)).toEqual({ cardRetryDays: [2, 4], pixRetryPolicy: "NAO_PERMITE", pixChargeLeadDays: 2 });
  });
});

describe("the sandbox's payer", () => {
  it("another seller's subscription is 404 and moves nothing; a live key finds no route", async () => {
    const sub = await pixAutomaticoSubscription(ctx);
    const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "o@example.com", city: "Recife" }, ctx.platform.now());
    const other = requester(ctx.app, seller);
    for (const action of ["approve", "reject", "cancel"]) await expectProblem(await other.post(`/v1/sandbox/pix-automatico/${sub.id}/${action}`), 404, "RESOURCE_NOT_FOUND");
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect((await live.post(`/v1/sandbox/pix-automatico/${sub.id}/approve`)).status).toBe(404);
    expect((await expectJson(ctx.send, "GET", `/v1/subscriptions/${sub.id}`, undefined, 200)).pixAutomatico.status).toBe("CREATED");
  });

  it("a PIX subscription has no recurrence: 404; a malformed id is 400", async () => {
    const { buyerId } = await subscriber(ctx);
    const pix = await subscribe(ctx, { planId: (await plan(ctx)).id, buyerId, paymentMethod: "PIX" });
    expect(pix.pixAutomatico).toBeNull();
    await expectProblem(await ctx.post(`/v1/sandbox/pix-automatico/${pix.id}/approve`), 404, "RESOURCE_NOT_FOUND");
    expect((await ctx.post("/v1/sandbox/pix-automatico/nope/approve")).status).toBe(400);
  });
});
