/**
 * Merchant-initiated charges (domain/cards/merchant-initiated.ts): a stored card is marked
 * authenticated by its first PAID 3DS payment (create with threeDs, or a pendingAction confirm),
 * in the batch of that move; only such a card of the seller and mode, ACTIVE and reusable, may
 * then be charged without the buyer and without 3DS, through the same routing as other sales.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cards } from "../../worker/db/schema";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { assertMerchantInitiatedReady, authorizeMerchantInitiated } from "../../worker/domain/cards/merchant-initiated";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import type { CardAcquirer, CardSale } from "../../worker/lib/acquirer";
import { ApiError } from "../../worker/lib/problem";
import { cardInput, payWithThreeDs, runThreeDs } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { createBuyer, pixBody, type Ctx } from "../support/transactions";

/** The sandbox card acquirers under `names`, recording every sale they are asked to authorize. */
function recording(names = ["sandbox-alpha", "sandbox-beta"]) {
  const sales: CardSale[] = [];
  const acquirers = SANDBOX_CARD_ACQUIRERS.map(
    (a, i): CardAcquirer => ({
      name: names[i]!,
      concludeRefund: (r) => a.concludeRefund(r),
      async authorize(sale) {
        sales.push(sale);
        return a.authorize(sale);
      },
    }),
  );
  return { sales, acquirers };
}

let ctx: Ctx;
let sales: CardSale[];
/** The buyer whose cards /v1/cards/tokenize makes (it needs one). */
let buyerId: string;
beforeEach(async () => {
  const test = recording();
  sales = test.sales;
  ctx = await createTestContext({ acquirers: { cards: { test: test.acquirers, live: [] } } });
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
  buyerId = await createBuyer(ctx);
});

const row = async (token: string) => (await ctx.platform.db.select().from(cards).where(eq(cards.id, token)))[0]!;
const tokenize = async (number: string, buyer = buyerId) => {
  const res = await ctx.post("/v1/cards/tokenize", { buyerId: buyer, cardNumber: number, cardExpirationDate: "122030" });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).cardToken as string;
};
const charge = (cardToken: string, extra: Partial<{ sellerId: string; livemode: boolean; amount: number }> = {}) =>
  authorizeMerchantInitiated(ctx.platform, { sellerId: ctx.seller.sellerId, livemode: false, cardToken, transactionId: crypto.randomUUID(), amount: 3990, currency: "BRL", ...extra });

