/**
 * Subscriptions', invoices' and test clocks' bodies and answers (the spec's Subscription, plus
 * what the spec leaves "not shown"; docs/subscriptions.md). Shapes are checked here; the rules
 * that need the database (the plan, the buyer, the card token, the clock) are in
 * domain/subscriptions/. Every body's failure is a 422 INVALID_DATA naming the field, as the spec
 * answers a subscription's invalid data.
 */
import { z } from "@hono/zod-openapi";
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from "../../shared/subscriptions";
import { ResourceId } from "./ids";
import { INVOICE_EXAMPLE, SUBSCRIPTION_EXAMPLE, SUBSCRIPTION_SETTINGS_EXAMPLE, TEST_CLOCK_EXAMPLE } from "./examples/subscriptions";

const SubscriptionMethod = z
  .enum(["PIX", "CREDIT_CARD", "CARD"], { error: "must be PIX or CREDIT_CARD" })
  .transform((m) => (m === "CARD" ? "CREDIT_CARD" : m) as "PIX" | "CREDIT_CARD")
  .openapi({ type: "string", enum: ["PIX", "CREDIT_CARD", "CARD"], example: "CREDIT_CARD" });

const CardToken = z.string().min(1, "must not be empty").max(64, "is at most 64 characters").openapi({ example: "tok_4f1c2a9e0b7d4c3a8e6f5d2c1b0a9e8f" });

/** A date-time of the API: ISO 8601 with a zone. */
const DateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with a zone, e.g. 2027-01-31T12:00:00Z" });

export const SubscriptionCreateSchema = z
  .strictObject({
    planId: ResourceId.openapi({ example: "6f0c1f8e-2b7a-4d4e-9a51-0d2f6c7b8a90" }),
    buyerId: ResourceId.openapi({ example: "1d3c9a52-8e0f-4b6a-b2c4-7f5e9d8a6b31" }),
    paymentMethod: SubscriptionMethod,
    cardToken: CardToken.optional().openapi({ description: "CREDIT_CARD: a token of the buyer's card that paid a 3DS-authenticated payment (docs/subscriptions.md)." }),
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

export const SubscriptionSchema = z
  .object({
    id: z.uuid(),
    planId: z.uuid(),
    sellerId: z.uuid(),
    buyerId: z.uuid(),
    paymentMethod: z.enum(["PIX", "CREDIT_CARD"]),
    cardToken: z.string().nullable(),
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
      .openapi({ example: [1, 3, 7] }),
  })
  .openapi("SubscriptionSettings", { example: SUBSCRIPTION_SETTINGS_EXAMPLE });

export type SubscriptionCreate = z.infer<typeof SubscriptionCreateSchema>;
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;
export type Invoice = z.infer<typeof InvoiceSchema>;
export type TestClock = z.infer<typeof TestClockSchema>;
