/**
 * Transaction and refund schemas: the create body with its per-method rules, the resource as
 * returned (GET, list, idempotent replay and event payloads all share it), and refund bodies.
 */
import { z } from "@hono/zod-openapi";
import { ResourceId } from "./ids";
import { plainText } from "./text";
import { isCurrency } from "../../shared/currency";
import { PAYMENT_METHODS, REFUND_STATUSES, TRANSACTION_STATUSES } from "../../shared/payments";
import { InlineAddressSchema } from "./address";
import { BuyerName, checkDocument, DocumentNumber, DocumentType, Email, Phone } from "./buyer";
import { CardInputSchema, ThreeDsSchema } from "./card";
import { REFUND_EXAMPLE, TRANSACTION_EXAMPLE } from "./examples/transactions";

/** The largest amount accepted, in minor units: what a BR Code's amount field can carry. */
export const MAX_AMOUNT = 999_999_999_999;
export const PIX_EXPIRATION = { min: 60, max: 86_400, default: 3_600 } as const;

/** An amount in the currency's smallest unit. */
export const Amount = z
  .number({ error: "must be an integer number of the currency's minor unit (e.g. cents)" })
  .int("must be an integer in the currency's minor unit (e.g. 1050 for R$ 10.50)")
  .positive("must be greater than zero")
  .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`)
  .openapi({ example: 1050, description: "In the currency's minor unit: cents for BRL, whole yen for JPY." });

/** An ISO 4217 code, upper-cased before the check. */
export const Currency = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine(isCurrency, { message: "must be an ISO 4217 currency code, e.g. BRL", params: { code: "invalid_currency" } })
  .openapi({ type: "string", example: "BRL" });

/** The inline `buyer` of a transaction: contact fields optional, document checked. */
export const InlineBuyerSchema = z
  .strictObject({
    name: BuyerName,
    documentType: DocumentType,
    documentNumber: DocumentNumber,
    email: Email.optional(),
    phone: Phone.optional(),
    address: InlineAddressSchema.optional(),
  })
  .superRefine(checkDocument)
  .openapi("InlineBuyer", {
    description:
      "A transaction's buyer given inline: checked like a Buyer but not saved as one. A PIX charge needs exactly one " +
      "of `buyerId` and `buyer`.",
  });

type CreateFields = {
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  currency: string;
  buyerId?: string;
  buyer?: unknown;
  card?: unknown;
  threeDs?: unknown;
  installments?: number;
  maxInstallments?: number;
};

/** The rules that depend on the payment method (one issue per broken rule, by field). */
function methodRules(v: CreateFields, ctx: z.RefinementCtx) {
  if (v.buyerId === undefined && v.buyer === undefined) {
    ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["buyer"], message: "a transaction needs buyerId or buyer" });
  }
  if (v.buyerId !== undefined && v.buyer !== undefined) {
    ctx.addIssue({ code: "custom", params: { code: "conflicting_fields" }, path: ["buyerId"], message: "send buyerId or buyer, not both" });
  }
  if (v.paymentMethod === "PIX") {
    if (v.currency !== "BRL") ctx.addIssue({ code: "custom", params: { code: "unsupported_currency" }, path: ["currency"], message: "PIX charges are in BRL only" });
    for (const field of ["card", "threeDs"] as const) {
      if (v[field] !== undefined) ctx.addIssue({ code: "custom", params: { code: "not_allowed" }, path: [field], message: `${field} is only for card payments` });
    }
    return;
  }
  if (v.paymentMethod === "DEBIT_CARD" && v.installments !== undefined && v.installments > 1) {
    ctx.addIssue({ code: "custom", params: { code: "too_big" }, path: ["installments"], message: "a DEBIT_CARD payment is paid at once: installments must be 1" });
  }
  if (v.maxInstallments !== undefined) {
    if (v.paymentMethod !== "CREDIT_CARD") {
      ctx.addIssue({ code: "custom", params: { code: "not_allowed" }, path: ["maxInstallments"], message: "only a CREDIT_CARD payment is paid in installments" });
    } else if (v.maxInstallments < (v.installments ?? 1)) {
      ctx.addIssue({ code: "custom", params: { code: "too_small" }, path: ["maxInstallments"], message: "must be at least installments" });
    }
  }
  if (v.threeDs !== undefined && v.card === undefined) {
    ctx.addIssue({ code: "custom", params: { code: "required" }, path: ["card"], message: "send the card the 3DS authentication was for (the same card, or its cardToken)" });
  }
}

/** Body of POST /v1/transactions. */
export const TransactionCreateSchema = z
  .strictObject({
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "must be PIX, CREDIT_CARD or DEBIT_CARD" }).openapi({
      description:
        "PIX: PENDING with a BR Code. CREDIT_CARD/DEBIT_CARD with `card` and `threeDs` (from the 3DS flow): PAID or FAILED at once; " +
        "without `threeDs`: PENDING with `pendingAction` for the buyer's browser (docs/cards.md).",
    }),
    amount: Amount,
    currency: Currency.openapi({ description: "ISO 4217 code, in any case (returned upper-case). PIX charges must be BRL." }),
    description: plainText(140).optional(),
    expirationSeconds: z
      .number({ error: "must be an integer number of seconds" })
      .int("must be an integer number of seconds")
      .min(PIX_EXPIRATION.min, `must be at least ${PIX_EXPIRATION.min} seconds`)
      .max(PIX_EXPIRATION.max, `must be at most ${PIX_EXPIRATION.max} seconds (24 h)`)
      .default(PIX_EXPIRATION.default)
      .openapi({ description: `PIX QR code lifetime (and a pendingAction's) in seconds; default ${PIX_EXPIRATION.default}.` }),
    buyerId: ResourceId.optional().openapi({
      description: "A buyer of this seller, in the key's mode. A PIX charge needs exactly one of `buyerId` and `buyer`.",
    }),
    // Referenced schemas take no description here (the generator emits a bare $ref), so the rules
    // for `buyer`, `card` and `threeDs` are stated on InlineBuyer and on TransactionCreate itself.
    buyer: InlineBuyerSchema.optional(),
    card: CardInputSchema.optional(),
    installments: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(21, "at most 21")
      .optional()
      .openapi({ description: "CREDIT_CARD: 1 to 21 (default 1). DEBIT_CARD: 1 only. A PIX charge ignores it, as the spec says." }),
    maxInstallments: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(21, "at most 21")
      .optional()
      .openapi({
        description:
          "CREDIT_CARD pendingAction: the most installments the buyer may choose in the checkout (confirm refuses more). " +
          "Default `installments`: the buyer cannot change what your server set unless you allow it.",
      }),
    threeDs: ThreeDsSchema.optional(),
    seonSession: z.string().max(4096, "at most 4096 characters").optional(),
  })
  .superRefine(methodRules)
  .openapi("TransactionCreate", {
    description:
      "Rules across fields (each broken one is a 400 VALIDATION_FAILED naming the field): exactly one of `buyerId` and `buyer`; " +
      "a PIX charge is in BRL with no `card` or `threeDs`; `threeDs` needs `card`; DEBIT_CARD takes no installments above 1 " +
      "(a PIX charge ignores `installments`). A `threeDs` this service's 3DS server did not issue for this card, amount and " +
      "currency is a 400 THREEDS_AUTHENTICATION_INVALID.",
  });

