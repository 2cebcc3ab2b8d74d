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
export const SUBSCRIPTION_STATUSES = ["INCOMPLETE", "INCOMPLETE_EXPIRED", "TRIALING", "ACTIVE", "PAST_DUE", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * How a subscription is paid: PIX (a charge with a due date each period, paid by hand), a card on
 * file, or PIX_AUTOMATICO (the buyer authorizes a recurrence once in their bank's app; each
 * period's charge instruction is paid by the bank on the due date).
 */
export const SUBSCRIPTION_PAYMENT_METHODS = ["PIX", "CREDIT_CARD", "PIX_AUTOMATICO"] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/**
 * A PIX Automático recurrence's statuses in the gateway's words (the BCB's CRIADA, APROVADA,
 * REJEITADA, EXPIRADA, CANCELADA; worker/connectors/bcb-pix/automatico-mapping.ts).
 */
export const RECURRENCE_STATUSES = ["CREATED", "APPROVED", "REJECTED", "EXPIRED", "CANCELLED"] as const;
/** How the buyer is asked to authorize: 1 a push to their bank, 2 a QR that only authorizes, 3 a QR that also pays the first period. */
export const AUTHORIZATION_JOURNEYS = ["JORNADA_1", "JORNADA_2", "JORNADA_3", "JORNADA_4"] as const;
/** The BCB's `periodicidade`. */
export const RECURRENCE_PERIODICITIES = ["SEMANAL", "MENSAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
/** Whether a failed charge may be retried: never, or up to 3 retries within 7 days. */
export const RECURRENCE_RETRY_POLICIES = ["NAO_PERMITE", "PERMITE_3R_7D"] as const;
/** Who ended a cancelled recurrence (encerramento.cancelamento.solicitante). */
export const RECURRENCE_CANCELLERS = ["PAYER", "PAYER_PSP", "RECEIVER", "RECEIVER_PSP"] as const;

/** An invoice's statuses. */
export const INVOICE_STATUSES = ["OPEN", "PAID", "UNCOLLECTIBLE", "VOID"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
