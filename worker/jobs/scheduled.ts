/**
 * The scheduled job: what the Worker's cron trigger runs every minute, and what the Node host's
 * timer runs on the same schedule. Each sweep is idempotent and bounded, so running it twice,
 * late, or concurrently on two hosts does no harm.
 */
import { concludeDueRefunds } from "../domain/transactions/conclude-refund";
import { expireTransactions } from "../domain/transactions/expire-transactions";
import { expirePaymentLinks } from "../domain/payment-links/expire";
import { expireCheckoutSessions } from "../domain/checkout-sessions/expire";
import { purgeExpiredKeys } from "../domain/idempotency/commit";
import { purgeAbandonedCards } from "../domain/cards/purge";
import { sealLegacyPersonalData } from "../domain/personal-data";
import { backfillSearchKeys } from "../domain/transactions/search-backfill";
import { purgeOldEvents } from "../domain/events/purge-events";
import { sweepDueDeliveries } from "../domain/webhooks/sweep";
import { paySettlements } from "../domain/settlements/settle";
import { billDueSubscriptions } from "../domain/subscriptions/bill";
import { describeError } from "../lib/describe-error";
import type { Platform } from "../platform";

import { reconcileRecentPix } from "../domain/pix/psp-payments";
import { reconcileRecurrences } from "../domain/pix-automatico/psp-answers";
/** What one run did, for logs and tests. */
export interface ScheduledReport {
  startedAt: string;
  sweeps: Record<string, number>;
  /** How long each sweep took, in ms (Workers Logs shows it on the Worker; /metrics on Node). */
  durationsMs: Record<string, number>;
}

/** A sweep: finds due work and does (or enqueues) it, returning how many rows it touched. */
export type Sweep = (platform: Platform) => Promise<number>;

/** The sweeps run each minute, in order. Later issues add theirs here. */
export const SWEEPS: Record<string, Sweep> = {
  "transactions.expire": expireTransactions,
  "paymentLinks.expire": expirePaymentLinks,
  "checkoutSessions.expire": expireCheckoutSessions,
  "subscriptions.bill": billDueSubscriptions,
  "refunds.conclude": concludeDueRefunds,
  // Live PIX whose callback was lost: the PSP's own list settles them (nothing without a PSP).
  "pix.reconcile": reconcileRecentPix,
  // Live PIX Automático recurrences still CREATED: read back from the PSP (nothing without one).
  "pixAutomatico.reconcile": reconcileRecurrences,
  "idempotency.purge": purgeExpiredKeys,
  "cards.purge": purgeAbandonedCards,
  "pii.seal": sealLegacyPersonalData,
  // Rows older than the dashboard's search keys (migration 0022), a few batches a minute.
  "payments.searchIndex": (platform) => backfillSearchKeys(platform),
  "webhooks.deliver": sweepDueDeliveries,
  "events.purge": purgeOldEvents,
  "settlements.pay": paySettlements,
};

/** Runs every sweep once; one failing sweep does not stop the others. */
export async function runScheduledJob(platform: Platform): Promise<ScheduledReport> {
  const report: ScheduledReport = { startedAt: platform.now().toISOString(), sweeps: {}, durationsMs: {} };
  for (const [name, sweep] of Object.entries(SWEEPS)) {
    const started = performance.now();
    try {
      report.sweeps[name] = await sweep(platform);
    } catch (err) {
      report.sweeps[name] = -1;
      platform.log({ msg: "scheduled.sweep_failed", level: "error", code: "INTERNAL_ERROR", sweep: name, error: describeError(err).error });
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    report.durationsMs[name] = durationMs;
    platform.observe?.({ kind: "sweep", sweep: name, durationMs, rows: report.sweeps[name]! });
  }
  // A run that found nothing to do writes nothing (every minute, it would drown the rest).
  const counts = Object.values(report.sweeps);
  if (counts.some((n) => n !== 0)) platform.log({ msg: "scheduled.run", level: counts.includes(-1) ? "warn" : "info", ...report });
  return report;
}
