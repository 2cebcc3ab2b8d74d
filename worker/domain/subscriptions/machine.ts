/**
 * The subscription's lifecycle and its invoice's, each as one table (docs/subscriptions.md).
 *
 * A subscription starts INCOMPLETE (its first invoice waits for the buyer: a PIX charge, or a
 * first card charge that declined), TRIALING (a trial: nothing billed until it ends) or ACTIVE
 * (its first card charge was approved at creation). A paid invoice makes it ACTIVE
 * (SUBSCRIPTION_RENEWED); an unpaid one past its due date makes it PAST_DUE; when an invoice's
 * collection is spent, or the seller cancels, it is CANCELLED for good. Issuing a period's
 * invoice, changing its card or scheduling the cancel at period end keep the status. A
 * PIX_AUTOMATICO one is INCOMPLETE until the payer authorizes its recurrence, and
 * INCOMPLETE_EXPIRED for good when the payer rejects it or lets it expire.
 */
import type { EventType } from "../../../shared/events";
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES, type InvoiceStatus, type SubscriptionStatus } from "../../../shared/subscriptions";
import { defineStateMachine, type Move } from "../lifecycle/state-machine";

const VERBS = {
  pay: "have an invoice paid",
  fall_due: "fall past due",
  renew: "be billed for a new period",
  update: "be changed",
  cancel: "be cancelled",
  authorize: "have its PIX Automático authorized",
  expire: "end unauthorized",
} as const;
export type SubscriptionTrigger = keyof typeof VERBS;

type SubscriptionMove = Move<SubscriptionStatus, SubscriptionTrigger, EventType>;
const LIVE: SubscriptionStatus[] = ["INCOMPLETE", "TRIALING", "ACTIVE", "PAST_DUE"];
const same = (trigger: SubscriptionTrigger, from: SubscriptionStatus[]): SubscriptionMove[] => from.map((s) => ({ from: s, trigger, to: s, event: null }));

/** The subscription's machine. */
export const SUBSCRIPTION_MACHINE = defineStateMachine<SubscriptionStatus, SubscriptionTrigger, EventType>({
  resource: "subscription",
  statuses: SUBSCRIPTION_STATUSES,
  verbs: VERBS,
  moves: [
    ...LIVE.map((s): SubscriptionMove => ({ from: s, trigger: "pay", to: "ACTIVE", event: "SUBSCRIPTION_RENEWED" })),
    { from: "TRIALING", trigger: "fall_due", to: "PAST_DUE", event: "SUBSCRIPTION_PAST_DUE" },
    { from: "ACTIVE", trigger: "fall_due", to: "PAST_DUE", event: "SUBSCRIPTION_PAST_DUE" },
    ...same("renew", ["TRIALING", "ACTIVE", "PAST_DUE"]),
    ...same("update", LIVE),
    ...LIVE.map((s): SubscriptionMove => ({ from: s, trigger: "cancel", to: "CANCELLED", event: "SUBSCRIPTION_CANCELLED" })),
    // PIX Automático (domain/pix-automatico/): with a trial, the payer's approval starts it; the
    // approval's own event is written beside (answer.ts), as it also goes with a paid first period.
    { from: "INCOMPLETE", trigger: "authorize", to: "TRIALING", event: null },
    // The recurrence REJECTED or EXPIRED before it was approved: over for good, nothing billed.
    { from: "INCOMPLETE", trigger: "expire", to: "INCOMPLETE_EXPIRED", event: "SUBSCRIPTION_AUTHORIZATION_REJECTED" },
  ],
});

const INVOICE_VERBS = {
  pay: "be paid",
  attempt: "be charged",
  give_up: "be marked uncollectible",
  void: "be voided",
} as const;
export type InvoiceTrigger = keyof typeof INVOICE_VERBS;

/**
 * The invoice's machine: OPEN until paid, given up (UNCOLLECTIBLE, when its collection is spent)
 * or voided (its subscription cancelled while it was open). An attempt keeps it OPEN. Invoice
 * moves write no event of their own: the subscription's move beside them does.
 */
export const INVOICE_MACHINE = defineStateMachine<InvoiceStatus, InvoiceTrigger, EventType>({
  resource: "invoice",
  statuses: INVOICE_STATUSES,
  verbs: INVOICE_VERBS,
  moves: [
    { from: "OPEN", trigger: "pay", to: "PAID", event: null },
    { from: "OPEN", trigger: "attempt", to: "OPEN", event: null },
    { from: "OPEN", trigger: "give_up", to: "UNCOLLECTIBLE", event: null },
    { from: "OPEN", trigger: "void", to: "VOID", event: null },
  ],
});
