/**
 * Payment links' bodies and answers (the spec's Payment link; docs/payment-links.md). The shapes
 * are checked here; the rules across fields and those that need the key's mode or the clock
 * (https for live keys, expiresAt in the future, installments only with a card method) are in
 * domain/payment-links/rules.ts. Every failure is a 422 INVALID_DATA naming the field.
 */
import { z } from "@hono/zod-openapi";
import { PAYMENT_LINK_STATUSES } from "../../shared/payments";
import { plainText } from "./text";
import { MAX_AMOUNT, TransactionSchema } from "./transaction";
import { HELD_USE_EXAMPLE, HELD_USE_RELEASED_EXAMPLE, PAYMENT_LINK_EXAMPLE, PAYMENT_LINK_PUBLIC_EXAMPLE } from "./examples/payment-links";

/** Sessions live this long when the link says nothing: long enough to pay by PIX or card with 3DS. */
export const DEFAULT_SESSION_TTL_MINUTES = 30;
/** A link's own session TTL, in minutes: 5 minutes to 7 days. */
export const SESSION_TTL_MINUTES = { min: 5, max: 10_080 } as const;
/** `checkoutConfig` is stored as sent: at most this many bytes of JSON. */
export const MAX_CHECKOUT_CONFIG_BYTES = 8192;

const int = (message: string) => z.number({ error: message }).int(message);

/** `paymentMethods`: CARD is the spec's alias of CREDIT_CARD; stored and answered as CREDIT_CARD, once each. */
const LinkMethods = z
  .array(z.enum(["PIX", "CREDIT_CARD", "DEBIT_CARD", "CARD"], { error: "must be PIX, CREDIT_CARD, DEBIT_CARD or CARD" }), { error: "must be a list of payment methods" })
  .min(1, "must name at least one payment method")
  .transform((methods) => [...new Set(methods.map((m) => (m === "CARD" ? "CREDIT_CARD" : m)))] as Array<"PIX" | "CREDIT_CARD" | "DEBIT_CARD">)
  .openapi({ type: "array", items: { type: "string", enum: ["PIX", "CREDIT_CARD", "DEBIT_CARD", "CARD"] }, example: ["PIX", "CARD"] });

/** `checkoutConfig`: an object, or (as the spec's body sends it) a string holding one. */
const CheckoutConfig = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: "must be a JSON object (or a string holding one)" })
  .transform((value, ctx) => {
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", params: { code: "invalid_json" }, message: "must be a JSON object (the string is not valid JSON)" });
        return z.NEVER;
      }
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", params: { code: "invalid_type" }, message: "must be a JSON object" });
      return z.NEVER;
    }
    if (new TextEncoder().encode(JSON.stringify(parsed)).length > MAX_CHECKOUT_CONFIG_BYTES) {
      ctx.addIssue({ code: "custom", params: { code: "too_big" }, message: `must be at most ${MAX_CHECKOUT_CONFIG_BYTES} bytes of JSON` });
      return z.NEVER;
    }
    return parsed as Record<string, unknown>;
  })
  .openapi({ type: "object", description: "Free-form settings of the checkout (`locale`: pt-BR or en is used by the page). A JSON string holding an object is accepted too.", example: { locale: "pt-BR" } });

const Url = z.string({ error: "must be a URL" }).max(2048, "at most 2048 characters");
const Instant = z.string({ error: "must be an ISO 8601 instant" }).datetime({ offset: true, error: "must be an ISO 8601 instant, e.g. 2026-12-31T23:59:59Z" });

