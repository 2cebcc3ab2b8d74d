/**
 * Folds a seller's grouped transactions (one row per UTC day, status and method) into the
 * overview's figures. Every status and method is present, zeros included, and every day of the
 * period has an entry, so a chart needs no gap filling. Integer sums only; the one ratio, the
 * approval rate, is rounded half up in integers before it becomes a 4-place fraction.
 */
import { PAYMENT_METHODS, TRANSACTION_STATUSES, type PaymentMethod, type TransactionStatus } from "../../../shared/payments";

/** One group of the overview's query. */
export interface OverviewGroup {
  day: string;
  status: TransactionStatus;
  method: PaymentMethod;
  count: number;
  amount: number;
  fee: number;
  net: number;
}

/** The statuses of a transaction that was paid, whatever happened after (refunds). */
export const PAID_EVER: readonly TransactionStatus[] = ["PAID", "REFUND_PENDING", "REFUNDED"];

interface CountAmount {
  count: number;
  amount: number;
}
interface PaidFigures extends CountAmount {
  paidCount: number;
  paidAmount: number;
}

const zero = (): PaidFigures => ({ count: 0, amount: 0, paidCount: 0, paidAmount: 0 });

/** paid / (paid + failed), rounded half up to 4 decimal places; null when both are 0. */
export function approvalRate(paid: number, failed: number): number | null {
  const attempts = paid + failed;
  if (attempts === 0) return null;
  // round-half-up(paid × 10 000 / attempts) = floor((2 × paid × 10 000 + attempts) / (2 × attempts)).
  return Math.floor((2 * paid * 10_000 + attempts) / (2 * attempts)) / 10_000;
}

/** The overview's figures from the groups, the period's days and the refunds completed in it. */
export function foldOverview(groups: OverviewGroup[], days: string[], refunds: CountAmount) {
  const byStatus = Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, { count: 0, amount: 0 }])) as Record<TransactionStatus, CountAmount>;
  const byMethod = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, zero()])) as Record<PaymentMethod, PaidFigures>;
  const byDay = new Map(days.map((d) => [d, zero()]));
  const totals = { count: 0, volume: 0 };
  let fees = 0;
  let paidNet = 0;
  for (const g of groups) {
    const count = Number(g.count);
    const amount = Number(g.amount);
    const paid = PAID_EVER.includes(g.status);
    totals.count += count;
    totals.volume += amount;
    byStatus[g.status].count += count;
    byStatus[g.status].amount += amount;
    for (const figures of [byMethod[g.method], byDay.get(g.day)]) {
      if (!figures) continue;
      figures.count += count;
      figures.amount += amount;
      if (paid) {
        figures.paidCount += count;
        figures.paidAmount += amount;
      }
    }
    if (paid) {
      fees += Number(g.fee);
      paidNet += Number(g.net);
    }
  }
  const paidCount = PAID_EVER.reduce((n, s) => n + byStatus[s].count, 0);
  return {
    totals,
    byStatus,
    byPaymentMethod: byMethod,
    approvalRate: approvalRate(paidCount, byStatus.FAILED.count),
    refunds,
    fees,
    net: paidNet - refunds.amount,
    daily: [...byDay].map(([date, f]) => ({ date, count: f.count, volume: f.amount, paidCount: f.paidCount, paidAmount: f.paidAmount })),
  };
}
