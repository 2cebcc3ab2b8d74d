/**
 * GET /v1/transactions/{id}/checkout: the buyer's browser reads what it may show of a transaction,
 * with the seller's publishable key and the transaction's client secret (domain/transactions/checkout-view.ts).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { checkoutView } from "../domain/transactions/checkout-view";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { CheckoutHeaders, CheckoutTransactionSchema } from "../schemas/checkout";
import { jsonResponse as json, problemResponses } from "../schemas/responses";
import { TransactionIdParam } from "./transactions";

const checkoutRoute = route("browser", {
  method: "get",
  path: "/v1/transactions/{id}/checkout",
  tags: ["Transactions"],
  operationId: "getCheckoutTransaction",
  summary: "The buyer-safe view of a transaction (publishable key + client secret)",
  description:
    "Browser-safe: send the publishable key and the transaction's `clientSecret` in `X-Client-Secret`. A wrong or " +
    "missing secret is a 404, as for an unknown transaction. Never cached.",
  request: { params: TransactionIdParam, headers: CheckoutHeaders },
  responses: { 200: json(CheckoutTransactionSchema, "What the buyer may see."), ...problemResponses(400, 401, 404) },
});

/** The checkout routes. */
export const checkoutRoutes = new OpenAPIHono<AppEnv>().openapi(checkoutRoute, async (c) => {
  const view = await checkoutView(c.get("platform"), scopeOf(c), c.req.valid("param").id, c.req.valid("header")["x-client-secret"]);
  c.header("Cache-Control", "no-store");
  return c.json(view, 200);
});
