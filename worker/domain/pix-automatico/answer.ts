/**
 * The payer's answer to a recurrence, wherever it comes from (the sandbox's routes, the PSP's
 * webhookrec read back, reconciliation, or journey 3's composite QR paid), and what it does to the
 * subscription (docs/subscriptions.md, "PIX Automático"):
 *
 * - APPROVED: event SUBSCRIPTION_AUTHORIZATION_APPROVED; with a trial the subscription is TRIALING;
 *   with its first period already paid it is ACTIVE; journey 3 is both at once (paid.ts);
 * - REJECTED or EXPIRED: INCOMPLETE → INCOMPLETE_EXPIRED (SUBSCRIPTION_AUTHORIZATION_REJECTED), its
 *   open invoice voided and its pending PIX charge cancelled, as a cancel does;
 * - CANCELLED by the payer: SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER; an ACTIVE or PAST_DUE
 *   subscription is cancelled at its period's end (what was paid runs out), any other now.
 *
 * One batch per answer, every statement under "the recurrence moved" (its fresh revision), so an
 * answer repeated or racing another moves things once.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { invoices, pixRecurrences } from "../../db/schema";
import type { PspRecurrence } from "../../lib/pix-automatico";
import type { Platform } from "../../platform";
import { newEvent, Outbox } from "../events/outbox";
import { SUBSCRIPTION_MACHINE } from "../subscriptions/machine";
import { addSubscriptionMove } from "../subscriptions/move";
import { timeOf } from "../subscriptions/paid";
import { readBillable, toSubscription, type SubscriptionRow } from "../subscriptions/store";
import { addVoidOpenInvoices } from "../subscriptions/void";
import { RECURRENCE_MACHINE, triggerTo } from "./machine";
import { readRecurrenceOf, toPixAutomatico, type RecurrenceRow } from "./store";

/** What the payer's bank said: the recurrence's new status and, for an ending, its code and who. */
export type RecurrenceAnswer = Pick<PspRecurrence, "status" | "ending">;

/**
 * Adds the recurrence's move to `answer` at `at` to `outbox` (where `when` holds). Returns the
 * recurrence after it, `moved` (SQL true exactly when it happened) and `emit`, which adds the
 * move's event carrying the subscription as it is after the batch.
 */
export function addRecurrenceMove(outbox: Outbox, platform: Platform, rec: RecurrenceRow, answer: RecurrenceAnswer, at: string, when?: SQL) {
  const rule = RECURRENCE_MACHINE.require(rec.status, triggerTo(answer.status)!);
  const revision = crypto.randomUUID();
  const ending = answer.ending;
  const changes: Partial<RecurrenceRow> = { status: rule.to, revision, updatedAt: at };
  if (rule.to === "APPROVED") changes.approvedAt = at;
  else Object.assign(changes, { endedAt: at, endingCode: ending?.code ?? null, endingDescription: ending?.description ?? null, endedBy: ending?.by ?? (rule.to === "CANCELLED" ? "PAYER" : null) });
  const next: RecurrenceRow = { ...rec, ...changes };
  const r = pixRecurrences;
  outbox.change(platform.db.update(r).set(changes).where(and(eq(r.id, rec.id), eq(r.revision, rec.revision), when)));
  const moved = sql`exists (select 1 from ${r} where ${r.id} = ${rec.id} and ${r.revision} = ${revision})`;
  const byReceiver = next.endedBy === "RECEIVER" || next.endedBy === "RECEIVER_PSP";
  const emit = (sub: SubscriptionRow) => {
    if (!rule.event || byReceiver) return;
    const details = toSubscription(sub, toPixAutomatico(next, platform.config.baseUrl, null));
    outbox.emit(newEvent({ type: rule.event, sellerId: rec.sellerId, livemode: rec.livemode, occurredAt: at, data: { details } }), moved);
  };
  return { next, moved, emit };
}

/**
 * Applies `answer` to `rec` and its subscription in one batch. False when it moves nothing (the
 * recurrence is already there, or the move lost a race). `strict`: a move the machine does not
 * allow is its 409 (the sandbox); otherwise it is ignored (a PSP's late or repeated callback).
 */
