/**
 * Ending a recurrence the gateway gives up on: the seller cancelled its subscription now, or its
 * journey 3 charge went unpaid through its grace. The payer's bank must stop offering an
 * authorization nothing will use (live: `PATCH /rec/{id}` CANCELADA at the PSP; test: the
 * sandbox's record). After the subscription's own batch, best effort: a PSP that cannot be reached
 * leaves the recurrence as it was, logged, and nothing bills an ended subscription anyway. No event
 * of the recurrence's: the subscription's move says it.
 */
import type { Platform } from "../../platform";
import { applyRecurrenceAnswer, type RecurrenceAnswer } from "./answer";
import { RECURRENCE_MACHINE, triggerTo } from "./machine";
import { readRecurrenceOf } from "./store";

/** What the recurrence's ending says when the seller cancelled it. */
export const CANCELLED_BY_SELLER = { code: "ACCL", description: "Recorrência cancelada pelo recebedor (assinatura cancelada pelo vendedor).", by: "RECEIVER" } as const;

/** Cancels the recurrence of subscription `subscriptionId`, if it has one still open. */
export async function cancelRecurrenceOf(platform: Platform, subscriptionId: string): Promise<void> {
  await endRecurrence(platform, subscriptionId, { status: "CANCELLED", ending: { ...CANCELLED_BY_SELLER } });
}

/**
 * Journey 3's first charge went unpaid through its grace (collect.ts made the subscription
 * INCOMPLETE_EXPIRED): its recurrence, still CREATED, is EXPIRED here; at a PSP it is withdrawn
 * first (`PATCH /rec/{id}` CANCELADA), so the payer can no longer approve what nothing will bill.
 */
export async function expireUnanswered(platform: Platform, subscriptionId: string): Promise<void> {
  await endRecurrence(platform, subscriptionId, { status: "EXPIRED" });
}

async function endRecurrence(platform: Platform, subscriptionId: string, answer: RecurrenceAnswer): Promise<void> {
  const rec = await readRecurrenceOf(platform.db, subscriptionId);
  if (!rec || !RECURRENCE_MACHINE.find(rec.status, triggerTo(answer.status)!)) return;
  const psp = rec.livemode ? platform.acquirers.live?.pixAutomatico?.psp : undefined;
  if (psp && rec.pspRecurrenceId) {
    try {
      await psp.cancelRecurrence(rec.pspRecurrenceId);
    } catch (error) {
      platform.log({ msg: "pix_automatico.cancel_failed", level: "warn", recurrenceId: rec.pspRecurrenceId, subscriptionId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
  }
  await applyRecurrenceAnswer(platform, rec, answer);
}