/** The Idempotency-Key request header. */
export const IdempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1, "must not be empty")
    .max(255, "at most 255 characters")
    .regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces")
    .optional()
    .openapi({ param: { in: "header" }, description: "Idempotency-Key: a retry-safe key, kept 24 h per seller and mode." }),
});

/** Body of POST /v1/transactions/{id}/refunds. */
export const RefundCreateSchema = z
  .strictObject({
    amount: Amount.optional().openapi({ description: "Default: what is left to refund." }),
    reason: plainText(200)
      .optional()
      .openapi({ example: "Produto devolvido", description: "Why the refund is made, in your words: trimmed, 1 to 200 characters; kept with the refund and returned as its `reason`." }),
  })
  .openapi("RefundCreate");

/** A refund as returned. */
export const RefundSchema = z
  .object({
    id: z.uuid(),
    transactionId: z.uuid(),
    amount: z.number().int(),
    originalAmount: z.number().int().openapi({ description: "The transaction's amount when the refund was requested." }),
    status: z.enum(REFUND_STATUSES),
    failureReason: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: "Why the seller refunded (the request's `reason`); null when none was given." }),
    requestedAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable().openapi({ description: "When the acquirer concluded it (COMPLETED or FAILED)." }),
  })
  .openapi("Refund", { example: REFUND_EXAMPLE });

