/**
 * pendingAction: a card transaction created without 3DS is paid by the buyer's browser with the
 * seller's publishable key and the transaction's clientSecret: 3DS steps, then confirm. The
 * secret works for its own transaction only and once; a publishable key reaches nothing else.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cards, transactions } from "../../worker/db/schema";
import { assignPlan, createPlan } from "../support/fee-plans";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { authenticateBody, cardInput, runThreeDs } from "../support/cards";
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

/** The seller's server creates the transaction: no card, no 3DS. */
async function createPending(amount = 4200, extra: Record<string, unknown> = {}) {
  const res = await ctx.post("/v1/transactions", { ...pixBody({ amount }), paymentMethod: "CREDIT_CARD", ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** The browser's side: 3DS for the transaction with the pk key, then confirm. */
async function payInBrowser(tx: { id: string; amount: number; pendingAction: { clientSecret: string } }, number: string, code?: string) {
  const extra = { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret };
  await runThreeDs(browser.send, ctx.app, cardInput(number), tx.amount, { code, extra });
  return browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret });
}

describe("pendingAction", () => {
  it("201 PENDING with the clientSecret, provider and the seller's publishable key", async () => {
    const tx = await createPending();
    expect(tx).toMatchObject({
      status: "PENDING",
      paymentMethod: "CREDIT_CARD",
      card: null,
      pendingAction: { clientSecret: expect.stringMatching(new RegExp(`^${tx.id}_secret_[0-9A-Za-z]{32}$`)), nextActionType: "challenge", provider: "pay-3ds", publishableKey: ctx.seller.publishableKey },
    });
  });

  it("the browser runs 3DS with the pk key and confirms: PAID, the single-use card spent, pendingAction gone", async () => {
    const tx = await createPending();
    const res = await payInBrowser(tx, "4111111111111111");
    expect(res.status, await res.clone().text()).toBe(200);
    // The browser gets the buyer-safe view; the seller's server reads the rest.
    const paid = await res.json();
    expect(paid).toMatchObject({ id: tx.id, status: "PAID", nextAction: null, card: { brand: "VISA", last4digits: "1111" } });
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "PAID", pendingAction: null, acquirer: "sandbox-alpha", feeAmount: expect.any(Number) });
    const vaulted = await ctx.platform.db.select().from(cards);
    expect(vaulted.map((c) => [c.type, c.status])).toEqual([["SINGLE_USE", "INACTIVE"]]);
    // Confirm twice: refused, the transaction is no longer PENDING.
    await expectProblem(await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret }), 409, "INVALID_STATE_TRANSITION");
  });

  it("a challenge in the browser, passed or failed; a declined card: FAILED with its code", async () => {
    const challenged = await payInBrowser(await createPending(), "4000000000003220", "123456");
    expect(await challenged.json()).toMatchObject({ status: "PAID" });
    const failedChallenge = await payInBrowser(await createPending(), "4000000000003220", "999999");
    expect(await failedChallenge.json()).toMatchObject({ status: "FAILED", failureCode: "authentication_failed" });
    const declined = await payInBrowser(await createPending(), "4000000000009953");
    expect(await declined.json()).toMatchObject({ status: "FAILED", failureCode: "insufficient_funds" });
  });

  it("a clientSecret works only for its own transaction; confirm before 3DS is a 409", async () => {
    const a = await createPending();
    const b = await createPending();
    await expectProblem(await browser.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111"), transactionId: b.id, clientSecret: a.pendingAction.clientSecret }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await browser.post(`/v1/transactions/${b.id}/3ds/confirm`, { clientSecret: a.pendingAction.clientSecret }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await browser.post(`/v1/transactions/${b.id}/3ds/confirm`, {}), 404, "RESOURCE_NOT_FOUND");
    const early = await expectProblem(await browser.post(`/v1/transactions/${a.id}/3ds/confirm`, { clientSecret: a.pendingAction.clientSecret }), 409, "INVALID_STATE_TRANSITION");
    expect(early.nextStep).toBe("threeds");
    // With a pk key, setup needs the transaction and its secret.
    const problem = await expectProblem(await browser.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("transactionId");
  });

  it("a publishable key is refused on every secret route", async () => {
    const tx = await createPending();
    const attempts = [
      browser.get("/v1/transactions"),
      browser.get(`/v1/transactions/${tx.id}`),
      browser.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD" }),
      browser.post(`/v1/transactions/${tx.id}/cancel`),
      browser.post(`/v1/transactions/${tx.id}/refunds`, {}),
      browser.post("/v1/cards/tokenize", {}),
      browser.get("/v1/buyers"),
      browser.get("/v1/events"),
      browser.get(`/v1/sellers/${ctx.seller.sellerId}/webhooks`),
    ];
    for (const res of await Promise.all(attempts)) await expectProblem(res, 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
  });

  it("CORS: browser-safe routes answer preflights from any origin; secret routes grant none", async () => {
    const preflight = (path: string) =>
      ctx.app.request(path, { method: "OPTIONS", headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-api-key" } });
    for (const path of ["/v1/transactions/threeds/setup", "/v1/transactions/threeds/authenticate", "/v1/transactions/threeds/challenge-result", `/v1/transactions/${crypto.randomUUID()}/3ds/confirm`]) {
      const res = await preflight(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase(), path).toContain("x-api-key");
    }
    for (const path of ["/v1/transactions", "/v1/cards/tokenize", "/v1/buyers"]) {
      const res = await preflight(path);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const answered = await browser.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") }, { Origin: "https://loja.example.com" });
    expect(answered.headers.get("access-control-allow-origin")).toBe("*");
    const secret = await ctx.get("/v1/transactions", { Origin: "https://loja.example.com" });
    expect(secret.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("a pendingAction not paid in time is cancelled by the expiry sweep", async () => {
    const tx = await createPending(4200, { expirationSeconds: 600 });
    ctx.platform.clock.advance(601);
    await ctx.platform.runScheduled();
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED", pendingAction: null });
  });
});

describe("pendingAction: 3DS failure, and what is stored", () => {
  it("an authentication that fails (no challenge) makes confirm FAILED authentication_failed", async () => {
    const tx = await createPending();
    const res = await payInBrowser(tx, "4000000000001018");
    expect(await res.json()).toMatchObject({ status: "FAILED", failureCode: "authentication_failed" });
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "FAILED", failureCode: "authentication_failed", feeAmount: null });
  });

  it("no table and no log line holds the PAN or the CVV after tokenize, a 3DS sale and a browser payment", async () => {
    const pan = "4111111111111111";
    const card = cardInput(pan, { cvv: "987" });
    const run = await runThreeDs(ctx.send, ctx.app, card, 1200);
    expect((await ctx.post("/v1/transactions", { ...pixBody({ amount: 1200 }), paymentMethod: "CREDIT_CARD", card: { ...card, tokenize: true }, threeDs: run.threeDs }, { "Idempotency-Key": "k-1" })).status).toBe(201);
    const tx = await createPending(1300);
    await runThreeDs(browser.send, ctx.app, card, 1300, { extra: { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret } });
    expect((await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret })).status).toBe(200);
    const tables = await ctx.platform.client.execute("select name from sqlite_master where type = 'table'");
    for (const { name } of tables.rows) {
      const rows = JSON.stringify((await ctx.platform.client.execute(`select * from "${String(name)}"`)).rows);
      expect(rows, String(name)).not.toContain(pan);
      expect(rows, String(name)).not.toContain('"987"');
    }
    const logs = JSON.stringify(ctx.platform.logs);
    expect(logs).not.toContain(pan);
    // Request ids, UUIDs and durations are random digits: "987" may occur in them by chance.
    expect(logs.replace(/req_[0-9a-f-]+|[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|"durationMs":[0-9.]+/g, "")).not.toContain("987");
  });

  it("a live key is refused for cards until a live card acquirer is configured", async () => {
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    await expectProblem(await live.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD" }), 422, "LIVE_MODE_UNAVAILABLE");
    await expectProblem(await live.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") }), 422, "LIVE_MODE_UNAVAILABLE");
  });
});

describe("pendingAction with the card sent by the server", () => {
  it("the browser runs 3DS without sending the card again (card: {}) and confirms it", async () => {
    const tx = await createPending(2600, { card: cardInput("5555555555554444") });
    expect(tx).toMatchObject({ status: "PENDING", card: { brand: "MASTERCARD", last4digits: "4444" }, cardToken: null });
    await runThreeDs(browser.send, ctx.app, {}, 2600, { extra: { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret } });
    const res = await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret });
    expect(await res.json()).toMatchObject({ status: "PAID", card: { last4digits: "4444" } });
    // Without a transaction, an empty card is still a 400 naming it.
    const problem = await expectProblem(await ctx.post("/v1/transactions/threeds/setup", { card: {} }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("card.number");
  });
});

describe("cardToken names the card that paid", () => {
  it("a transaction created with card.tokenize and paid in the browser with another card reports no cardToken; paid with its own card (card: {}), the token", async () => {
    const other = await createPending(2600, { card: { ...cardInput("5555555555554444"), tokenize: true } });
    expect(other.cardToken).toEqual(expect.any(String));
    const paid = await payInBrowser(other, "4111111111111111");
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await (await ctx.get(`/v1/transactions/${other.id}`)).json()).toMatchObject({ status: "PAID", cardToken: null, card: { last4digits: "1111" } });

    const own = await createPending(2700, { card: { ...cardInput("5555555555554444"), tokenize: true } });
    await runThreeDs(browser.send, ctx.app, {}, 2700, { extra: { transactionId: own.id, clientSecret: own.pendingAction.clientSecret } });
    expect((await browser.post(`/v1/transactions/${own.id}/3ds/confirm`, { clientSecret: own.pendingAction.clientSecret })).status).toBe(200);
    expect(await (await ctx.get(`/v1/transactions/${own.id}`)).json()).toMatchObject({ status: "PAID", cardToken: own.cardToken, card: { last4digits: "4444" } });
  });
});

describe("authenticate from a browser", () => {
  it("a browser with a clientSecret may leave out billing and its IP; a server may not", async () => {
    const tx = await createPending(2700, { card: cardInput("4111111111111111") });
    const secret = tx.pendingAction.clientSecret;
    const setup = await (await browser.post("/v1/transactions/threeds/setup", { card: {}, transactionId: tx.id, clientSecret: secret })).json();
    const { billing: _b, ...body } = authenticateBody(setup, {}, 2700, { clientSecret: secret });
    const { ipAddress: _ip, ...device } = body.deviceInformation;
    const res = await browser.post("/v1/transactions/threeds/authenticate", { ...body, deviceInformation: device });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).code).toBe("AUTHENTICATION_SUCCESSFUL");

    const serverSetup = await (await ctx.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111") })).json();
    const { billing: _b2, ...serverBody } = authenticateBody(serverSetup, cardInput("4111111111111111"), 100);
    const { ipAddress: _ip2, ...serverDevice } = serverBody.deviceInformation;
    const problem = await expectProblem(await ctx.post("/v1/transactions/threeds/authenticate", { ...serverBody, deviceInformation: serverDevice }), 400, "VALIDATION_FAILED");
    expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual(["billing", "deviceInformation.ipAddress"]);
  });
});

describe("the buyer's installments at confirm", () => {
  it("a credit card sale takes the buyer's installments, priced with the plan's surcharge; a debit card has none", async () => {
    const plan = await createPlan(ctx); // CREDIT_CARD 299 bps + 50, surcharge for 3 installments: 200 bps
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const tx = await createPending(10_000, { maxInstallments: 12 });
    expect(tx).toMatchObject({ installments: 1, maxInstallments: 12 });
    const extra = { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret };
    await runThreeDs(browser.send, ctx.app, cardInput("4111111111111111"), 10_000, { extra });
    const paid = await (await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret, installments: 3 })).json();
    expect(paid).toMatchObject({ status: "PAID", installments: 3 });
    // (299 + 200) bps of 10 000 = 499, + 50 fixed.
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "PAID", installments: 3, feeAmount: 549, netAmount: 9451 });
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ installments: 3, feePercentBps: 499, feeFixedAmount: 50, feePlanId: plan.id });

    const debit = await (await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "DEBIT_CARD" })).json();
    const bad = await expectProblem(await browser.post(`/v1/transactions/${debit.id}/3ds/confirm`, { clientSecret: debit.clientSecret, installments: 2 }), 400, "VALIDATION_FAILED");
    expect(bad.errors[0]).toMatchObject({ path: "installments", message: "only a CREDIT_CARD sale has installments" });
    const range = await expectProblem(await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret, installments: 22 }), 400, "VALIDATION_FAILED");
    expect(range.errors[0].path).toBe("installments");
  });
});
