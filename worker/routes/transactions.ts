/**
 * /v1/transactions: create (PIX; idempotent), list, read and cancel. Refunds are in refunds.ts,
 * the sandbox's payment confirmation in sandbox.ts. A key sees only its own mode's transactions.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { TRANSACTION_STATUSES } from "../db/schema";
import { cancelTransaction } from "../domain/transactions/cancel-transaction";
import { confirmCardTransaction } from "../domain/transactions/confirm-card-transaction";
import { createCardTransaction } from "../domain/transactions/create-card-transaction";
import { createPixTransaction } from "../domain/transactions/create-pix-transaction";
import { requireCanCharge } from "../domain/transactions/seller-gate";
import { listTransactions } from "../domain/transactions/list-transactions";
import { PaymentSearchQuery } from "../schemas/payment-search";
import { toTransaction } from "../domain/transactions/serialize";
import { toCheckoutView } from "../domain/transactions/checkout-view";
import { withoutCardSecrets } from "../domain/cards/fingerprint-safe";
import { readTransactionJson } from "../domain/transactions/store";
import { authOf, scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { PageQuery, pageEnvelope } from "../lib/pagination";
import { notFound } from "../lib/problem";
import { idempotently } from "./idempotent";
import { jsonBody, jsonResponse as json, problemResponses } from "../schemas/responses";
import { idParam } from "../schemas/ids";
import { IdempotencyHeaders, TransactionCreateSchema, TransactionSchema } from "../schemas/transaction";
import { CheckoutTransactionSchema } from "../schemas/checkout";
import { TRANSACTION_EXAMPLE } from "../schemas/examples/transactions";

/** The `{id}` path parameter of every transaction route. */
export const TransactionIdParam = idParam("id");

const createTransactionRoute = route("secret", {
  method: "post",
  path: "/v1/transactions",
  tags: ["Transactions"],
  operationId: "createTransaction",
  summary: "Create a transaction (PIX or card)",
  description:
    "PIX: a charge in PENDING with a dynamic BR Code. Cards: with `threeDs`, authorized and captured at once (PAID or FAILED); " +
    "without, PENDING with `pendingAction` for the browser. Send an Idempotency-Key to retry safely: the same key and " +
    "body answer 200 with the first response (`Idempotent-Replayed: true`); a different body is a 409.",
  request: {
    headers: IdempotencyHeaders,
    body: jsonBody(TransactionCreateSchema, {
      paymentMethod: "PIX",
      amount: 1050,
      currency: "BRL",
      description: "Pedido 1234",
      expirationSeconds: 3600,
      buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "12345678909", email: "maria@example.com" },
    }),
  },
  responses: {
    201: json(TransactionSchema, "The new transaction."),
    200: json(TransactionSchema, "Idempotent replay: the first response's body."),
    ...problemResponses(400, 401, 409, 422),
  },
});

const listTransactionsRoute = route("secret", {
  method: "get",
  path: "/v1/transactions",
  tags: ["Transactions"],
  operationId: "listTransactions",
  summary: "List transactions, newest first",
  request: {
    query: PageQuery.extend({
      status: z
        .enum(TRANSACTION_STATUSES, { error: `must be one of ${TRANSACTION_STATUSES.join(", ")}` })
        .optional()
        .openapi({ param: { name: "status", in: "query" } }),
      // The dashboard's search keys (docs/dashboard.md, "Finding a payment"), added to the spec's list.
      ...PaymentSearchQuery.shape,
    }),
  },
  responses: {
    200: json(pageEnvelope(TransactionSchema, "TransactionPage", TRANSACTION_EXAMPLE), "A page of transactions."),
    ...problemResponses(400, 401),
  },
});

const getTransactionRoute = route("secret", {
  method: "get",
  path: "/v1/transactions/{id}",
  tags: ["Transactions"],
  operationId: "getTransaction",
  summary: "Get a transaction",
  request: { params: TransactionIdParam },
  responses: { 200: json(TransactionSchema, "The transaction."), ...problemResponses(400, 401, 404) },
});

