/**
 * Test mode's payer's bank for PIX Automático (`POST /v1/sandbox/pix-automatico/{id}/approve |
 * reject | cancel`): the answers a real payer gives in their bank's app, applied as the PSP's
 * webhookrec would report them (answer.ts). Approving journey 3 pays its composite QR: the first
 * charge is paid (as `/v1/sandbox/transactions/{id}/pay` would) and that payment approves.
 * Another seller's subscription, or the other mode's, is a 404; a move the recurrence's status
 * does not allow is the state machine's 409.
 */
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Subscription } from "../../schemas/subscription";
import { sandboxEndToEndId } from "../pix/sandbox-end-to-end-id";
import type { Scope } from "../scope";
import { readSubscription, toSubscription } from "../subscriptions/store";
import { payTransaction } from "../transactions/pay-transaction";
import { applyRecurrenceAnswer, type RecurrenceAnswer } from "./answer";
import { RECURRENCE_MACHINE } from "./machine";
import { readRecurrenceOf, withPixAutomatico } from "./store";

/** What the sandbox's payer can do. */
export type SandboxPayerAction = "approve" | "reject" | "cancel";

/** The BCB's codes the sandbox's answers carry (the ones a payer's PSP sends for the same). */
const ANSWERS: Record<SandboxPayerAction, RecurrenceAnswer> = {
  approve: { status: "APPROVED" },
  reject: { status: "REJECTED", ending: { code: "AP13", description: "Recorrência rejeitada pelo usuário pagador (sandbox)." } },
  cancel: { status: "CANCELLED", ending: { code: "SLDB", description: "Recorrência cancelada pelo usuário pagador (sandbox).", by: "PAYER" } },
};

/** Plays the payer's `action` on the recurrence of the scope's subscription `id`; the subscription after it. */
export async function sandboxPayerAnswer(platform: Platform, scope: Scope, id: string, action: SandboxPayerAction): Promise<Subscription> {
  const sub = await readSubscription(platform.db, scope, id);
  if (!sub) throw notFound("subscription", id);
  const rec = await readRecurrenceOf(platform.db, sub.id);
  if (!rec) throw notFound("PIX Automático recurrence of subscription", id);
  RECURRENCE_MACHINE.require(rec.status, action);
  if (action === "approve" && rec.journey === "JORNADA_3" && rec.firstTransactionId) {
    await payTransaction(platform, scope, rec.firstTransactionId, { endToEndId: sandboxEndToEndId(platform.now()) });
  } else {
    await applyRecurrenceAnswer(platform, rec, ANSWERS[action], true);
  }
  const [view] = await withPixAutomatico(platform.db, platform.config.baseUrl, [toSubscription((await readSubscription(platform.db, scope, id))!)]);
  return view!;
}