/** A transaction as returned. */
export const TransactionSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(TRANSACTION_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    amount: z.number().int(),
    currency: z.string(),
    description: z.string().nullable(),
    livemode: z.boolean(),
    buyerId: z.uuid().nullable(),
    customer: z.object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      document: z.string().nullable().openapi({ example: "***.982.247-**", description: "Always masked." }),
    }),
    paymentDetails: z
      .object({
        qrCode: z.string().openapi({ description: "PIX copy-and-paste BR Code." }),
        qrCodeUrl: z.url().openapi({ description: "The QR image: SVG, or PNG with ?format=png." }),
        expiresAt: z.iso.datetime(),
        endToEndId: z.string().nullable().optional().openapi({
          description: "The PIX's end-to-end id (E2E id) once the charge is paid: the PSP's for a live one, a sandbox one (starting E99999999) for a test one paid through /v1/sandbox. What a bank's support asks for. Absent or null before payment.",
        }),
      })
      .nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
    cancellationReason: z.enum(["REQUESTED", "EXPIRED"]).nullable(),
    refunds: z.array(RefundSchema),
    idempotencyKey: z.string(),
    pendingAction: z
      .object({
        clientSecret: z.string().openapi({ description: "The browser's secret for this transaction's 3DS steps and confirm." }),
        nextActionType: z.enum(["challenge", "redirect"]),
        provider: z.string().openapi({ description: "The service's own 3DS flow." }),
        publishableKey: z.string().nullable().openapi({ description: "The seller's publishable key (pk_), for the browser." }),
      })
      .nullable()
      .openapi({ description: "A card transaction created without 3DS: what the buyer's browser needs to pay it (null otherwise, and once it left PENDING)." }),
    feeAmount: z.number().int().nullable(),
    netAmount: z.number().int().nullable(),
    card: z
      .object({ brand: z.string(), first6digits: z.string(), last4digits: z.string() })
      .nullable()
      .openapi({ description: "Card payments: the card, never more than its BIN and last 4 digits." }),
    cardToken: z.string().nullable().openapi({ description: "The card's token when it was tokenized (`card.tokenize`) or paid by token." }),
    installments: z.number().int().nullable(),
    maxInstallments: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "CREDIT_CARD: the most installments the buyer may choose when paying the pendingAction (null for other methods)." }),
    acquirer: z.string().nullable().openapi({ description: "Card payments: the acquirer that processed the sale (smart routing)." }),
    authorizationCode: z
      .string()
      .nullable()
      .openapi({ example: "A1B2C3", description: "An approved card sale: the issuer's authorization code as the acquirer answered it (null otherwise, and on sales from before it was kept)." }),
    failureCode: z.string().nullable().openapi({ description: "FAILED: why, e.g. insufficient_funds (docs/test-cards.json lists them)." }),
    failureMessage: z.string().nullable(),
    clientSecret: z.string().nullable().openapi({
      description:
        "Hand this to the buyer's page (never log it or put it in a URL): with your publishable key it reads the " +
        "transaction's buyer-safe view (GET /v1/transactions/{id}/checkout) and pays a card pendingAction. " +
        "Null on transactions created before client secrets existed.",
    }),
    paymentLinkId: z.uuid().nullable().openapi({ description: "The payment link this charge was paid through, if any." }),
    subscriptionId: z.uuid().nullable().openapi({ description: "A subscription's charge: the subscription it bills (docs/subscriptions.md)." }),
    invoiceId: z.uuid().nullable().openapi({ description: "A subscription's charge: the invoice it pays." }),
    initiatedBy: z.enum(["CUSTOMER", "MERCHANT"]).openapi({
      description: "CUSTOMER: the buyer started the payment (3DS applies to cards). MERCHANT: a subscription's renewal charged on the stored card without the buyer, as card networks allow after an authenticated first payment.",
    }),
  })
  .openapi("Transaction", { example: TRANSACTION_EXAMPLE });

export type TransactionCreate = z.infer<typeof TransactionCreateSchema>;
export type InlineBuyer = z.infer<typeof InlineBuyerSchema>;
export type Transaction = z.infer<typeof TransactionSchema>;
export type Refund = z.infer<typeof RefundSchema>;
