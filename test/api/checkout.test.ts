/**
 * GET /v1/transactions/{id}/checkout: the buyer's browser reads what it may show, with the
 * publishable key and the transaction's client secret, from any origin; nothing else gets in.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller } from "../../worker/domain/sellers";
import { cardInput, runThreeDs } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
let browser: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
  browser = requester(ctx.app, { ...ctx.seller, apiKey: ctx.seller.publishableKey });
});

const view = (tx: { id: string }, secret: string | undefined, who = browser, origin = "https://loja.example.com") =>
  who.get(`/v1/transactions/${tx.id}/checkout`, { ...(secret === undefined ? {} : { "X-Client-Secret": secret }), Origin: origin });

describe("every transaction carries a client secret", () => {
  it("PIX: the create answer has clientSecret; the browser reads the buyer-safe view with it", async () => {
    const tx = await (await ctx.post("/v1/transactions", pixBody({ amount: 1990, description: "Pão de queijo" }))).json();
    expect(tx.clientSecret).toMatch(new RegExp(`^${tx.id}_secret_[0-9A-Za-z]{32}$`));
    const res = await view(tx, tx.clientSecret);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toEqual({
      id: tx.id,
      status: "PENDING",
      paymentMethod: "PIX",
      amount: 1990,
      currency: "BRL",
      description: "Pão de queijo",
      livemode: false,
      merchant: { name: "Loja Teste Ltda" },
      paymentDetails: tx.paymentDetails,
      card: null,
      installments: null,
      maxInstallments: null,
      nextAction: null,
      failureCode: null,
      failureMessage: null,
      refundedAmount: 0,
      createdAt: tx.createdAt,
      paidAt: null,
      cancelledAt: null,
      cancellationReason: null,
      serverTime: "2026-11-22T12:00:00.000Z",
    });
    // Nothing of the customer, the fees or the seller's own ids.
    const text = JSON.stringify(body);
    for (const hidden of [tx.customer.email, tx.customer.document, tx.idempotencyKey, "feeAmount", "clientSecret", "buyerId"]) {
      expect(text).not.toContain(hidden);
    }
    // Paid in the sandbox: the next read says so (the widget polls).
    await ctx.post(`/v1/sandbox/transactions/${tx.id}/pay`);
    expect(await (await view(tx, tx.clientSecret)).json()).toMatchObject({ status: "PAID", paidAt: "2026-11-22T12:00:00.000Z" });
  });

  it("an expired PIX charge reads CANCELLED / EXPIRED (expired on read)", async () => {
    const tx = await (await ctx.post("/v1/transactions", pixBody({ expirationSeconds: 600 }))).json();
    ctx.platform.clock.advance(601);
    expect(await (await view(tx, tx.clientSecret)).json()).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
  });

  it("card: a pendingAction names its next step; a fraud decline reads only card_declined", async () => {
    const pending = await (await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD" })).json();
    expect(pending.clientSecret).toBe(pending.pendingAction.clientSecret);
    expect(await (await view(pending, pending.clientSecret)).json()).toMatchObject({ status: "PENDING", nextAction: { type: "threeds", provider: "pay-3ds" } });

    const card = cardInput("4000000000009557");
    const run = await runThreeDs(ctx.send, ctx.app, card, 1000);
    const sale = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 1000 }), paymentMethod: "CREDIT_CARD", card, threeDs: run.threeDs })).json();
    expect(sale).toMatchObject({ status: "FAILED", failureCode: "suspected_fraud" });
    const seen = await (await view(sale, sale.clientSecret)).json();
    expect(seen).toMatchObject({ status: "FAILED", failureCode: "card_declined", card: { brand: "VISA", last4digits: "9557" } });
    expect(JSON.stringify(seen)).not.toContain("fraud");
  });
});

describe("who may read it", () => {
  it("a wrong, missing or other transaction's secret is 404, like an unknown id", async () => {
    const a = await (await ctx.post("/v1/transactions", pixBody())).json();
    const b = await (await ctx.post("/v1/transactions", pixBody())).json();
    await expectProblem(await view(a, undefined), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await view(a, `${a.id}_secret_${"x".repeat(32)}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await view(a, b.clientSecret), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await view({ id: crypto.randomUUID() }, a.clientSecret), 404, "RESOURCE_NOT_FOUND");
  });

  it("another seller's publishable key is 404 even with the right secret; no key is 401", async () => {
    const tx = await (await ctx.post("/v1/transactions", pixBody())).json();
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com" }, ctx.platform.now());
    await expectProblem(await view(tx, tx.clientSecret, requester(ctx.app, { ...other, apiKey: other.publishableKey })), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.app.request(`/v1/transactions/${tx.id}/checkout`, { headers: { "X-Client-Secret": tx.clientSecret } }), 401, "UNAUTHENTICATED");
  });

  it("the preflight allows the secret header; the publishable key still reaches nothing else", async () => {
    const tx = await (await ctx.post("/v1/transactions", pixBody())).json();
    const preflight = await ctx.app.request(`/v1/transactions/${tx.id}/checkout`, {
      method: "OPTIONS",
      headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-api-key, x-client-secret" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-client-secret");
    await expectProblem(await browser.get(`/v1/transactions/${tx.id}`), 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
  });
});
