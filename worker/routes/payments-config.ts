/**
 * GET /v1/payments/config: the spec's International payment config for a currency. Secret key
 * only (auth.ts's default): it is the integrator's server that asks, then hands the browser the
 * `publishableKey` it returns. The rules are in domain/payments-config.ts (docs/payments-config.md).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { paymentsConfig } from "../domain/payments-config";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PaymentsConfigQuerySchema, PaymentsConfigSchema } from "../schemas/payments-config";
import { jsonResponse as json, problemResponses } from "../schemas/responses";

const configRoute = route("secret", {
  method: "get",
  path: "/v1/payments/config",
  tags: ["Payments config"],
  operationId: "getPaymentsConfig",
  summary: "What a checkout needs to collect a card in a currency",
  description:
    "Region from the currency (NA: USD, CAD; EU: EUR, GBP and the other European currencies; BRL is domestic, region null). " +
    "`enabled` says whether this seller can take a card payment in it now. The publishable key is for the browser.",
  request: { query: PaymentsConfigQuerySchema },
  responses: { 200: json(PaymentsConfigSchema, "The config."), ...problemResponses(400, 401) },
});

/** The routes. */
export const paymentsConfigRoutes = new OpenAPIHono<AppEnv>().openapi(configRoute, async (c) =>
  c.json(await paymentsConfig(c.get("platform"), scopeOf(c), c.req.valid("query").currency), 200),
);
