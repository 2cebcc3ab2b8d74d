/**
 * Subscriptions', invoices' and test clocks' bodies and answers (the spec's Subscription, plus
 * what the spec leaves "not shown"; docs/subscriptions.md). Shapes are checked here; the rules
 * that need the database (the plan, the buyer, the card token, the clock) are in
 * domain/subscriptions/. Every body's failure is a 422 INVALID_DATA naming the field, as the spec
 * answers a subscription's invalid data.
 */
import { z } from "@hono/zod-openapi";
import { AUTHORIZATION_JOURNEYS, INVOICE_STATUSES, RECURRENCE_CANCELLERS, RECURRENCE_PERIODICITIES, RECURRENCE_RETRY_POLICIES, RECURRENCE_STATUSES, SUBSCRIPTION_PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from "../../shared/subscriptions";
import { ResourceId } from "./ids";
import { INVOICE_EXAMPLE, SUBSCRIPTION_EXAMPLE, SUBSCRIPTION_SETTINGS_EXAMPLE, TEST_CLOCK_EXAMPLE } from "./examples/subscriptions";

const SubscriptionMethod = z
  .enum(["PIX", "CREDIT_CARD", "CARD"], { error: "must be PIX or CREDIT_CARD" })
  .transform((m) => (m === "CARD" ? "CREDIT_CARD" : m) as "PIX" | "CREDIT_CARD")
  .openapi({ type: "string", enum: ["PIX", "CREDIT_CARD", "CARD"], example: "CREDIT_CARD" });

/** A new subscription may also be PIX_AUTOMATICO (a plan taking PIX takes it); a PATCH cannot move to it (it needs the payer's authorization). */
const CreateMethod = z
  .enum(["PIX", "CREDIT_CARD", "CARD", "PIX_AUTOMATICO"], { error: "must be PIX, CREDIT_CARD or PIX_AUTOMATICO" })
  .transform((m) => (m === "CARD" ? "CREDIT_CARD" : m) as "PIX" | "CREDIT_CARD" | "PIX_AUTOMATICO")
  .openapi({ type: "string", enum: ["PIX", "CREDIT_CARD", "CARD", "PIX_AUTOMATICO"], example: "PIX_AUTOMATICO" });

/** Journey 1: the payer's account, to which the authorization is pushed (`POST /solicrec`). */
export const PayerAccountSchema = z
  .strictObject({
    document: z.string({ error: "must be the account holder's CPF or CNPJ" }).regex(/^(\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Za-z]{12}\d{2}|[0-9A-Za-z]{2}\.[0-9A-Za-z]{3}\.[0-9A-Za-z]{3}\/[0-9A-Za-z]{4}-\d{2})$/, "must be a CPF (11 digits) or a CNPJ (14 characters)"),
    ispb: z.string({ error: "must be the bank's ISPB" }).regex(/^[0-9A-Z]{8}$/, "must be the bank's ISPB: 8 digits or capital letters"),
    branch: z.string().regex(/^\d{1,4}$/, "must be 1 to 4 digits").optional(),
    number: z.string({ error: "must be the account number" }).regex(/^[0-9A-Za-z-]{1,20}$/, "must be 1 to 20 digits, letters or dashes"),
  })
  .openapi("PayerAccount", { description: "PIX_AUTOMATICO journey 1: the payer's account (CPF/CNPJ, ISPB, branch, account); the authorization is pushed to their bank's app." });

const CardToken = z.string().min(1, "must not be empty").max(64, "is at most 64 characters").openapi({ example: "tok_4f1c2a9e0b7d4c3a8e6f5d2c1b0a9e8f" });

/** A date-time of the API: ISO 8601 with a zone. */
const DateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with a zone, e.g. 2027-01-31T12:00:00Z" });

export const SubscriptionCreateSchema = z
  .strictObject({
    planId: ResourceId.openapi({ example: "6f0c1f8e-2b7a-4d4e-9a51-0d2f6c7b8a90" }),
    buyerId: ResourceId.openapi({ example: "1d3c9a52-8e0f-4b6a-b2c4-7f5e9d8a6b31" }),
    paymentMethod: CreateMethod,
    cardToken: CardToken.optional().openapi({ description: "CREDIT_CARD: a token of the buyer's card that paid a 3DS-authenticated payment (docs/subscriptions.md)." }),
    payerAccount: PayerAccountSchema.optional(),
    trialDays: z.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(0, "must be 0 to 730").max(730, "must be 0 to 730").optional(),
    testClockId: ResourceId.optional().openapi({ description: "Test keys only: the test clock the subscription lives on." }),
  })
  .openapi("SubscriptionCreate");

export const SubscriptionUpdateSchema = z
  .strictObject({
    paymentMethod: SubscriptionMethod.optional(),
    cardToken: CardToken.optional(),
  })
  .openapi("SubscriptionUpdate");

export const SubscriptionCancelSchema = z
  .strictObject({
    atPeriodEnd: z.boolean({ error: "must be true or false" }).optional().openapi({ description: "true: stays ACTIVE until the current period ends, then CANCELLED with no further invoice." }),
  })
  .openapi("SubscriptionCancel");

