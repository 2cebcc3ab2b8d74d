/**
 * PIX Automático test support, until issue 32's creation API (Engineer A's branch) merges:
 * `approvedPixAutomaticoSubscription` writes, straight into the database, what that API and the
 * buyer's approval leave behind: an ACTIVE PIX_AUTOMATICO subscription, its recurrence APPROVED
 * (an idRec of the document's shape) and its first invoice PAID. The lead switches it to the API
 * afterwards. Works over any drizzle Db (Node's in-memory one, or workerd's over libSQL HTTP).
 */
import type { Db } from "../../worker/db/client";
import { invoices, pixRecurrences, subscriptions } from "../../worker/db/schema";
import { period } from "../../worker/domain/subscriptions/calendar";
import { billingAtOf, cadenceOf, pixAutomaticoSettingsOf } from "../../worker/domain/subscriptions/rules";

export interface ApprovedPixAutomaticoInput {
  sellerId: string;
  buyerId: string;
  /** The plan as the API answered it (its interval, count and amount). */
  plan: { id: string; amount: number; currency?: string; billingInterval: "DAY" | "WEEK" | "MONTH" | "YEAR"; intervalCount: number };
  /** Its creation time: the clock's frozen time, or now. */
  at: string;
  testClockId?: string | null;
  livemode?: boolean;
  retryPolicy?: "PERMITE_3R_7D" | "NAO_PERMITE";
  /** The recurrence's idRec (live: the PSP's); default a sandbox one. */
  pspRecurrenceId?: string;
}

/** A sandbox idRec: R, the policy's letter, ISPB 99999999, the date and 11 letters and digits (29 in all). */
export function sandboxRecId(policy: string, at: string): string {
  const tail = crypto.randomUUID().replace(/-/g, "").slice(0, 11);
  return `R${policy === "NAO_PERMITE" ? "N" : "R"}99999999${at.slice(0, 10).replace(/-/g, "")}${tail}`;
}

/** Writes an approved PIX Automático subscription; its id and first invoice's. */
export async function approvedPixAutomaticoSubscription(db: Db, input: ApprovedPixAutomaticoInput): Promise<{ subscriptionId: string; recurrenceId: string; firstInvoiceId: string; pspRecurrenceId: string }> {
  const { sellerId, plan, at } = input;
  const livemode = input.livemode ?? false;
  const policy = input.retryPolicy ?? "PERMITE_3R_7D";
  const id = crypto.randomUUID();
  const invoiceId = crypto.randomUUID();
  const first = period(at, cadenceOf(plan), 0);
  const base = { billingAnchor: at, createdAt: at };
  const leadDays = (await pixAutomaticoSettingsOf(db, sellerId, livemode)).chargeLeadDays;
  await db.insert(subscriptions).values({
    id, sellerId, livemode, planId: plan.id, buyerId: input.buyerId, paymentMethod: "PIX_AUTOMATICO", cardToken: null, status: "ACTIVE",
    billingAnchor: at, periodsBilled: 1, currentPeriodStart: first.start, currentPeriodEnd: first.end, nextBillingAt: billingAtOf(base, plan, 1, "PIX_AUTOMATICO", leadDays),
    trialEndAt: null, cancelAtPeriodEnd: false, cancelledAt: null, latestInvoiceId: invoiceId, testClockId: input.testClockId ?? null, idempotencyKey: null,
    revision: crypto.randomUUID(), createdAt: at, updatedAt: at,
  });
  await db.insert(invoices).values({
    id: invoiceId, subscriptionId: id, sellerId, livemode, periodIndex: 0, periodStart: first.start, periodEnd: first.end, amount: plan.amount, currency: plan.currency ?? "BRL",
    status: "PAID", attemptCount: 1, nextAttemptAt: null, claimedUntil: null, transactionId: crypto.randomUUID(), dueAt: at, paidAt: at, testClockId: input.testClockId ?? null, createdAt: at, updatedAt: at,
  });
  const recurrenceId = crypto.randomUUID();
  const pspRecurrenceId = input.pspRecurrenceId ?? sandboxRecId(policy, at);
  await db.insert(pixRecurrences).values({
    id: recurrenceId, subscriptionId: id, sellerId, livemode, pspRecurrenceId, status: "APPROVED", journey: "JORNADA_3", periodicity: "MENSAL", retryPolicy: policy,
    contract: id.replace(/-/g, "").slice(0, 35), object: "Plano", locationId: null, firstTransactionId: null, endingCode: null, endingDescription: null, endedBy: null,
    approvedAt: at, endedAt: null, sandboxNextChargeOutcome: null, revision: crypto.randomUUID(), createdAt: at, updatedAt: at,
  });
  return { subscriptionId: id, recurrenceId, firstInvoiceId: invoiceId, pspRecurrenceId };
}
