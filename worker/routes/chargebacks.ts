/**
 * Chargebacks: GET /v1/chargebacks and /{id}, and in test mode
 * POST /v1/sandbox/transactions/{id}/chargeback, which stands in for a card issuer's dispute.
 * Mounted by settlements.ts (docs/settlements.md); the rules are in domain/chargebacks/.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { openChargeback } from "../domain/chargebacks/open-chargeback";
import { findChargeback, listChargebacks } from "../domain/chargebacks/read";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { idParam } from "../schemas/ids";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { ChargebackCreateSchema, ChargebackSchema } from "../schemas/settlement";
import { CHARGEBACK_EXAMPLE } from "../schemas/examples/settlements";

const common = { tags: ["Settlements"] };

const routes = {
  open: route({ caller: "secret", testModeOnly: true }, {
    ...common, tags: ["Sandbox"], method: "post", path: "/v1/sandbox/transactions/{id}/chargeback", operationId: "sandboxOpenChargeback",
    summary: "Simulate a card issuer's chargeback (test mode)",
    description:
      "Opens an OPEN chargeback on a PAID CREDIT_CARD or DEBIT_CARD transaction (event CHARGEBACK_RECEIVED). The " +
      "transaction's status does not change; the amount is deducted from the seller's settlement. Not PAID: 409; " +
      "PIX (no chargebacks) or an amount above what is neither refunded nor charged back: 422.",
    request: { params: idParam("id"), body: { ...jsonBody(ChargebackCreateSchema, { amount: 500, reasonCode: "product_not_received" }), required: false } },
    responses: { 201: json(ChargebackSchema, "The chargeback, OPEN."), ...problemResponses(400, 401, 404, 409, 422) },
  }),
  list: route("secret", {
    ...common, method: "get", path: "/v1/chargebacks", operationId: "listChargebacks", summary: "List your chargebacks, newest first",
    description: "The chargebacks of your transactions in your key's mode.",
    request: { query: PageQuery },
    responses: { 200: json(pageEnvelope(ChargebackSchema, "ChargebackPage", CHARGEBACK_EXAMPLE), "A page of chargebacks."), ...problemResponses(400, 401) },
  }),
  get: route("secret", {
    ...common, method: "get", path: "/v1/chargebacks/{id}", operationId: "getChargeback", summary: "Get a chargeback",
    description: "Another seller's chargeback, or one of the other mode, is 404.",
    request: { params: idParam("id") },
    responses: { 200: json(ChargebackSchema, "The chargeback."), ...problemResponses(400, 401, 404) },
  }),
};

/** The routes. */
export const chargebacksRoutes = new OpenAPIHono<AppEnv>()
  .openapi(routes.open, async (c) => {
    const body = c.req.valid("json") ?? {};
    return c.json(await openChargeback(c.get("platform"), scopeOf(c), c.req.valid("param").id, body), 201);
  })
  .openapi(routes.list, async (c) => c.json(await listChargebacks(c.get("platform").db, scopeOf(c), c.req.valid("query")), 200))
  .openapi(routes.get, async (c) => c.json(await findChargeback(c.get("platform").db, scopeOf(c), c.req.valid("param").id), 200));
