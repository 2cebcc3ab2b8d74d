/**
 * Subscription plans' bodies and answers (docs/subscriptions.md, "Plans"). The shapes are checked
 * here; the rules across fields (an alias fixes its count, the whole interval is at most a year,
 * `amount` or its alias `amountInCents`) are in domain/subscription-plans/rules.ts. Every failure
 * is a 422 INVALID_DATA naming the field.
 */
import { z } from "@hono/zod-openapi";
import { BILLING_INTERVALS, INTERVAL_ALIASES, PLAN_STATUSES } from "../../shared/subscriptions";
import { plainText } from "./text";
import { SUBSCRIPTION_PLAN_EXAMPLE } from "./examples/subscriptions";

/** What `billingInterval` accepts: an interval, or a name Brazilian gateways use for one. */
export const INTERVAL_NAMES = [...BILLING_INTERVALS, ...Object.keys(INTERVAL_ALIASES)] as [string, ...string[]];

/** The largest amount a plan bills per period, in minor units. */
const MAX_AMOUNT = 99_999_999_999;

const int = (message: string) => z.number({ error: message }).int(message);
const Amount = int("must be an integer number of cents").min(1, "must be greater than 0").max(MAX_AMOUNT, "at most 99,999,999,999");

/** `paymentMethods`: CARD is the spec's alias of CREDIT_CARD; stored and answered as CREDIT_CARD, once each. */
const PlanMethods = z
  .array(z.enum(["PIX", "CREDIT_CARD", "CARD"], { error: "must be PIX, CREDIT_CARD or CARD" }), { error: "must be a list of payment methods" })
  .min(1, "must name at least one payment method")
  .transform((methods) => [...new Set(methods.map((m) => (m === "CARD" ? "CREDIT_CARD" : m)))] as Array<"PIX" | "CREDIT_CARD">)
  .openapi({ type: "array", items: { type: "string", enum: ["PIX", "CREDIT_CARD", "CARD"] }, example: ["PIX", "CREDIT_CARD"] });

/** Body of POST /v1/subscriptions/plans. */
export const PlanCreateSchema = z
  .strictObject({
    name: plainText(120),
    description: plainText(500).nullable().optional(),
    amount: Amount.optional().openapi({ description: "What each period bills, in the currency's minor unit (cents). Required unless `amountInCents` is sent." }),
    amountInCents: Amount.optional().openapi({ description: "Alias of `amount` (as payment links name it); send one of the two." }),
    currency: z
      .string({ error: "must be a currency code" })
      .regex(/^[A-Z]{3}$/, "must be three upper-case letters, an ISO 4217 code such as BRL")
      .default("BRL"),
    billingInterval: z.enum(INTERVAL_NAMES, { error: `must be one of ${INTERVAL_NAMES.join(", ")}` }).openapi({
      description: "DAY, WEEK, MONTH or YEAR (with `intervalCount`), or an alias: DAILY, WEEKLY, BIWEEKLY, MONTHLY, BIMONTHLY, QUARTERLY, SEMIANNUALLY, YEARLY. Answered as the interval it means.",
    }),
    intervalCount: int("must be an integer")
      .min(1, "must be at least 1")
      .max(365, "at most 365")
      .optional()
      .openapi({ description: "Bill every this many intervals (default 1; an alias fixes it). The whole period is at most a year: DAY ≤ 365, WEEK ≤ 52, MONTH ≤ 12, YEAR = 1." }),
    paymentMethods: PlanMethods,
  })
  .openapi("SubscriptionPlanCreate", {
    description:
      "Rules across fields (each broken one is a 422 INVALID_DATA naming the field): `amount` or `amountInCents`, not both; an alias's " +
      "`intervalCount` is the alias's own (WEEKLY 1, BIWEEKLY 2, QUARTERLY 3…); the period is at most a year.",
  });

export type PlanCreate = z.infer<typeof PlanCreateSchema>;

/** A subscription plan: what a subscription bills, how often and by which methods. */
export const PlanSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    amount: z.number().int().openapi({ description: "Billed each period, in the currency's minor unit." }),
    currency: z.string(),
    billingInterval: z.enum(BILLING_INTERVALS).openapi({ description: "Always the interval itself (an alias sent at creation is answered as the interval it means)." }),
    intervalCount: z.number().int(),
    paymentMethods: z.array(z.enum(["PIX", "CREDIT_CARD"])),
    status: z.enum(PLAN_STATUSES).openapi({ description: "ACTIVE, or ARCHIVED: existing subscriptions go on, new ones are refused." }),
    sellerId: z.uuid(),
    livemode: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("SubscriptionPlan", { example: SUBSCRIPTION_PLAN_EXAMPLE });

export type Plan = z.infer<typeof PlanSchema>;
