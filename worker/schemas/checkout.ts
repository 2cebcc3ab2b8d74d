/** The buyer-safe view of a transaction (GET /v1/transactions/{id}/checkout), for the checkout widget. */
import { z } from "@hono/zod-openapi";
import type { CheckoutView } from "../../shared/checkout";
import { TransactionSchema } from "./transaction";
import { CHECKOUT_TRANSACTION_EXAMPLE } from "./examples/transactions";

/** The header that carries the transaction's client secret (never the URL: URLs end up in logs). */
export const CheckoutHeaders = z.object({
  "x-client-secret": z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: "x-client-secret", in: "header" }, description: "The transaction's `clientSecret` (header names are case-insensitive)." }),
});

/** The fields the buyer may see as the Transaction has them, plus what only the checkout adds. */
export const CheckoutTransactionSchema = TransactionSchema.pick({
  id: true,
  status: true,
  paymentMethod: true,
  amount: true,
  currency: true,
  description: true,
  livemode: true,
  paymentDetails: true,
  installments: true,
  maxInstallments: true,
  failureMessage: true,
  createdAt: true,
  paidAt: true,
  cancelledAt: true,
  cancellationReason: true,
})
  .extend({
    merchant: z.object({ name: z.string() }),
    card: z.object({ brand: z.string(), last4digits: z.string() }).nullable(),
    nextAction: z.object({ type: z.literal("threeds"), provider: z.string() }).nullable(),
    failureCode: z.string().nullable().openapi({ description: "Buyer-actionable codes only; any other decline reads `card_declined`." }),
    refundedAmount: z.number().int(),
    serverTime: z.string().openapi({ description: "The server's clock at this answer: count down to expiresAt against it." }),
  })
  .openapi("CheckoutTransaction", { example: CHECKOUT_TRANSACTION_EXAMPLE });

/** True only when A and B are the same type (both ways assignable, exactly). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when the schema and the widget's type (shared/checkout.ts) drift apart. */
const schemaIsTheSharedType: Same<z.infer<typeof CheckoutTransactionSchema>, CheckoutView> = true;
void schemaIsTheSharedType;