export async function applyRecurrenceAnswer(platform: Platform, rec: RecurrenceRow, answer: RecurrenceAnswer, strict = false): Promise<boolean> {
  const trigger = triggerTo(answer.status);
  if (!trigger || answer.status === rec.status) return false;
  if (!strict && !RECURRENCE_MACHINE.find(rec.status, trigger)) return false;
  const billable = await readBillable(platform.db, rec.subscriptionId);
  if (!billable) return false;
  const { sub } = billable;
  const at = await timeOf(platform, sub.testClockId);
  const outbox = new Outbox(platform);
  const { next, moved, emit } = addRecurrenceMove(outbox, platform, rec, answer, at);
  emit(await addSubscriptionEffects(outbox, platform, sub, next, at, moved));
  await outbox.commit();
  const [now] = await platform.db.select({ revision: pixRecurrences.revision }).from(pixRecurrences).where(eq(pixRecurrences.id, rec.id));
  return now?.revision === next.revision;
}

/** What the recurrence's new status does to its subscription, under `moved`; the subscription after it. */
async function addSubscriptionEffects(outbox: Outbox, platform: Platform, sub: SubscriptionRow, rec: RecurrenceRow, at: string, moved: SQL): Promise<SubscriptionRow> {
  if (rec.status === "APPROVED") {
    if (sub.status !== "INCOMPLETE") return sub;
    if (sub.trialEndAt && sub.periodsBilled === 0) return addSubscriptionMove(outbox, platform, sub, "authorize", at, {}, moved).next;
    // Its first period was paid before the approval arrived (journey 1's own charge, or journey 3's
    // cob whose callback came first): now it is ACTIVE. Unpaid, the payment's batch will move it.
    const [paid] = await platform.db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.periodIndex, 0), eq(invoices.status, "PAID"))).limit(1);
    return paid ? addSubscriptionMove(outbox, platform, sub, "pay", at, {}, moved).next : sub;
  }
  if (rec.status === "REJECTED" || rec.status === "EXPIRED") {
    if (!SUBSCRIPTION_MACHINE.find(sub.status, "expire")) return sub;
    await addVoidOpenInvoices(outbox, platform, sub, at, moved);
    return addSubscriptionMove(outbox, platform, sub, "expire", at, { nextBillingAt: null }, moved).next;
  }
  // CANCELLED. By the receiver: the seller's own cancel already moved the subscription.
  if (rec.endedBy === "RECEIVER" || rec.endedBy === "RECEIVER_PSP") return sub;
  if (sub.status === "ACTIVE" || sub.status === "PAST_DUE") {
    if (sub.cancelAtPeriodEnd) return sub;
    return addSubscriptionMove(outbox, platform, sub, "update", at, { cancelAtPeriodEnd: true, nextBillingAt: sub.currentPeriodEnd > at ? sub.currentPeriodEnd : at }, moved).next;
  }
  // INCOMPLETE or TRIALING: no paid period to run out.
  if (!SUBSCRIPTION_MACHINE.find(sub.status, "cancel")) return sub;
  await addVoidOpenInvoices(outbox, platform, sub, at, moved);
  return addSubscriptionMove(outbox, platform, sub, "cancel", at, { cancelledAt: at, nextBillingAt: null, cancelAtPeriodEnd: false }, moved).next;
}

/**
 * SQL true when `subscriptionId`'s first period may make it ACTIVE: not PIX Automático, or its
 * recurrence APPROVED (paid.ts guards the INCOMPLETE → ACTIVE move with it).
 */
export function authorizedSql(subscriptionId: string): SQL {
  const r = pixRecurrences;
  return sql`not exists (select 1 from ${r} where ${r.subscriptionId} = ${subscriptionId} and ${r.status} <> 'APPROVED')`;
}

/**
 * Journey 3 in test mode: when `chargeId` is the first charge of `sub`'s recurrence, still CREATED,
 * the addition to its payment's batch that approves the recurrence (the sandbox's composite QR
 * authorizes as it pays); null for any other charge. The subscription's move to ACTIVE is the
 * payment's (paid.ts). Live, the payer's bank may pay the cob and still decline the recurrence:
 * only the PSP's rec, read back (webhookrec, reconciliation), approves it.
 */
export async function compositeApprovalOf(platform: Platform, sub: SubscriptionRow, chargeId: string, at: string): Promise<((outbox: Outbox, paid: SQL) => void) | null> {
  if (sub.livemode) return null;
  const rec = await readRecurrenceOf(platform.db, sub.id);
  if (!rec || rec.journey !== "JORNADA_3" || rec.firstTransactionId !== chargeId || rec.status !== "CREATED") return null;
  return (outbox, paid) => {
    const { emit } = addRecurrenceMove(outbox, platform, rec, { status: "APPROVED" }, at, paid);
    emit(SUBSCRIPTION_MACHINE.find(sub.status, "pay") ? { ...sub, status: "ACTIVE", updatedAt: at } : sub);
  };
}
