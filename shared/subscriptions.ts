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

/**
 * A PIX Automático charge instruction's (`cobr`'s) life in the gateway (table
 * pix_charge_instructions; docs/subscriptions.md, "PIX Automático: charging each period"):
 * PENDING until the PSP (or the sandbox's payer's bank) has it, SCHEDULED until its attempt
 * settles, RETRYING while a retry is asked under PERMITE_3R_7D, then PAID, FAILED (every attempt
 * the policy allows failed) or CANCELLED (its invoice no longer open).
 */
export const CHARGE_INSTRUCTION_STATUSES = ["PENDING", "SCHEDULED", "RETRYING", "PAID", "FAILED", "CANCELLED"] as const;
export type ChargeInstructionStatus = (typeof CHARGE_INSTRUCTION_STATUSES)[number];

/**
 * How the sandbox's payer's bank ends the next charge instruction (test keys): PAID on its due
 * date, INSUFFICIENT_FUNDS on every attempt (no retry succeeds), or RETRIED_THEN_PAID (the first
 * attempt fails for funds, the first retry pays).
 */
export const SANDBOX_CHARGE_OUTCOMES = ["PAID", "INSUFFICIENT_FUNDS", "RETRIED_THEN_PAID"] as const;
export type SandboxChargeOutcome = (typeof SANDBOX_CHARGE_OUTCOMES)[number];