/** The fields a link is made of (creation); PATCH takes a subset. */
const fields = {
  name: plainText(120),
  description: plainText(500).optional(),
  amountInCents: int("must be an integer number of cents").min(0, "must not be negative").max(99_999_999_999, "at most 99,999,999,999").optional(),
  paymentMethods: LinkMethods,
  maxInstallments: int("must be an integer from 1 to 21").min(1, "must be from 1 to 21").max(21, "must be from 1 to 21").nullable().optional(),
  requireCustomerDocument: z.boolean({ error: "must be true or false" }).default(false),
  successUrl: Url.nullable().optional(),
  cancelUrl: Url.nullable().optional(),
  maxUses: int("must be an integer").min(1, "must be at least 1").max(1_000_000_000, "at most 1,000,000,000").nullable().optional(),
  expiresAt: Instant.nullable().optional(),
  checkoutConfig: CheckoutConfig.nullable().optional(),
  chargeType: z.enum(["FIXED", "CUSTOMER_CHOICE"], { error: "must be FIXED or CUSTOMER_CHOICE" }).default("FIXED"),
  quantity: int("must be an integer").min(1, "must be at least 1").max(1000, "at most 1000").default(1),
  minAmountInCents: int("must be an integer number of cents").min(1, "must be at least 1").max(99_999_999_999, "at most 99,999,999,999").nullable().optional(),
  maxAmountInCents: int("must be an integer number of cents")
    .min(1, "must be at least 1")
    .max(99_999_999_999, "at most 99,999,999,999")
    .nullable()
    .optional()
    .openapi({ description: `CUSTOMER_CHOICE: the most a buyer may pay (at least minAmountInCents). Unset: ${MAX_AMOUNT}, the most any payment may be.` }),
  checkoutSessionTtlMinutes: int("must be an integer number of minutes")
    .min(SESSION_TTL_MINUTES.min, `must be from ${SESSION_TTL_MINUTES.min} to ${SESSION_TTL_MINUTES.max} minutes`)
    .max(SESSION_TTL_MINUTES.max, `must be from ${SESSION_TTL_MINUTES.min} to ${SESSION_TTL_MINUTES.max} minutes`)
    .nullable()
    .optional(),
  checkoutSessionNeverExpires: z.boolean({ error: "must be true or false" }).default(false),
};

/** Body of POST /v1/payment-links. */
export const PaymentLinkCreateSchema = z
  .strictObject({
    ...fields,
    status: z.enum(["ACTIVE", "DRAFT"], { error: "must be ACTIVE or DRAFT" }).default("ACTIVE").openapi({ description: "DRAFT: not payable until `activate`." }),
  })
  .openapi("PaymentLinkCreate", {
    description:
      "Rules across fields (each broken one is a 422 INVALID_DATA naming the field): FIXED needs amountInCents > 0; CUSTOMER_CHOICE " +
      "needs minAmountInCents, and maxAmountInCents (only there) is at least it; a FIXED link's amountInCents × quantity is at most " +
      `${MAX_AMOUNT}; maxInstallments only with CREDIT_CARD; expiresAt in the future; successUrl and cancelUrl https ` +
      "(a test key may use http).",
  });

/** Body of PATCH /v1/payment-links/{id}: the fields sent change; the others stay. */
export const PaymentLinkUpdateSchema = z
  .strictObject({
    name: fields.name.optional(),
    description: fields.description.nullable(),
    amountInCents: fields.amountInCents,
    minAmountInCents: fields.minAmountInCents,
    maxAmountInCents: fields.maxAmountInCents,
    maxUses: fields.maxUses,
    expiresAt: fields.expiresAt,
    successUrl: fields.successUrl,
    cancelUrl: fields.cancelUrl,
    checkoutConfig: fields.checkoutConfig,
  })
  .openapi("PaymentLinkUpdate");

export type PaymentLinkCreate = z.infer<typeof PaymentLinkCreateSchema>;
export type PaymentLinkUpdate = z.infer<typeof PaymentLinkUpdateSchema>;

const Methods = z.array(z.enum(["PIX", "CREDIT_CARD", "DEBIT_CARD"]));

