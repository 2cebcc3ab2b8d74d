/**
 * The closed vocabularies of subscriptions (docs/subscriptions.md): plan intervals and statuses,
 * subscription and invoice statuses. Shared by the API's schemas, its state machines and the
 * database enums.
 */

/** A plan bills every `intervalCount` of these. */
export const BILLING_INTERVALS = ["DAY", "WEEK", "MONTH", "YEAR"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/**
 * The names Brazilian gateways use, accepted as `billingInterval` and stored as the interval and
 * count they mean (BIWEEKLY is every two weeks, "quinzenal").
 */
export const INTERVAL_ALIASES: Record<string, { interval: BillingInterval; count: number }> = {
  DAILY: { interval: "DAY", count: 1 },
  WEEKLY: { interval: "WEEK", count: 1 },
  BIWEEKLY: { interval: "WEEK", count: 2 },
  MONTHLY: { interval: "MONTH", count: 1 },
  BIMONTHLY: { interval: "MONTH", count: 2 },
  QUARTERLY: { interval: "MONTH", count: 3 },
  SEMIANNUALLY: { interval: "MONTH", count: 6 },
  YEARLY: { interval: "YEAR", count: 1 },
};

/** Plans are created ACTIVE; ARCHIVED ones keep their subscriptions and take no new ones. */
export const PLAN_STATUSES = ["ACTIVE", "ARCHIVED"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** A subscription's statuses (the state table in worker/domain/subscriptions/machine.ts). */
export const SUBSCRIPTION_STATUSES = ["INCOMPLETE", "TRIALING", "ACTIVE", "PAST_DUE", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An invoice's statuses. */
export const INVOICE_STATUSES = ["OPEN", "PAID", "UNCOLLECTIBLE", "VOID"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
