/** POST /v1/cards/tokenize: a card into the vault for reuse, without a sale (domain/cards/). */
import { OpenAPIHono } from "@hono/zod-openapi";
import { findBuyer } from "../domain/buyers";
import { checkRawCard, toTokenizedCard, vaultCard } from "../domain/cards/vault-card";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { validationError } from "../lib/validation";
import { TokenizedCardSchema, TokenizeRequestSchema } from "../schemas/card";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";

const tokenizeRoute = route("secret", {
  method: "post",
  path: "/v1/cards/tokenize",
  tags: ["Cards"],
  operationId: "tokenizeCard",
  summary: "Tokenize a card for reuse",
  description:
    "Vaults the card of one of your buyers and returns its token, for `card.cardToken` on later transactions. The number is " +
    "stored only encrypted; the security code is checked and discarded. 400 for invalid card data (Luhn, brand, expiry), " +
    "422 CARD_REFUSED when the processor refuses the card (test cards: docs/test-cards.json).",
  request: {
    body: jsonBody(TokenizeRequestSchema, {
      buyerId: "6c2f0a8e-3b1d-4c7a-9e52-8f4d1a0b7c31",
      cardHolderName: "MARIA DA SILVA",
      cardNumber: "4111111111111111",
      cardExpirationDate: "122030",
      cardSecurityCode: "123",
      tokenizationMode: "TOKENIZED_CARD",
    }),
  },
  responses: { 200: json(TokenizedCardSchema, "The tokenized card."), ...problemResponses(400, 401, 422) },
});

/** The cards routes. */
export const cardsRoutes = new OpenAPIHono<AppEnv>().openapi(tokenizeRoute, async (c) => {
  const platform = c.get("platform");
  const scope = scopeOf(c);
  const body = c.req.valid("json");
  const card = {
    number: body.cardNumber,
    holderName: body.cardHolderName ?? null,
    expirationMonth: body.cardExpirationDate.slice(0, 2),
    expirationYear: body.cardExpirationDate.slice(2),
    cvv: body.cardSecurityCode,
  };
  checkRawCard(card, platform.now(), { number: "cardNumber", expirationMonth: "cardExpirationDate", expirationYear: "cardExpirationDate", cvv: "cardSecurityCode" });
  if (!(await findBuyer(platform.db, scope, body.buyerId))) {
    throw validationError([{ path: "buyerId", in: "body", code: "not_found", message: "no buyer of yours has this id" }]);
  }
  const type = body.tokenizationMode === "STORED_CARD" ? "STORED" : "TOKENIZED";
  const row = await vaultCard(platform, scope, { card, buyerId: body.buyerId, type });
  return c.json(toTokenizedCard(row), 200);
});