/** The ApiError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("a card is authenticated by its first PAID 3DS payment", () => {
  it("a token from /v1/cards/tokenize alone is not; paying with it through 3DS marks it, once", async () => {
    const token = await tokenize("4111111111111111");
    expect((await row(token)).authenticatedAt).toBeNull();
    const paid = await payWithThreeDs(ctx, "4111111111111111", { card: { cardToken: token }, buyerId });
    expect(paid).toMatchObject({ status: "PAID", cardToken: token });
    expect((await row(token)).authenticatedAt).toBe("2026-11-22T12:00:00.000Z");
    // A later payment keeps the first date.
    ctx.platform.clock.advance(3600);
    await payWithThreeDs(ctx, "4111111111111111", { card: { cardToken: token }, buyerId });
    expect((await row(token)).authenticatedAt).toBe("2026-11-22T12:00:00.000Z");
  });

  it("card.tokenize on a PAID 3DS sale makes an authenticated token; a declined one leaves it unauthenticated", async () => {
    const paid = await payWithThreeDs(ctx, "5555555555554444");
    expect(paid.status).toBe("PAID");
    expect(await row(paid.cardToken)).toMatchObject({ type: "TOKENIZED", authenticatedAt: "2026-11-22T12:00:00.000Z" });
    const declined = await payWithThreeDs(ctx, "4000000000009953");
    expect(declined).toMatchObject({ status: "FAILED", failureCode: "insufficient_funds" });
    expect(await row(declined.cardToken)).toMatchObject({ type: "TOKENIZED", authenticatedAt: null });
    const token = await tokenize("4000000000000028");
    expect(await payWithThreeDs(ctx, "4000000000000028", { card: { cardToken: token }, buyerId })).toMatchObject({ status: "FAILED" });
    expect((await row(token)).authenticatedAt).toBeNull();
  });

  it("a pendingAction confirmed by the browser marks the transaction's reusable card when PAID, not when declined", async () => {
    const browser = requester(ctx.app, { ...ctx.seller, apiKey: ctx.seller.publishableKey });
    const payInBrowser = async (number: string) => {
      const token = await tokenize(number);
      const res = await ctx.post("/v1/transactions", { ...pixBody({ amount: 4200, buyer: undefined, buyerId }), paymentMethod: "CREDIT_CARD", card: { cardToken: token } });
      expect(res.status, await res.clone().text()).toBe(201);
      const tx = await res.json();
      const extra = { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret };
      expect((await runThreeDs(browser.send, ctx.app, {}, 4200, { extra })).ok).toBe(true);
      const confirmed = await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.pendingAction.clientSecret });
      expect(confirmed.status, await confirmed.clone().text()).toBe(200);
      return { token, status: (await confirmed.json()).status };
    };
    const paid = await payInBrowser("4111111111111111");
    expect(paid.status).toBe("PAID");
    expect(await row(paid.token)).toMatchObject({ status: "ACTIVE", authenticatedAt: "2026-11-22T12:00:00.000Z" });
    const declined = await payInBrowser("4000000000009557");
    expect(declined.status).toBe("FAILED");
    expect((await row(declined.token)).authenticatedAt).toBeNull();
  });

  it("a single-use card paid in the browser is spent, never marked", async () => {
    const browser = requester(ctx.app, { ...ctx.seller, apiKey: ctx.seller.publishableKey });
    const tx = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 4200 }), paymentMethod: "CREDIT_CARD" })).json();
    const extra = { transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret };
    await runThreeDs(browser.send, ctx.app, cardInput("4111111111111111"), 4200, { extra });
    expect((await (await browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: extra.clientSecret })).json()).status).toBe("PAID");
    const [used] = await ctx.platform.db.select().from(cards).where(eq(cards.type, "SINGLE_USE"));
    expect(used).toMatchObject({ status: "INACTIVE", pan: "", authenticatedAt: null });
  });
});

describe("authorizeMerchantInitiated", () => {
  it("approves an authenticated token without 3DS: MERCHANT, recurring, 1 installment, routed", async () => {
    const token = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    // The payment that authenticated it was customer-initiated, with its 3DS.
    expect(sales).toEqual([expect.objectContaining({ initiatedBy: "CUSTOMER", recurring: false, installments: 1, threeDs: expect.objectContaining({ cavv: expect.any(String) }) })]);
    sales.length = 0;
    const id = crypto.randomUUID();
    const result = await authorizeMerchantInitiated(ctx.platform, { sellerId: ctx.seller.sellerId, livemode: false, cardToken: token, transactionId: id, amount: 3990, currency: "BRL" });
    expect(result).toMatchObject({ card: { id: token, brand: "VISA", last4: "1111" }, acquirer: "sandbox-alpha", outcome: { status: "APPROVED" } });
    expect(sales).toEqual([{ transactionId: id, amount: 3990, currency: "BRL", pan: "4111111111111111", expMonth: "12", expYear: "2030", holderName: "MARIA SILVA", brand: "VISA", installments: 1, initiatedBy: "MERCHANT", recurring: true }]);
    expect(sales[0]!.threeDs).toBeUndefined();
  });

  it("routes as customer-initiated sales do: high amounts and Elo to sandbox-beta, failover when one is down", async () => {
    const visa = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    expect((await charge(visa, { amount: 100_000 })).acquirer).toBe("sandbox-beta");
    const elo = (await payWithThreeDs(ctx, "6362970000457013")).cardToken as string;
    expect((await charge(elo)).acquirer).toBe("sandbox-beta");
    const failover = (await payWithThreeDs(ctx, "4000000000000093")).cardToken as string;
    expect(await charge(failover)).toMatchObject({ acquirer: "sandbox-beta", outcome: { status: "APPROVED" } });
  });

  it("the recurring-decline cards pay with 3DS, then decline merchant-initiated", async () => {
    const declines = await payWithThreeDs(ctx, "4000000000000341");
    expect(declines.status).toBe("PAID");
    expect(await charge(declines.cardToken)).toMatchObject({ acquirer: "sandbox-alpha", outcome: { status: "DECLINED", code: "card_declined", message: "The issuer declined the payment." } });
    const noFunds = await payWithThreeDs(ctx, "5200000000000346");
    expect(noFunds.status).toBe("PAID");
    expect((await charge(noFunds.cardToken)).outcome).toMatchObject({ status: "DECLINED", code: "insufficient_funds" });
  });

  it("refuses a token that never paid with 3DS (422 CARD_NOT_AUTHENTICATED), before the acquirer", async () => {
    const token = await tokenize("4111111111111111");
    sales.length = 0;
    const err = await refusal(charge(token));
    expect(err).toMatchObject({ code: "CARD_NOT_AUTHENTICATED", status: 422, extensions: { cardToken: token } });
    expect(sales).toEqual([]);
  });

  it("another seller's token is not found (404), nor is an unknown or inactive one", async () => {
    const token = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    expect(await refusal(charge(token, { sellerId: other.sellerId }))).toMatchObject({ code: "RESOURCE_NOT_FOUND", status: 404 });
    expect(await refusal(charge("tok_nothing"))).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
    await ctx.platform.db.update(cards).set({ status: "INACTIVE" }).where(eq(cards.id, token));
    expect(await refusal(charge(token))).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
  });

  it("refuses a single-use card (422 UNPROCESSABLE), even one marked authenticated by hand", async () => {
    await ctx.post("/v1/transactions", { ...pixBody({ amount: 4200 }), paymentMethod: "CREDIT_CARD", card: cardInput("4111111111111111") });
    const [single] = await ctx.platform.db.select().from(cards);
    expect(single).toMatchObject({ type: "SINGLE_USE", status: "ACTIVE" });
    await ctx.platform.db.update(cards).set({ authenticatedAt: "2026-11-22T12:00:00.000Z" }).where(eq(cards.id, single!.id));
    expect(await refusal(charge(single!.id))).toMatchObject({ code: "UNPROCESSABLE", status: 422, extensions: { reason: "single_use" } });
  });

  it("a test token is not a live one, nor the reverse; a live card is charged by the live acquirer", async () => {
    const live = recording(["live-one", "live-two"]);
    ctx = await createTestContext({ acquirers: { cards: { test: SANDBOX_CARD_ACQUIRERS, live: live.acquirers } } });
    ctx.platform.clock.set("2026-11-22T12:00:00Z");
    const liveKey = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const testToken = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    const livePaid = await payWithThreeDs({ send: liveKey.send, app: ctx.app }, "5555555555554444");
    expect(livePaid).toMatchObject({ status: "PAID", livemode: true, acquirer: "live-one" });
    expect(await refusal(charge(testToken, { livemode: true }))).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
    expect(await refusal(charge(livePaid.cardToken))).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
    expect(await charge(livePaid.cardToken, { livemode: true })).toMatchObject({ acquirer: "live-one", outcome: { status: "APPROVED" } });
    expect(live.sales.at(-1)).toMatchObject({ initiatedBy: "MERCHANT", recurring: true, pan: "5555555555554444" });
  });

  it("a mode without card acquirers is refused (422 LIVE_MODE_UNAVAILABLE)", async () => {
    const token = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    expect(await refusal(charge(token, { livemode: true }))).toMatchObject({ code: "LIVE_MODE_UNAVAILABLE", status: 422 });
  });
});

describe("assertMerchantInitiatedReady", () => {
  const ready = (cardToken: string, buyer: string, sellerId = ctx.seller.sellerId, livemode = false) =>
    assertMerchantInitiatedReady(ctx.platform, { sellerId, livemode, buyerId: buyer, cardToken });
  const field = async (promise: Promise<unknown>) => {
    const err = await refusal(promise);
    expect(err).toMatchObject({ code: "INVALID_DATA", status: 422 });
    expect(err.errors).toHaveLength(1);
    expect(err.errors![0]).toMatchObject({ path: "cardToken", in: "body" });
    return err.errors![0]!.code;
  };

  it("returns the card of an authenticated token of the buyer", async () => {
    const token = (await payWithThreeDs(ctx, "4111111111111111", { buyerId })).cardToken as string;
    expect(await row(token)).toMatchObject({ buyerId });
    expect(await ready(token, buyerId)).toMatchObject({ id: token, type: "TOKENIZED" });
  });

  it("names cardToken: another buyer's, seller's or mode's token is not_found; unauthenticated; single-use", async () => {
    const otherBuyer = await createBuyer(ctx, { email: "joao@example.com" });
    const token = (await payWithThreeDs(ctx, "4111111111111111", { buyerId })).cardToken as string;
    expect(await field(ready(token, otherBuyer))).toBe("not_found");
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    expect(await field(ready(token, buyerId, other.sellerId))).toBe("not_found");
    expect(await field(ready(token, buyerId, ctx.seller.sellerId, true))).toBe("not_found");
    expect(await field(ready("tok_nothing", buyerId))).toBe("not_found");
    expect(await field(ready(await tokenize("4111111111111111", buyerId), buyerId))).toBe("not_authenticated");
    await ctx.post("/v1/transactions", { ...pixBody({ amount: 4200 }), paymentMethod: "CREDIT_CARD", card: cardInput("4111111111111111") });
    const [single] = await ctx.platform.db.select().from(cards).where(eq(cards.type, "SINGLE_USE"));
    expect(await field(ready(single!.id, buyerId))).toBe("not_accepted");
  });

  it("a token made on a sale with an inline buyer names no buyer, and serves any buyer of the seller", async () => {
    const token = (await payWithThreeDs(ctx, "4111111111111111")).cardToken as string;
    expect(await row(token)).toMatchObject({ buyerId: null, authenticatedAt: expect.any(String) });
    expect(await ready(token, buyerId)).toMatchObject({ id: token });
  });
});
