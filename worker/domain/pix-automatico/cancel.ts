/**
 * The seller cancels a PIX_AUTOMATICO subscription now: its recurrence is cancelled too, by the
 * receiver, so the payer's bank stops showing an authorization nothing will use (live: `PATCH
 * /rec/{id}` CANCELADA at the PSP; test: the sandbox's record). After the subscription's own batch,
 * best effort: a PSP that cannot be reached leaves the recurrence as it was, logged, and nothing
 * bills a CANCELLED subscription anyway. No event: the subscription's SUBSCRIPTION_CANCELLED says it.
 */
import type { Platform } from "../../platform";
import { applyRecurrenceAnswer } from "./answer";
import { RECURRENCE_MACHINE } from "./machine";
import { readRecurrenceOf } from "./store";

/** What the recurrence's ending says when the seller cancelled it. */
export const CANCELLED_BY_SELLER = { code: "ACCL", description: "Recorrência cancelada pelo recebedor (assinatura cancelada pelo vendedor).", by: "RECEIVER" } as const;

/** Cancels the recurrence of subscription `subscriptionId`, if it has one still open. */
export async function cancelRecurrenceOf(platform: Platform, subscriptionId: string): Promise<void> {
  const rec = await readRecurrenceOf(platform.db, subscriptionId);
  if (!rec || !RECURRENCE_MACHINE.find(rec.status, "cancel")) return;
  const psp = rec.livemode ? platform.acquirers.live?.pixAutomatico : undefined;
  if (psp && rec.pspRecurrenceId) {
    try {
      await psp.cancelRecurrence(rec.pspRecurrenceId);
    } catch (error) {
      platform.log({ msg: "pix_automatico.cancel_failed", level: "warn", recurrenceId: rec.pspRecurrenceId, subscriptionId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
  }
  await applyRecurrenceAnswer(platform, rec, { status: "CANCELLED", ending: { ...CANCELLED_BY_SELLER } });
}
