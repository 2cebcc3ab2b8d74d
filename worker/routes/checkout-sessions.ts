/**
 * Checkout sessions (public, no key): a buyer opens a checkout of a payment link, pays it, and
 * reads where it stands (domain/checkout-sessions/; docs/payment-links.md). The session's client
 * secret travels in the body or the X-Client-Secret header, never in the URL.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { openCheckoutSession } from "../domain/checkout-sessions/open";
import { payCheckoutSession } from "../domain/checkout-sessions/pay";
import { sessionBySecret } from "../domain/checkout-sessions/store";
import { sessionStateView } from "../domain/checkout-sessions/view";
import { lookAt } from "../domain/payment-links/holds";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { validationHookAs } from "../lib/validation";
import { CheckoutHeaders } from "../schemas/checkout";
import { CheckoutSessionCreatedSchema, CheckoutSessionPaySchema, CheckoutSessionStateSchema } from "../schemas/checkout-session";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { IdempotencyHeaders } from "../schemas/transaction";

const tags = ["Payment links"];

const openRoute = route("public", {
  method: "post", path: "/v1/payment-links/{id}/checkout-sessions", tags, operationId: "openCheckoutSession",
  summary: "Open a checkout of a payment link (public)",
  description: "409 PAYMENT_LINK_INACTIVE, PAYMENT_LINK_EXPIRED or PAYMENT_LINK_SOLD_OUT when the link cannot be paid now.",
  request: { params: idParam("id") },
  responses: { 201: json(CheckoutSessionCreatedSchema, "The session, with its client secret (shown this once)."), ...problemResponses(400, 401, 404, 409) },
});

const payRoute = route("public", {
  method: "post", path: "/v1/checkout-sessions/{id}/pay", tags, operationId: "payCheckoutSession",
  summary: "Pay a checkout session (public, with its client secret)",
  description:
    "Creates the link's charge: PIX answers the QR code; a card answers a PENDING transaction for the card frame and 3DS. " +
    "422 INVALID_DATA names the field (a method the link does not accept, a missing document the link requires, an amount below the " +
    "minimum or over the maximum, too many installments); 409 for a sold-out, inactive or expired link and an expired session; 429 " +
    "RATE_LIMITED when the buyer's address or document already holds the most unpaid charges of the link it may. Idempotent on Idempotency-Key.",
  request: { params: idParam("id"), headers: CheckoutHeaders.merge(IdempotencyHeaders), body: jsonBody(CheckoutSessionPaySchema, {
    paymentMethod: "PIX",
    buyer: { name: "Maria da Silva", email: "maria@example.com", documentType: "CPF", documentNumber: "12345678909" },
  }) },
  responses: { 201: json(CheckoutSessionStateSchema, "The session and its charge."), ...problemResponses(400, 401, 404, 409, 422) },
});

const getRoute = route("public", {
  method: "get", path: "/v1/checkout-sessions/{id}", tags, operationId: "getCheckoutSession",
  summary: "Where a checkout session stands (public, with its client secret)",
  description: "Reading it counts as the buyer looking at its charge: a link's charge then holds its use for its full 30 minutes (docs/payment-links.md).",
  request: { params: idParam("id"), headers: CheckoutHeaders },
  responses: { 200: json(CheckoutSessionStateSchema, "The session and its latest charge."), ...problemResponses(400, 401, 404) },
});

/** Paying: its body's validation failures are 422, as the link's own (its id and headers: 400). */
const pay = new OpenAPIHono<AppEnv>({ defaultHook: validationHookAs("INVALID_DATA") }).openapi(payRoute, async (c) => {
  const body = c.req.valid("json");
  const headers = c.req.valid("header");
  const secret = body.clientSecret ?? headers["x-client-secret"];
  const platform = c.get("platform");
  const address = platform.clientAddress?.(c.req.raw, c.env) ?? null;
  const { replayed, state } = await payCheckoutSession(platform, c.req.valid("param").id, secret, body, headers["idempotency-key"], address);
  return replayed ? c.json(state, 200 as 201, { "Idempotent-Replayed": "true" }) : c.json(state, 201);
});

/** The checkout sessions routes. */
export const checkoutSessionsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(openRoute, async (c) => c.json(await openCheckoutSession(c.get("platform"), c.req.valid("param").id), 201))
  .route("/", pay)
  .openapi(getRoute, async (c) => {
    const platform = c.get("platform");
    const { row, transaction } = await sessionBySecret(platform, c.req.valid("param").id, c.req.valid("header")["x-client-secret"]);
    // The buyer's page reads its charge: it has been looked at (payment-links/holds.ts).
    return c.json(await sessionStateView(platform, row, transaction && (await lookAt(platform, transaction))), 200);
  });
