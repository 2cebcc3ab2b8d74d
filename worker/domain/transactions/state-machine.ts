/**
 * The transaction state machine: the one table of every allowed move. Each operation names its
 * trigger and asks this table where it leads and which event it writes; nothing else decides a
 * transaction's next status. A pair not in the table is refused (409 INVALID_STATE_TRANSITION).
 *
 * The spec's rows (PENDING → PAID, PENDING → CANCELLED, PAID → REFUNDED) are here; the rows the
 * spec leaves open are our decisions (docs/transactions.md): a PIX whose QR code expires is
 * cancelled; a refund request moves PAID to REFUND_PENDING until the acquirer concludes it; a
 * concluded refund that leaves money unrefunded (partial, or failed) returns the transaction to
 * PAID with the refund in its history. PIX never fails, it expires; a card declined at confirm
 * goes PENDING → FAILED. A card sale sent with its 3DS result is created directly as PAID (with
 * its TRANSACTION_PAID event) or FAILED (create-card-transaction.ts).
 */
import { TRANSACTION_STATUSES, type TransactionStatus } from "../../db/schema";
import { defineStateMachine, type Move } from "../lifecycle/state-machine";
import type { EventType } from "../../../shared/events";

/** What can happen to a transaction, and how each reads in an error ("… can be paid"). */
const VERBS = {
  pay: "be paid",
  decline: "be declined",
  cancel: "be cancelled",
  expire: "expire",
  request_refund: "be refunded",
  refund_completed_in_full: "conclude a refund",
  refund_completed_partially: "conclude a refund",
  refund_completed_others_pending: "conclude a refund",
  refund_failed: "conclude a refund",
  refund_failed_others_pending: "conclude a refund",
} as const;
export type Trigger = keyof typeof VERBS;

/** One allowed move. */
export type Transition = Move<TransactionStatus, Trigger, EventType>;

/** The transaction's lifecycle: every allowed move, from-status × trigger → to-status (+ event). */
export const TRANSACTION_MACHINE = defineStateMachine<TransactionStatus, Trigger, EventType>({
  resource: "transaction",
  statuses: TRANSACTION_STATUSES,
  verbs: VERBS,
  moves: [
    { from: "PENDING", trigger: "pay", to: "PAID", event: "TRANSACTION_PAID" },
    // A card the acquirer declines (or whose 3DS failed) at confirm: the spec has no event for it.
    { from: "PENDING", trigger: "decline", to: "FAILED", event: null },
    { from: "PENDING", trigger: "cancel", to: "CANCELLED", event: "TRANSACTION_CANCELLED" },
    { from: "PENDING", trigger: "expire", to: "CANCELLED", event: "TRANSACTION_CANCELLED" },
    // A request is not a concluded refund: the spec has no event for it, the conclusion has one.
    { from: "PAID", trigger: "request_refund", to: "REFUND_PENDING", event: null },
    { from: "REFUND_PENDING", trigger: "request_refund", to: "REFUND_PENDING", event: null },
    { from: "REFUND_PENDING", trigger: "refund_completed_in_full", to: "REFUNDED", event: "TRANSACTION_REFUNDED" },
    { from: "REFUND_PENDING", trigger: "refund_completed_partially", to: "PAID", event: "TRANSACTION_PARTIALLY_REFUNDED" },
    { from: "REFUND_PENDING", trigger: "refund_completed_others_pending", to: "REFUND_PENDING", event: "TRANSACTION_PARTIALLY_REFUNDED" },
    { from: "REFUND_PENDING", trigger: "refund_failed", to: "PAID", event: "TRANSACTION_REFUND_FAILED" },
    { from: "REFUND_PENDING", trigger: "refund_failed_others_pending", to: "REFUND_PENDING", event: "TRANSACTION_REFUND_FAILED" },
  ],
});

/** What can happen to a transaction. */
export const TRIGGERS = TRANSACTION_MACHINE.triggers;
/** Every allowed move. */
export const TRANSITIONS: readonly Transition[] = TRANSACTION_MACHINE.moves;
/** The move for (from, trigger), or null when the table has none. */
export const findTransition = TRANSACTION_MACHINE.find;
/** The statuses a trigger may start from. */
export const statusesAllowing = TRANSACTION_MACHINE.statusesAllowing;
/** The move for (from, trigger); a 409 naming the current status when there is none. */
export const requireTransition = TRANSACTION_MACHINE.require;

/**
 * The trigger for a refund's conclusion, from what the refunds look like once it is concluded:
 * still others pending, everything refunded, or money left unrefunded.
 */
export function refundConclusionTrigger(
  outcome: "COMPLETED" | "FAILED",
  othersPending: number,
  refundedTotal: number,
  amount: number,
): Trigger {
  if (outcome === "FAILED") return othersPending > 0 ? "refund_failed_others_pending" : "refund_failed";
  if (othersPending > 0) return "refund_completed_others_pending";
  return refundedTotal >= amount ? "refund_completed_in_full" : "refund_completed_partially";
}
