/**
 * Response examples of subscription plans, subscriptions, invoices and test clocks:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */

/** SubscriptionPlan. */
export const SUBSCRIPTION_PLAN_EXAMPLE = {
  id: "dab05614-eec9-48fe-96f4-a2afdbd85119",
  name: "Plano Mensal",
  description: "Acesso a todos os cursos",
  amount: 4990,
  currency: "BRL",
  billingInterval: "MONTH",
  intervalCount: 1,
  paymentMethods: ["PIX", "CREDIT_CARD"],
  status: "ACTIVE",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  livemode: false,
  createdAt: "2026-01-18T12:00:02.000Z",
  updatedAt: "2026-01-18T12:00:02.000Z",
};

/** Subscription. */
export const SUBSCRIPTION_EXAMPLE = {
  id: "f6c35d35-e80d-404a-8c76-3786d0413b42",
  planId: "dab05614-eec9-48fe-96f4-a2afdbd85119",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  buyerId: "1d127417-bf4a-4d9d-a541-08fdb4fc8514",
  paymentMethod: "CREDIT_CARD",
  cardToken: "tok_NoJymIvRiW6t2CsGkgMDIvxFPHs5XhLB",
  pixAutomatico: null,
  status: "ACTIVE",
  livemode: false,
  nextBillingAt: "2026-04-01T12:00:00.000Z",
  currentPeriodStart: "2026-03-01T12:00:00.000Z",
  currentPeriodEnd: "2026-04-01T12:00:00.000Z",
  trialEndAt: null,
  cancelAtPeriodEnd: false,
  cancelledAt: null,
  latestInvoiceId: "e3c05b53-b37e-442e-bb59-b30e12b0eb58",
  testClockId: "a3962bdf-c278-47e0-b12f-3aca25325a7d",
  createdAt: "2026-02-01T12:00:00.000Z",
  updatedAt: "2026-03-01T12:00:00.000Z",
};

/** SubscriptionSettings. */
export const SUBSCRIPTION_SETTINGS_EXAMPLE = { cardRetryDays: [1, 3, 7], pixRetryPolicy: "PERMITE_3R_7D", pixChargeLeadDays: 3 };

/** Invoice. */
export const INVOICE_EXAMPLE = {
  id: "e3c05b53-b37e-442e-bb59-b30e12b0eb58",
  subscriptionId: "f6c35d35-e80d-404a-8c76-3786d0413b42",
  periodStart: "2026-03-01T12:00:00.000Z",
  periodEnd: "2026-04-01T12:00:00.000Z",
  amount: 4990,
  currency: "BRL",
  status: "PAID",
  attemptCount: 1,
  nextAttemptAt: null,
  transactionId: "cefb4d09-ca56-41f7-950b-8ee6146a476f",
  dueAt: "2026-03-01T12:00:00.000Z",
  paidAt: "2026-03-01T12:00:00.000Z",
  createdAt: "2026-03-01T12:00:00.000Z",
};

/** TestClock. */
export const TEST_CLOCK_EXAMPLE = {
  id: "a3962bdf-c278-47e0-b12f-3aca25325a7d",
  name: null,
  frozenTime: "2026-02-01T12:00:00.000Z",
  status: "READY",
  createdAt: "2026-01-18T12:00:02.000Z",
  updatedAt: "2026-01-18T12:00:02.000Z",
};
