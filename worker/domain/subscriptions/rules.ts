/**
 * The numbers of billing (docs/subscriptions.md), in one place: when an invoice is issued, how
 * long a PIX invoice stays payable, when a declined card is tried again, and the bounds of a
 * new subscription.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptionSettings } from "../../db/schema";
import type { RecurrenceRetryPolicy } from "../../lib/pix-automatico";
import type { PlanRow } from "../subscription-plans/serialize";
import { addDays, period, type Cadence } from "./calendar";

/** A PIX invoice is issued this many days before its due date (the period's start), so the buyer can pay it on time. */
export const PIX_ISSUE_DAYS_BEFORE = 3;
/** A PIX invoice stays payable this many days after its due date (the cobv's `validadeAposVencimento`). */
export const PIX_DAYS_AFTER_DUE = 5;
/** Days after a declined card invoice's due date on which it is charged again, unless the seller set others. */
export const DEFAULT_CARD_RETRY_DAYS: readonly number[] = [1, 3, 7];
/** The seller's schedule: 2 to 6 retries, increasing, the last within this many days of the due date. */
export const MAX_RETRY_DAY = 14;
/** A card attempt's claim lasts this long (real time): a biller that died mid-attempt frees the invoice after it. */
export const ATTEMPT_CLAIM_SECONDS = 120;
/** `trialDays` bounds. */
export const MAX_TRIAL_DAYS = 730;
/** Subscriptions a test clock may carry: an advance runs them all, synchronously. */
export const MAX_SUBSCRIPTIONS_PER_CLOCK = 10;
/** Subscriptions and invoices one sweep round reads at once. */
export const SWEEP_BATCH = 200;

/** A plan's cadence. */
export function cadenceOf(plan: Pick<PlanRow, "billingInterval" | "intervalCount">): Cadence {
  return { interval: plan.billingInterval, count: plan.intervalCount };
}

/**
 * When period `n`'s invoice is issued: at the period's start for a card (charged then),
 * PIX_ISSUE_DAYS_BEFORE earlier for PIX (due at the start), and the seller's lead days earlier
 * for PIX_AUTOMATICO (`pixLeadDays`, automatico-rules.ts: its charge instruction is sent with the
 * invoice), but never before the previous period began (a daily plan) nor before the subscription
 * existed.
 */
export function billingAtOf(sub: { billingAnchor: string; createdAt: string }, plan: Pick<PlanRow, "billingInterval" | "intervalCount">, n: number, method: string, pixLeadDays = PIX_ISSUE_DAYS_BEFORE): string {
  const cadence = cadenceOf(plan);
  const { start } = period(sub.billingAnchor, cadence, n);
  if (method !== "PIX" && method !== "PIX_AUTOMATICO") return start;
  const earliest = n === 0 ? sub.createdAt : period(sub.billingAnchor, cadence, n - 1).start;
  const lead = addDays(start, -(method === "PIX" ? PIX_ISSUE_DAYS_BEFORE : pixLeadDays));
  return lead > earliest ? lead : earliest;
}

/** The seller's card retry schedule in a mode (days after the due date). */
export async function cardRetryDaysOf(db: Db, sellerId: string, livemode: boolean): Promise<readonly number[]> {
  const s = subscriptionSettings;
  const [row] = await db.select({ days: s.cardRetryDays }).from(s).where(and(eq(s.sellerId, sellerId), eq(s.livemode, livemode))).limit(1);
  return row?.days ?? DEFAULT_CARD_RETRY_DAYS;
}

/** The due date a PIX charge names (YYYY-MM-DD): the date in Brasília (UTC-3, no daylight saving since 2019) of `dueAt`. */
export function pixDueDateOf(dueAt: string): string {
  return new Date(Date.parse(dueAt) - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** When a PIX invoice due at `dueAt` stops being payable: the end of its due date in Brasília plus the grace days. */
export function pixPayableUntil(dueAt: string): string {
  const endOfDueDay = Date.parse(`${pixDueDateOf(dueAt)}T23:59:59.999-03:00`);
  return new Date(endOfDueDay + PIX_DAYS_AFTER_DUE * 86_400_000).toISOString();
}

/** PIX Automático: a failed charge may be retried up to 3 times in 7 days unless the seller says otherwise. */
export const DEFAULT_PIX_RETRY_POLICY: RecurrenceRetryPolicy = "PERMITE_3R_7D";
/** PIX Automático: the charge instruction goes this many days before its due date unless the seller set others. */
export const DEFAULT_PIX_CHARGE_LEAD_DAYS = 3;
/** The BCB's window for a charge instruction: 2 to 10 days before its due date. */
export const PIX_CHARGE_LEAD_DAYS_RANGE = { min: 2, max: 10 } as const;

/** The seller's PIX Automático settings in a mode, with their defaults (null columns are the defaults). */
export async function pixAutomaticoSettingsOf(db: Db, sellerId: string, livemode: boolean): Promise<{ retryPolicy: RecurrenceRetryPolicy; chargeLeadDays: number }> {
  const s = subscriptionSettings;
  const [row] = await db.select({ policy: s.pixRetryPolicy, lead: s.pixChargeLeadDays }).from(s).where(and(eq(s.sellerId, sellerId), eq(s.livemode, livemode))).limit(1);
  return { retryPolicy: row?.policy ?? DEFAULT_PIX_RETRY_POLICY, chargeLeadDays: row?.lead ?? DEFAULT_PIX_CHARGE_LEAD_DAYS };
}
