/**
 * Live PIX payments learned from the PSP (issue 29): its callback and the reconciliation sweep.
 * A notification is a hint, never proof (DESIGN.md): the callback's txids are read back from the
 * PSP before anything moves, and reconciliation's list is the PSP's own answer. A payment settles
 * its transaction (PENDING → PAID, the end-to-end id kept) when the amount received is the amount
 * charged; a txid no transaction holds, a charge already cancelled or a different amount is
 * reported (log line and count), never guessed.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transactions } from "../../db/schema";
import type { PixPsp, PspPixPayment } from "../../lib/acquirer";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { payTransaction } from "../transactions/pay-transaction";

/** What one received PIX came to. */
export type PaymentOutcome = "settled" | "already" | "unknown" | "mismatched" | "unpaid";

/** Counts of outcomes (the reconciliation report). */
export type PaymentReport = Record<PaymentOutcome, number>;

export const emptyReport = (): PaymentReport => ({ settled: 0, already: 0, unknown: 0, mismatched: 0, unpaid: 0 });

/**
 * The live transaction of `txid`, if any. The mode is said as the bare column, as the index's
 * condition is (transactions_live_txid_idx, db/schema.ts): SQLite uses a partial index only for a
 * query whose WHERE repeats its condition, and `livemode = ?` would not, so it would scan.
 */
export function liveTransactionQuery(db: Db, txid: string) {
  return db
    .select({ id: transactions.id, sellerId: transactions.sellerId, status: transactions.status, amount: transactions.amount, pixDueDate: transactions.pixDueDate })
    .from(transactions)
    .where(and(sql`${transactions.livemode}`, eq(transactions.pixTxid, txid)))
    .limit(1);
}

async function transactionOf(platform: Platform, txid: string) {
  const [row] = await liveTransactionQuery(platform.db, txid);
  return row ?? null;
}

/** Settles the transaction a received PIX paid; what it came to. */
export async function settleReceived(platform: Platform, payment: PspPixPayment): Promise<PaymentOutcome> {
  const tx = payment.txid ? await transactionOf(platform, payment.txid) : null;
  const report = (outcome: "settled" | "unknown" | "mismatched", why: string) => {
    platform.observe?.({ kind: "pix.received", outcome });
    platform.log({ msg: "pix.received", level: outcome === "settled" ? "info" : "warn", outcome, why, txid: payment.txid, transactionId: tx?.id ?? null, endToEndId: payment.endToEndId });
    return outcome;
  };
  if (!tx) return report("unknown", "no live transaction has this txid");
  if (tx.status !== "PENDING") return tx.status === "CANCELLED" ? report("mismatched", "received for a cancelled charge: the operator refunds it") : "already";
  if (payment.amount !== tx.amount) return report("mismatched", `received ${payment.amount}, charged ${tx.amount}`);
  try {
    await payTransaction(platform, { sellerId: tx.sellerId, livemode: true }, tx.id, { endToEndId: payment.endToEndId });
  } catch (error) {
    // Expired here a moment before the PSP took the payment: money the operator returns.
    if (error instanceof ApiError && error.code === "TRANSACTION_EXPIRED") return report("mismatched", "received for an expired charge");
    throw error;
  }
  return report("settled", "paid");
}

/**
 * A callback's txid: the charge is read back from the PSP, and each PIX it received settles its
 * transaction. A txid no transaction holds is reported and not read.
 */
export async function settleNotified(platform: Platform, psp: PixPsp, txid: string): Promise<PaymentOutcome> {
  const tx = await transactionOf(platform, txid);
  if (!tx) {
    platform.observe?.({ kind: "pix.received", outcome: "unknown" });
    platform.log({ msg: "pix.received", level: "warn", outcome: "unknown", why: "a callback for a txid no live transaction has", txid });
    return "unknown";
  }
  // A charge with a due date (a subscription's invoice) is a cobv at the PSP.
  const charge = await psp.getCharge(txid, tx.pixDueDate ? "cobv" : "cob");
  if (!charge || charge.status !== "CONCLUIDA" || charge.payments.length === 0) return "unpaid";
  let outcome: PaymentOutcome = "unpaid";
  for (const payment of charge.payments) outcome = await settleReceived(platform, { ...payment, txid });
  return outcome;
}

/** How far back a host's first reconciliation run lists received PIX (a restart, a new isolate). */
export const RECONCILE_FIRST_WINDOW_SECONDS = 30 * 60;
/** How far each later run reaches back before the previous run's end: PSPs list a payment a little late. */
export const RECONCILE_OVERLAP_SECONDS = 120;

/** Reconciliation: every PIX the PSP received in [from, to) settles or is reported. */
export async function reconcilePix(platform: Platform, psp: PixPsp, from: string, to: string): Promise<PaymentReport> {
  const report = emptyReport();
  for (const payment of await psp.listReceived(from, to)) report[await settleReceived(platform, payment)]++;
  return report;
}

/** Where the previous run of this host (process, isolate) ended, per database. */
const lastRun = new WeakMap<object, number>();

/**
 * The sweep: the PSP's received PIX since the previous run (less an overlap), or the last
 * RECONCILE_FIRST_WINDOW_SECONDS on a host's first run; how many transactions it settled late.
 * Windows overlap only a little, so an unknown PIX is reported a few times, not every minute.
 */
export async function reconcileRecentPix(platform: Platform): Promise<number> {
  const psp = platform.acquirers.live?.psp;
  if (!psp) return 0;
  const now = platform.now().getTime();
  const previous = lastRun.get(platform.db);
  const from = previous !== undefined ? Math.min(previous, now) - RECONCILE_OVERLAP_SECONDS * 1000 : now - RECONCILE_FIRST_WINDOW_SECONDS * 1000;
  const report = await reconcilePix(platform, psp, new Date(from).toISOString(), new Date(now).toISOString());
  lastRun.set(platform.db, now);
  if (report.unknown || report.mismatched) platform.log({ msg: "pix.reconcile", level: "warn", ...report });
  return report.settled;
}
