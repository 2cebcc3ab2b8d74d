/**
 * docs/test-cards.json is what integrators test with, so every card in it is run through the real
 * flow (tokenize, 3DS with the documented challenge code, the sale, then a merchant-initiated
 * charge on the stored card) and must do what it says.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { detectBrand, luhnValid } from "../../shared/cards";
import { cards } from "../../worker/db/schema";
import { authorizeMerchantInitiated } from "../../worker/domain/cards/merchant-initiated";
import { CHALLENGE_CODE, TEST_CARDS } from "../../worker/domain/cards/test-cards";
import { vaultCard } from "../../worker/domain/cards/vault-card";
import { ApiError } from "../../worker/lib/problem";
import { authenticateBody, cardInput, submitChallenge } from "../support/cards";
import { createTestContext } from "../support/platform";
import { createBuyer, pixBody } from "../support/transactions";

interface DocumentedCard {
  number: string;
  brand: string;
  threeDs: "frictionless" | "challenge" | "failed";
  authorization: string;
  recurring: string;
  tokenize: "ok" | "refused";
  unavailable?: string[];
}
const doc = JSON.parse(readFileSync(join(__dirname, "../../docs/test-cards.json"), "utf8")) as { challengeCode: string; cards: DocumentedCard[] };

describe("docs/test-cards.json", () => {
  it("is the sandbox's table", () => {
    expect(doc.challengeCode).toBe(CHALLENGE_CODE);
    expect(doc.cards.map(({ number, brand, threeDs, authorization, recurring, tokenize, unavailable }) => ({ number, brand, threeDs, authorization, recurring, tokenize, unavailable }))).toEqual(
      TEST_CARDS.map(({ number, brand, threeDs, authorization, recurring, tokenize, unavailable }) => ({ number, brand, threeDs, authorization, recurring, tokenize, unavailable })),
    );
  });

  it("has cards that pay with 3DS and tokenize but decline merchant-initiated charges", () => {
    const payThenDecline = doc.cards.filter((c) => c.threeDs !== "failed" && c.authorization === "approved" && c.tokenize === "ok" && c.recurring !== "approved");
    expect(payThenDecline.map((c) => c.recurring)).toEqual(expect.arrayContaining(["card_declined", "insufficient_funds"]));
    // A card whose customer-initiated sale declines declines merchant-initiated too.
    for (const c of doc.cards.filter((c) => c.authorization !== "approved")) expect(c.recurring).toBe(c.authorization);
  });

  it.each(doc.cards.map((c) => [c.number, c] as const))("%s does what the table says", async (_number, card) => {
    expect(luhnValid(card.number)).toBe(true);
    expect(detectBrand(card.number)).toBe(card.brand);
    const ctx = await createTestContext();
    ctx.platform.clock.set("2026-11-22T12:00:00Z");
    const buyerId = await createBuyer(ctx);

    const tokenized = await ctx.post("/v1/cards/tokenize", { buyerId, cardNumber: card.number, cardExpirationDate: "122030" });
    expect(tokenized.status).toBe(card.tokenize === "ok" ? 200 : 422);
    const tokenizedCard: string | null = card.tokenize === "ok" ? (await tokenized.json()).cardToken : null;

    const input = cardInput(card.number);
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card: input })).json();
    const auth = await (await ctx.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, input, 2500))).json();
    let threeDs: Record<string, unknown> | null = null;
    if (card.threeDs === "failed") {
      expect(auth.code).toBe("AUTHENTICATION_FAILED");
    } else if (card.threeDs === "challenge") {
      expect(auth.code).toBe("PENDING_CHALLENGE");
      await submitChallenge(ctx.app, auth.stepUpUrl, doc.challengeCode);
      const result = await (await ctx.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId })).json();
      expect(result.status).toBe("AUTHENTICATION_SUCCESSFUL");
      threeDs = { cavv: result.cavv, xid: result.xid ?? undefined, secureVersion: result.secureVersion, directoryServerTransactionId: result.directoryServerTransactionId, threeDsServerTransactionId: result.threeDsServerTransactionId };
    } else {
      expect(auth.code).toBe("AUTHENTICATION_SUCCESSFUL");
      threeDs = { cavv: auth.cavv, xid: auth.xid ?? undefined, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId, threeDsServerTransactionId: auth.threeDsServerTransactionId };
    }
    // The customer-initiated sale pays with the token when there is one (which it then authenticates).
    let token = tokenizedCard;
    if (threeDs) {
      const body = { ...pixBody({ amount: 2500, buyer: undefined, buyerId }), paymentMethod: "CREDIT_CARD", card: token ? { cardToken: token } : input, threeDs };
      const sale = await (await ctx.post("/v1/transactions", body)).json();
      if (card.authorization === "approved") {
        expect(sale).toMatchObject({ status: "PAID", failureCode: null });
      } else {
        expect(sale).toMatchObject({ status: "FAILED", failureCode: card.authorization });
      }
      if (card.unavailable?.length === 1) expect(sale.acquirer).not.toBe(card.unavailable[0]);
    }

    // Merchant-initiated: only a token that paid with 3DS may be charged; the others are refused
    // (CARD_NOT_AUTHENTICATED), then made ready by hand so the table's `recurring` is still shown.
    const mit = (cardToken: string) =>
      authorizeMerchantInitiated(ctx.platform, { sellerId: ctx.seller.sellerId, livemode: false, cardToken, transactionId: crypto.randomUUID(), amount: 3990, currency: "BRL" });
    const scope = { sellerId: ctx.seller.sellerId, livemode: false };
    // A card the processor will not tokenize has no token at all: stand one in.
    token ??= (await vaultCard(ctx.platform, scope, { card: { number: card.number, expirationMonth: "12", expirationYear: "2030" }, buyerId, type: "SINGLE_USE" })).id;
    const paidWithThreeDs = threeDs !== null && card.authorization === "approved" && card.tokenize === "ok";
    const [stored] = await ctx.platform.db.select().from(cards).where(eq(cards.id, token));
    expect(stored!.authenticatedAt !== null).toBe(paidWithThreeDs);
    if (!paidWithThreeDs) {
      const refused = await mit(token).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).code).toBe(card.tokenize === "ok" ? "CARD_NOT_AUTHENTICATED" : "UNPROCESSABLE");
      await ctx.platform.db.update(cards).set({ type: "TOKENIZED", authenticatedAt: "2026-11-22T12:00:00.000Z" }).where(eq(cards.id, token));
    }
    const charged = await mit(token);
    if (card.recurring === "approved") {
      expect(charged.outcome.status).toBe("APPROVED");
      expect(charged.acquirer).not.toBe(card.unavailable?.[0] ?? null);
    } else if (card.recurring === "acquirer_unavailable") {
      expect(charged).toMatchObject({ acquirer: null, outcome: { status: "UNAVAILABLE" } });
    } else {
      expect(charged.outcome).toMatchObject({ status: "DECLINED", code: card.recurring });
    }
  });
});
