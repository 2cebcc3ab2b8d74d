/**
 * /v1/sandbox: test-mode stand-ins for what the outside world does (here: the payer's bank paying
 * a PIX). A live key gets the same 404 as a route that does not exist: live traffic never
 * reaches sandbox behaviour, and does not learn that it exists.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { sandboxEndToEndId } from "../domain/pix/sandbox-end-to-end-id";
import { payTransaction } from "../domain/transactions/pay-transaction";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { jsonResponse as json, problemResponses } from "../schemas/responses";
import { TransactionSchema } from "../schemas/transaction";
import { scopeOf } from "../http/auth";
import { TransactionIdParam } from "./transactions";

const payRoute = route({ caller: "secret", testModeOnly: true }, {
  method: "post",
  path: "/v1/sandbox/transactions/{id}/pay",
  tags: ["Sandbox"],
  operationId: "sandboxPayTransaction",
  summary: "Simulate the payer's bank paying a PIX (test mode)",
  description:
    "PENDING → PAID with `paidAt` and fees, as a real PSP confirmation would do (event TRANSACTION_PAID); the PIX gets a sandbox " +
    "end-to-end id (`paymentDetails.endToEndId`, starting E99999999).",
  request: { params: TransactionIdParam },
  responses: { 200: json(TransactionSchema, "The paid transaction."), ...problemResponses(400, 401, 404, 409) },
});

/** The sandbox routes. */
export const sandboxRoutes = new OpenAPIHono<AppEnv>().openapi(payRoute, async (c) => {
  const { id } = c.req.valid("param");
  const platform = c.get("platform");
  // The payer's bank names the PIX: a test one gets a sandbox E2E id, as a live one gets the PSP's.
  return c.json(await payTransaction(platform, scopeOf(c), id, { endToEndId: sandboxEndToEndId(platform.now()) }), 200);
});
