/**
 * The 3DS flow's API (domain/threeds/): setup, authenticate, challenge-result. Browser-safe: a
 * publishable key may call them for a pendingAction transaction (its id and clientSecret in the
 * body); the seller's server calls them with its secret key.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { authenticateThreeDs } from "../domain/threeds/authenticate";
import { challengeResult } from "../domain/threeds/challenge";
import { setupThreeDs } from "../domain/threeds/setup";
import { authOf, scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { validationError } from "../lib/validation";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import {
  ThreeDsAuthenticateResultSchema,
  ThreeDsAuthenticateSchema,
  ThreeDsChallengeResultRequestSchema,
  ThreeDsChallengeResultSchema,
  ThreeDsSetupResultSchema,
  ThreeDsSetupSchema,
} from "../schemas/threeds";

const common = { tags: ["3DS"] };
/** The card of the bodies' examples: a sandbox test card (docs/cards.md), frictionless and approved. */
const EXAMPLE_CARD = { number: "4111111111111111", holderName: "MARIA DA SILVA", expirationMonth: "12", expirationYear: "2030", cvv: "123" };

const setupRoute = route({ caller: "browser", cards: true }, {
  ...common, method: "post", path: "/v1/transactions/threeds/setup", operationId: "threeDsSetup",
  summary: "3DS step 1: open a session for a card",
  description: "With a publishable key, `transactionId` and `clientSecret` (the transaction's pendingAction) are required and the card is vaulted for that sale.",
  request: { body: jsonBody(ThreeDsSetupSchema, { card: EXAMPLE_CARD }) },
  responses: { 200: json(ThreeDsSetupResultSchema, "The session."), ...problemResponses(400, 401, 404, 409, 422) },
});

const authenticateRoute = route({ caller: "browser", cards: true }, {
  ...common, method: "post", path: "/v1/transactions/threeds/authenticate", operationId: "threeDsAuthenticate",
  summary: "3DS step 2: authenticate the buyer (frictionless, challenge or failed)",
  request: {
    body: jsonBody(ThreeDsAuthenticateSchema, {
      requestId: "0f8b2c4d-6e1a-4b3c-8d5e-7f9a1b2c3d4e",
      referenceId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
      card: EXAMPLE_CARD,
      amount: 1050,
      currency: "BRL",
      paymentMethod: "CREDIT_CARD",
      returnUrl: "https://loja.example.com/checkout/3ds-return",
      deviceChannel: "BROWSER",
      deviceInformation: {
        httpBrowserLanguage: "pt-BR",
        httpBrowserScreenHeight: "900",
        httpBrowserScreenWidth: "1440",
        userAgentBrowserValue: "Mozilla/5.0 (X11; Linux x86_64)",
        httpAcceptContent: "text/html",
        ipAddress: "203.0.113.7",
      },
      billing: {
        address1: "Avenida Paulista, 1000",
        administrativeArea: "SP",
        country: "BR",
        locality: "São Paulo",
        firstName: "Maria",
        lastName: "da Silva",
        email: "maria@example.com",
        postalCode: "01310100",
      },
    }),
  },
  responses: { 200: json(ThreeDsAuthenticateResultSchema, "How authentication went."), ...problemResponses(400, 401, 404, 409) },
});

const challengeResultRoute = route("browser", {
  ...common, method: "post", path: "/v1/transactions/threeds/challenge-result", operationId: "threeDsChallengeResult",
  summary: "3DS step 3: the outcome of the challenge",
  request: {
    body: jsonBody(ThreeDsChallengeResultRequestSchema, {
      requestId: "0f8b2c4d-6e1a-4b3c-8d5e-7f9a1b2c3d4e",
      authenticationTransactionId: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    }),
  },
  responses: { 200: json(ThreeDsChallengeResultSchema, "The challenge's outcome."), ...problemResponses(400, 401, 404, 409) },
});

/** The 3DS routes. */
export const threedsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(setupRoute, async (c) => {
    const body = c.req.valid("json");
    // A browser may only set up 3DS for a transaction it holds the secret of.
    if (authOf(c).kind === "publishable" && (!body.transactionId || !body.clientSecret)) {
      throw validationError([{ path: body.transactionId ? "clientSecret" : "transactionId", in: "body", code: "required", message: "is required with a publishable key (the transaction's pendingAction)" }]);
    }
    return c.json(await setupThreeDs(c.get("platform"), scopeOf(c), body), 200);
  })
  .openapi(authenticateRoute, async (c) => {
    const browser = authOf(c).kind === "publishable";
    const platform = c.get("platform");
    const clientAddress = browser ? (platform.clientAddress?.(c.req.raw, c.env) ?? null) : null;
    return c.json(await authenticateThreeDs(platform, scopeOf(c), { ...c.req.valid("json"), browser, clientAddress }), 200);
  })
  .openapi(challengeResultRoute, async (c) => {
    const browser = authOf(c).kind === "publishable";
    return c.json(await challengeResult(c.get("platform"), scopeOf(c), { ...c.req.valid("json"), browser }), 200);
  });
