/**
 * Checkout sessions: a buyer's visit to a payment link, opened and paid without a key
 * (docs/payment-links.md). Failures of the pay body are 422 INVALID_DATA naming the field.
 */
import { z } from "@hono/zod-openapi";
import { BuyerName, checkDocument, DocumentNumber, DocumentType, Email, Phone } from "./buyer";
import { CheckoutTransactionSchema } from "./checkout";
import { MAX_AMOUNT } from "./transaction";
import { CHECKOUT_SESSION_CREATED_EXAMPLE, CHECKOUT_SESSION_STATE_EXAMPLE, CHECKOUT_SESSION_TRANSACTION_EXAMPLE } from "./examples/payment-links";

/** The session: where a buyer's checkout stands. */
export const CheckoutSessionSchema = z
  .object({
    id: z.uuid(),
    paymentLinkId: z.uuid(),
    status: z.enum(["OPEN", "COMPLETED", "EXPIRED"]).openapi({ description: "COMPLETED once its transaction is paid; EXPIRED once its TTL passed unpaid." }),
    expiresAt: z.string().nullable().openapi({ description: "Null when the link's sessions never expire." }),
    transactionId: z.uuid().nullable().openapi({ description: "The latest transaction the session created." }),
    successUrl: z.string().nullable().openapi({
      description: "Where the page sends the buyer once paid: the link's successUrl with `paymentLinkId`, `checkoutSessionId` and `transactionId` added to its query.",
    }),
    cancelUrl: z.string().nullable().openapi({ description: "The link's cancelUrl: where the buyer goes who gives up." }),
    livemode: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("CheckoutSession");

/** POST /v1/payment-links/{id}/checkout-sessions: the session and, this once, its client secret. */
export const CheckoutSessionCreatedSchema = CheckoutSessionSchema.extend({
  clientSecret: z.string().openapi({ description: "Pays the session (with POST /v1/checkout-sessions/{id}/pay) and reads it. Keep it in the buyer's page only." }),
}).openapi("CheckoutSessionCreated", { example: CHECKOUT_SESSION_CREATED_EXAMPLE });

/** The transaction a pay created, as the buyer may see it, with what the card frame and 3DS need. */
export const CheckoutSessionTransactionSchema = CheckoutTransactionSchema.extend({
  clientSecret: z.string().openapi({ description: "The transaction's client secret: the widget reads it and pays a card pendingAction with it." }),
  publishableKey: z.string().nullable().openapi({ description: "The seller's publishable key for the transaction's browser calls." }),
}).openapi("CheckoutSessionTransaction", { example: CHECKOUT_SESSION_TRANSACTION_EXAMPLE });

/** GET /v1/checkout-sessions/{id} and the pay answer. */
export const CheckoutSessionStateSchema = z
  .object({ session: CheckoutSessionSchema, transaction: CheckoutSessionTransactionSchema.nullable() })
  .openapi("CheckoutSessionState", { example: CHECKOUT_SESSION_STATE_EXAMPLE });

/** The buyer, as the link's checkout collects it: the document when the link requires it (always a valid CPF/CNPJ when sent). */
const LinkBuyer = z
  .strictObject({
    name: BuyerName,
    email: Email,
    documentType: DocumentType.optional(),
    documentNumber: DocumentNumber.optional(),
    phone: Phone.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.documentType === undefined) !== (v.documentNumber === undefined)) {
      ctx.addIssue({ code: "custom", params: { code: "required" }, path: [v.documentType === undefined ? "documentType" : "documentNumber"], message: "send documentType and documentNumber together" });
      return;
    }
    if (v.documentType && v.documentNumber) checkDocument({ documentType: v.documentType, documentNumber: v.documentNumber }, ctx);
  });

/** Body of POST /v1/checkout-sessions/{id}/pay. */
export const CheckoutSessionPaySchema = z
  .strictObject({
    clientSecret: z.string().max(255).optional().openapi({ description: "The session's clientSecret (or the X-Client-Secret header)." }),
    paymentMethod: z.enum(["PIX", "CREDIT_CARD", "DEBIT_CARD", "CARD"], { error: "must be PIX, CREDIT_CARD, DEBIT_CARD or CARD" }),
    buyer: LinkBuyer,
    amountInCents: z
      .number({ error: "must be an integer number of cents" })
      .int("must be an integer number of cents")
      .min(1, "must be at least 1")
      .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`)
      .optional()
      .openapi({ description: "CUSTOMER_CHOICE links: what the buyer pays (from the link's minAmountInCents to its maxAmountInCents)." }),
    installments: z.number({ error: "must be an integer" }).int("must be an integer").min(1, "must be at least 1").max(21, "at most 21").optional(),
  })
  .openapi("CheckoutSessionPay");

export type CheckoutSessionPay = z.infer<typeof CheckoutSessionPaySchema>;
export type CheckoutSessionView = z.infer<typeof CheckoutSessionSchema>;