/** The spec's Payment link, as its owner sees it. */
export const PaymentLinkSchema = z
  .object({
    id: z.uuid(),
    sellerId: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    amountInCents: z.number().int(),
    currency: z.string().openapi({ description: "Links charge in BRL." }),
    paymentMethods: Methods,
    maxInstallments: z.number().int().nullable(),
    requireCustomerDocument: z.boolean(),
    successUrl: z.string().nullable(),
    cancelUrl: z.string().nullable(),
    publicUrl: z.string().openapi({ description: "The page a buyer opens: `{base}/pay/{id}`." }),
    status: z.enum(PAYMENT_LINK_STATUSES),
    maxUses: z.number().int().nullable(),
    currentUses: z.number().int().openapi({ description: "Paid charges of the link." }),
    reservedUses: z.number().int().openapi({ description: "Charges waiting to be paid (a PIX QR shown, a card in 3DS): each holds a use until it is paid, cancelled or expires." }),
    expiresAt: z.string().nullable(),
    checkoutConfig: z.record(z.string(), z.unknown()).nullable(),
    chargeType: z.enum(["FIXED", "CUSTOMER_CHOICE"]),
    quantity: z.number().int(),
    minAmountInCents: z.number().int().nullable(),
    maxAmountInCents: z.number().int().nullable().openapi({ description: `CUSTOMER_CHOICE: the most a buyer may pay; null: ${MAX_AMOUNT}.` }),
    checkoutSessionTtlMinutes: z.number().int().nullable(),
    checkoutSessionNeverExpires: z.boolean(),
    livemode: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("PaymentLink", { example: PAYMENT_LINK_EXAMPLE });

/** Why a link cannot be paid now. */
export const UNPAYABLE_REASONS = ["INACTIVE", "DRAFT", "EXPIRED", "SOLD_OUT"] as const;

/** What anyone (the buyer's page) may read of a link: GET /v1/payment-links/{id} without the owner's key. */
export const PaymentLinkPublicSchema = z
  .object({
    id: z.uuid(),
    merchant: z
      .object({
        name: z.string().openapi({ example: "Pão Quente", description: "The name buyers know (the fantasy name, else the legal name)." }),
        legalName: z.string().openapi({ example: "Padaria Pão Quente Ltda" }),
        documentType: z.enum(["CPF", "CNPJ"]).nullable(),
        document: z.string().nullable().openapi({
          example: "11222333000181",
          description: "Who sells, as Decreto 7.962/2013 asks a shop to show: a CNPJ in full (a company's public registration), a CPF masked; null when the seller has none on file.",
        }),
      })
      .openapi({ description: "The seller: the link's page shows its legal name and CNPJ." }),
    name: z.string(),
    description: z.string().nullable(),
    chargeType: z.enum(["FIXED", "CUSTOMER_CHOICE"]),
    amountInCents: z.number().int().openapi({ description: "FIXED: what the buyer pays (unit price × quantity). CUSTOMER_CHOICE: 0." }),
    unitAmountInCents: z.number().int(),
    quantity: z.number().int(),
    minAmountInCents: z.number().int().nullable(),
    maxAmountInCents: z.number().int().nullable().openapi({ description: `CUSTOMER_CHOICE: the most the buyer may pay; null: no maximum of the link's own (a payment is at most ${MAX_AMOUNT}).` }),
    currency: z.string(),
    paymentMethods: Methods,
    maxInstallments: z.number().int().nullable(),
    requireCustomerDocument: z.boolean(),
    status: z.enum(PAYMENT_LINK_STATUSES),
    expiresAt: z.string().nullable(),
    payable: z.boolean().openapi({ description: "Whether a checkout can be opened and paid now." }),
    unpayableReason: z.enum(UNPAYABLE_REASONS).nullable(),
    locale: z.string().nullable().openapi({ description: "`checkoutConfig.locale` when it is pt-BR or en." }),
    livemode: z.boolean(),
  })
  .openapi("PaymentLinkPublic", { example: PAYMENT_LINK_PUBLIC_EXAMPLE });

export type PaymentLink = z.infer<typeof PaymentLinkSchema>;
export type PaymentLinkPublic = z.infer<typeof PaymentLinkPublicSchema>;

/** One held use of a link: a charge of it waiting to be paid (docs/payment-links.md, "Held uses"). */
export const HeldUseSchema = z
  .object({
    transactionId: z.uuid(),
    checkoutSessionId: z.uuid().nullable(),
    paymentMethod: z.enum(["PIX", "CREDIT_CARD", "DEBIT_CARD"]),
    amount: z.number().int(),
    currency: z.string(),
    customer: z.object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      document: z.string().nullable().openapi({ description: "Always masked." }),
    }),
    createdAt: z.string(),
    expiresAt: z.string().nullable().openapi({ description: "When the use is freed unless the charge is paid first." }),
    lookedAt: z.string().nullable().openapi({
      description: "When the buyer's page or the payer's bank first read the charge; null: no one has, and it holds its use for 5 minutes only.",
    }),
    addressTag: z.string().nullable().openapi({
      description: "The same tag on two held uses: they were created from the same client address (an IPv6 address by its /64). The address itself is never stored; null when unknown.",
    }),
  })
  .openapi("HeldUse", { example: HELD_USE_EXAMPLE });

/** What releasing a held use answers: the charge, cancelled, and the link with the use back. */
export const HeldUseReleasedSchema = z
  .object({ transaction: TransactionSchema, paymentLink: PaymentLinkSchema })
  .openapi("HeldUseReleased", { example: HELD_USE_RELEASED_EXAMPLE });

export type HeldUse = z.infer<typeof HeldUseSchema>;
