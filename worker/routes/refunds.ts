/**
 * POST /v1/transactions/{id}/refunds: request a refund (idempotent, like transaction creation).
 * The spec shows refunds and REFUND_PENDING but no endpoint; this is ours (docs/transactions.md).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { refundTransaction } from "../domain/transactions/refund-transaction";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { idempotently } from "./idempotent";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { IdempotencyHeaders, RefundCreateSchema, RefundSchema } from "../schemas/transaction";
import { scopeOf } from "../http/auth";
import { TransactionIdParam } from "./transactions";

const createRefundRoute = route("secret", {
  method: "post",
  path: "/v1/transactions/{id}/refunds",
  tags: ["Transactions"],
  operationId: "createRefund",
  summary: "Refund a paid transaction (in full or in part)",
  description:
    "Creates a PENDING refund and moves the transaction to REFUND_PENDING until the acquirer concludes it. " +
    "`amount` defaults to what is left to refund; refunds never add up to more than the transaction's amount (409 " +
    "REFUND_EXCEEDS_AMOUNT). Only PAID (or REFUND_PENDING) transactions can be refunded (409 INVALID_STATE_TRANSITION).",
  request: { params: TransactionIdParam, headers: IdempotencyHeaders, body: { ...jsonBody(RefundCreateSchema, { amount: 500 }), required: false } },
  responses: {
    201: json(RefundSchema, "The new refund, PENDING."),
    200: json(RefundSchema, "Idempotent replay: the first response's body."),
    ...problemResponses(400, 401, 404, 409),
  },
});

/** The refunds route. */
export const refundsRoutes = new OpenAPIHono<AppEnv>().openapi(createRefundRoute, async (c) => {
  const { id } = c.req.valid("param");
  const body = c.req.valid("json") ?? {};
  const key = c.req.valid("header")["idempotency-key"];
  // The answer is stored JSON text (a replay must be byte-identical), not a typed c.json().
  return idempotently(c, { ...scopeOf(c), operation: "refunds.create", key }, { transactionId: id, ...body }, (request) =>
    refundTransaction(c.get("platform"), { scope: scopeOf(c), transactionId: id, amount: body.amount, reason: body.reason, request }),
  ) as never;
});
