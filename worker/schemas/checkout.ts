/** The buyer-safe view of a transaction (GET /v1/transactions/{id}/checkout), for the checkout widget. */
import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../../shared/payments";

/** The header that carries the transaction's client secret (never the URL: URLs end up in logs). */
export const CheckoutHeaders = z.object({
  "x-client-secret": z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "x-client-secret", in: "header" }, description: "The transaction's `clientSecret` (header names are case-insensitive)." }),
});

export const CheckoutTransactionSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(TRANSACTION_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    amount: z.number().int(),
    currency: z.string(),
    description: z.string().nullable(),
    livemode: z.boolean(),
    merchant: z.object({ name: z.string() }),
    paymentDetails: z.object({ qrCode: z.string(), qrCodeUrl: z.string(), expiresAt: z.string() }).nullable(),
    card: z.object({ brand: z.string(), last4digits: z.string() }).nullable(),
    installments: z.number().int().nullable(),
    nextAction: z.object({ type: z.literal("threeds"), provider: z.string() }).nullable(),
    failureCode: z.string().nullable().openapi({ description: "Buyer-actionable codes only; any other decline reads `card_declined`." }),
    failureMessage: z.string().nullable(),
    refundedAmount: z.number().int(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    cancellationReason: z.enum(["REQUESTED", "EXPIRED"]).nullable(),
    serverTime: z.string().openapi({ description: "The server's clock at this answer: count down to expiresAt against it." }),
  })
  .openapi("CheckoutTransaction");