const cancelTransactionRoute = route("secret", {
  method: "post",
  path: "/v1/transactions/{id}/cancel",
  tags: ["Transactions"],
  operationId: "cancelTransaction",
  summary: "Cancel a pending transaction",
  description: "PENDING → CANCELLED (event TRANSACTION_CANCELLED). Any other status is a 409 naming it.",
  request: { params: TransactionIdParam },
  responses: { 200: json(TransactionSchema, "The cancelled transaction."), ...problemResponses(400, 401, 404, 409) },
});

const confirmRoute = route({ caller: "browser", cards: true }, {
  method: "post",
  path: "/v1/transactions/{id}/3ds/confirm",
  tags: ["Transactions"],
  operationId: "confirmTransaction",
  summary: "Confirm a card transaction after the browser's 3DS (pendingAction)",
  description:
    "Charges the card of the transaction's completed 3DS session: PAID or FAILED. Browser-safe: with a publishable key, " +
    "`clientSecret` (the transaction's pendingAction) is required, and the answer is the buyer-safe CheckoutTransaction. " +
    "409 until 3DS is completed, once the transaction left PENDING, and while another confirm of it is at the acquirer " +
    "(CONCURRENT_MODIFICATION: one confirm per transaction ever reaches the acquirer). `installments` above the transaction's " +
    "`maxInstallments` is a 400.",
  request: {
    params: TransactionIdParam,
    body: {
      ...jsonBody(
        z
          .strictObject({
            clientSecret: z.string().max(255).optional(),
            installments: z
              .number({ error: "must be an integer from 1 to 21" })
              .int("must be an integer from 1 to 21")
              .min(1, "must be an integer from 1 to 21")
              .max(21, "must be an integer from 1 to 21")
              .optional()
              .openapi({ description: "CREDIT_CARD: the buyer's choice of installments (priced with the plan's surcharge); default the transaction's." }),
          })
          .openapi("ConfirmRequest"),
        { installments: 1 },
      ),
      required: false,
    },
  },
  responses: {
    200: json(
      z.union([TransactionSchema, CheckoutTransactionSchema]),
      "The transaction, PAID or FAILED: a Transaction for a secret key, the buyer-safe CheckoutTransaction for a publishable key.",
    ),
    ...problemResponses(400, 401, 404, 409, 422),
  },
});

/** The transactions routes. */
export const transactionsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createTransactionRoute, async (c) => {
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"];
    // The answer is stored JSON text (a replay must be byte-identical), not a typed c.json().
    const create = body.paymentMethod === "PIX" ? createPixTransaction : createCardTransaction;
    const { seller } = authOf(c);
    // The key's fingerprint never sees the card's number or CVV (domain/cards/fingerprint-safe.ts).
    const keyScope = { ...scopeOf(c), operation: "transactions.create", key };
    return idempotently(c, keyScope, await withoutCardSecrets(c.get("platform"), body), (request) => {
      requireCanCharge(seller, authOf(c).mode === "live", body.paymentMethod);
      return create(c.get("platform"), { scope: scopeOf(c), seller, request, body });
    }) as never;
  })
  .openapi(listTransactionsRoute, async (c) => {
    // The page is JSON text the database rendered (list-transactions.ts), not an object.
    return c.body(await listTransactions(c.get("platform"), scopeOf(c), c.req.valid("query")), 200, {
      "Content-Type": "application/json",
    }) as never;
  })
  .openapi(getTransactionRoute, async (c) => {
    const { id } = c.req.valid("param");
    // JSON text as stored (store.ts readTransactionJson), sent without a parse and a stringify.
    const json = await readTransactionJson(c.get("platform"), id, scopeOf(c));
    if (json === null) throw notFound("transaction", id);
    return c.body(json, 200, { "Content-Type": "application/json" }) as never;
  })
  .openapi(cancelTransactionRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await cancelTransaction(c.get("platform"), scopeOf(c), id), 200);
  })
  .openapi(confirmRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json") ?? {};
    const browser = authOf(c).kind === "publishable";
    requireCanCharge(authOf(c).seller, authOf(c).mode === "live");
    const platform = c.get("platform");
    const state = await confirmCardTransaction(platform, scopeOf(c), id, { clientSecret: body.clientSecret, installments: body.installments, browser });
    // A browser (publishable key) sees only what a buyer may: never the seller's view.
    return c.json(browser ? await toCheckoutView(platform, state) : toTransaction(state, platform.config.baseUrl), 200);
  });