/** A PIX_AUTOMATICO subscription's recurrence, as the API shows it (docs/subscriptions.md, "PIX Automático"). */
export const PixAutomaticoSchema = z
  .object({
    recurrenceId: z.string().nullable().openapi({ description: "The recurrence's idRec (the PSP's, or the sandbox's in test mode)." }),
    status: z.enum(RECURRENCE_STATUSES),
    journey: z.enum(AUTHORIZATION_JOURNEYS),
    periodicity: z.enum(RECURRENCE_PERIODICITIES),
    retryPolicy: z.enum(RECURRENCE_RETRY_POLICIES),
    contract: z.string(),
    object: z.string().nullable(),
    brCode: z.string().nullable().openapi({ description: "Journeys 2 and 3 while CREATED: the BR Code the buyer scans (journey 3: it also pays the first period)." }),
    qrCodeUrl: z.string().nullable().openapi({ description: "Journey 3: the QR image of that BR Code (the first charge's)." }),
    firstTransactionId: z.uuid().nullable().openapi({ description: "Journeys 3 and 1 without a trial: the first period's PIX charge." }),
    approvedAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    ending: z.object({ code: z.string().nullable(), description: z.string().nullable(), by: z.enum(RECURRENCE_CANCELLERS).nullable() }).nullable(),
  })
  .openapi("PixAutomatico");

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    planId: z.uuid(),
    sellerId: z.uuid(),
    buyerId: z.uuid(),
    paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
    cardToken: z.string().nullable(),
    pixAutomatico: PixAutomaticoSchema.nullable().openapi({ description: "PIX_AUTOMATICO: the payer's recurrence (its id, status, journey and the QR to scan); null for other methods." }),
    status: z.enum(SUBSCRIPTION_STATUSES),
    livemode: z.boolean(),
    nextBillingAt: z.string().nullable().openapi({ description: "When the next invoice is issued (a PIX one a few days before its due date); null once cancelled." }),
    currentPeriodStart: z.string().openapi({ description: "The period of the latest invoice (or the trial)." }),
    currentPeriodEnd: z.string(),
    trialEndAt: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    cancelledAt: z.string().nullable(),
    latestInvoiceId: z.uuid().nullable(),
    testClockId: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Subscription", { example: SUBSCRIPTION_EXAMPLE });

export const InvoiceSchema = z
  .object({
    id: z.uuid(),
    subscriptionId: z.uuid(),
    periodStart: z.string(),
    periodEnd: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(INVOICE_STATUSES),
    attemptCount: z.number().int(),
    nextAttemptAt: z.string().nullable().openapi({ description: "OPEN: when collection next acts on it (a card retry, a PIX invoice's due date or the end of its grace)." }),
    transactionId: z.uuid().nullable().openapi({ description: "The latest charge: an ordinary Transaction naming this invoice." }),
    dueAt: z.string(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Invoice", { example: INVOICE_EXAMPLE });

export const TestClockCreateSchema = z
  .strictObject({
    frozenTime: DateTime.openapi({ example: "2027-01-31T12:00:00Z" }),
    name: z.string().max(100, "is at most 100 characters").optional(),
  })
  .openapi("TestClockCreate");

export const TestClockAdvanceSchema = z.strictObject({ frozenTime: DateTime.openapi({ example: "2027-03-01T12:00:00Z" }) }).openapi("TestClockAdvance");

export const TestClockSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    frozenTime: z.string(),
    status: z.enum(["READY", "ADVANCING"]),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("TestClock", { example: TEST_CLOCK_EXAMPLE });

export const SubscriptionSettingsSchema = z
  .strictObject({
    cardRetryDays: z
      .array(z.number({ error: "must be whole days" }).int("must be whole days").min(1, "must be 1 to 14 days after the due date").max(14, "must be 1 to 14 days after the due date"), { error: "must be a list of days" })
      .min(2, "must name at least 2 retries (3 attempts in all)")
      .max(6, "names at most 6 retries")
      .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), { message: "must be increasing", params: { code: "invalid_value" } })
      .openapi({ example: [1, 3, 7] })
      .optional(),
    pixRetryPolicy: z.enum(RECURRENCE_RETRY_POLICIES, { error: "must be NAO_PERMITE or PERMITE_3R_7D" }).optional().openapi({ description: "PIX Automático: whether a failed charge is retried (PERMITE_3R_7D: up to 3 times in 7 days). Default PERMITE_3R_7D; new recurrences take it." }),
    pixChargeLeadDays: z
      .number({ error: "must be whole days" })
      .int("must be whole days")
      .min(2, "must be 2 to 10 days before the due date")
      .max(10, "must be 2 to 10 days before the due date")
      .optional()
      .openapi({ description: "PIX Automático: days before the due date each charge instruction is sent (the BCB's window: 2 to 10). Default 3." }),
  })
  .openapi("SubscriptionSettings", { example: SUBSCRIPTION_SETTINGS_EXAMPLE });

export type PixAutomatico = z.infer<typeof PixAutomaticoSchema>;
export type SubscriptionCreate = z.infer<typeof SubscriptionCreateSchema>;
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
export type TestClock = z.infer<typeof TestClockSchema>;
