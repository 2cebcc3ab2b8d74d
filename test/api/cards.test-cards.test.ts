/**
 * docs/test-cards.json is what integrators test with, so every card in it is run through the real
 * flow (tokenize, 3DS with the documented challenge code, the sale) and must do what it says.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectBrand, luhnValid } from "../../shared/cards";
import { CHALLENGE_CODE, TEST_CARDS } from "../../worker/domain/cards/test-cards";
import { authenticateBody, cardInput, submitChallenge } from "../support/cards";
import { createTestContext } from "../support/platform";
import { createBuyer, pixBody } from "../support/transactions";

interface DocumentedCard {
  number: string;
  brand: string;
  threeDs: "frictionless" | "challenge" | "failed";
  authorization: string;
  tokenize: "ok" | "refused";
  unavailable?: string[];
}
const doc = JSON.parse(readFileSync(join(__dirname, "../../docs/test-cards.json"), "utf8")) as { challengeCode: string; cards: DocumentedCard[] };

describe("docs/test-cards.json", () => {
  it("is the sandbox's table", () => {
    expect(doc.challengeCode).toBe(CHALLENGE_CODE);
    expect(doc.cards.map(({ number, brand, threeDs, authorization, tokenize, unavailable }) => ({ number, brand, threeDs, authorization, tokenize, unavailable }))).toEqual(
      TEST_CARDS.map(({ number, brand, threeDs, authorization, tokenize, unavailable }) => ({ number, brand, threeDs, authorization, tokenize, unavailable })),
    );
  });

  it.each(doc.cards.map((c) => [c.number, c] as const))("%s does what the table says", async (_number, card) => {
    expect(luhnValid(card.number)).toBe(true);
    expect(detectBrand(card.number)).toBe(card.brand);
    const ctx = await createTestContext();
    ctx.platform.clock.set("2026-11-22T12:00:00Z");
    const buyerId = await createBuyer(ctx);

    const tokenized = await ctx.post("/v1/cards/tokenize", { buyerId, cardNumber: card.number, cardExpirationDate: "122030" });
    expect(tokenized.status).toBe(card.tokenize === "ok" ? 200 : 422);

    const input = cardInput(card.number);
    const setup = await (await ctx.post("/v1/transactions/threeds/setup", { card: input })).json();
    const auth = await (await ctx.post("/v1/transactions/threeds/authenticate", authenticateBody(setup, input, 2500))).json();
    let threeDs: Record<string, unknown> | null = null;
    if (card.threeDs === "failed") {
      expect(auth.code).toBe("AUTHENTICATION_FAILED");
      return;
    }
    if (card.threeDs === "challenge") {
      expect(auth.code).toBe("PENDING_CHALLENGE");
      await submitChallenge(ctx.app, auth.stepUpUrl, doc.challengeCode);
      const result = await (await ctx.post("/v1/transactions/threeds/challenge-result", { requestId: setup.requestId, authenticationTransactionId: auth.authenticationTransactionId })).json();
      expect(result.status).toBe("AUTHENTICATION_SUCCESSFUL");
      threeDs = { cavv: result.cavv, xid: result.xid ?? undefined, secureVersion: result.secureVersion, directoryServerTransactionId: result.directoryServerTransactionId, threeDsServerTransactionId: result.threeDsServerTransactionId };
    } else {
      expect(auth.code).toBe("AUTHENTICATION_SUCCESSFUL");
      threeDs = { cavv: auth.cavv, xid: auth.xid ?? undefined, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId, threeDsServerTransactionId: auth.threeDsServerTransactionId };
    }
    const sale = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 2500 }), paymentMethod: "CREDIT_CARD", card: input, threeDs })).json();
    if (card.authorization === "approved") {
      expect(sale).toMatchObject({ status: "PAID", failureCode: null });
    } else {
      expect(sale).toMatchObject({ status: "FAILED", failureCode: card.authorization });
    }
    if (card.unavailable?.length === 1) expect(sale.acquirer).not.toBe(card.unavailable[0]);
  });
});
