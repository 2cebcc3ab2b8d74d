/**
 * A PIX Automático recurrence's lifecycle (the BCB's rec: CRIADA → APROVADA, REJEITADA, EXPIRADA;
 * APROVADA → CANCELADA), in the gateway's words. The payer's bank decides every move: in live
 * mode the PSP reports it (webhookrec, reconciliation), in test mode the sandbox routes play it
 * (`/v1/sandbox/pix-automatico/{id}/approve | reject | cancel`), refused with 409 from a status
 * the move does not leave. Approval and cancellation write their event here (answer.ts emits it
 * with the subscription); a rejection's is the subscription's move to INCOMPLETE_EXPIRED.
 */
import type { EventType } from "../../../shared/events";
import { RECURRENCE_STATUSES } from "../../../shared/subscriptions";
import type { RecurrenceStatus } from "../../lib/pix-automatico";
import { defineStateMachine } from "../lifecycle/state-machine";

const VERBS = {
  approve: "be approved by the payer",
  reject: "be rejected by the payer",
  expire: "expire unanswered",
  cancel: "be cancelled",
} as const;
export type RecurrenceTrigger = keyof typeof VERBS;

/** The recurrence's machine. */
export const RECURRENCE_MACHINE = defineStateMachine<RecurrenceStatus, RecurrenceTrigger, EventType>({
  resource: "PIX Automático recurrence",
  statuses: RECURRENCE_STATUSES,
  verbs: VERBS,
  moves: [
    { from: "CREATED", trigger: "approve", to: "APPROVED", event: "SUBSCRIPTION_AUTHORIZATION_APPROVED" },
    // Rejected or expired: the subscription's own move (INCOMPLETE → INCOMPLETE_EXPIRED) writes the event.
    { from: "CREATED", trigger: "reject", to: "REJECTED", event: null },
    { from: "CREATED", trigger: "expire", to: "EXPIRED", event: null },
    // A payer may cancel an authorization they have not answered yet, too (the BCB allows it).
    { from: "CREATED", trigger: "cancel", to: "CANCELLED", event: "SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER" },
    { from: "APPROVED", trigger: "cancel", to: "CANCELLED", event: "SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER" },
  ],
});

/** The trigger that leads to `status` (the PSP reports statuses, not moves); null for CREATED. */
export function triggerTo(status: RecurrenceStatus): RecurrenceTrigger | null {
  return ({ CREATED: null, APPROVED: "approve", REJECTED: "reject", EXPIRED: "expire", CANCELLED: "cancel" } as const)[status];
}
