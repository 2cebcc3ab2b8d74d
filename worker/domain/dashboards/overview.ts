/**
 * GET /v1/sellers/{sellerId}/dashboard/overview: one seller's transactions created in a period,
 * in the caller's mode and one currency, for charts (docs/dashboards.md defines every figure).
 *
 * The days are the seller's: of the `timeZone` asked for, else the seller's setting (default
 * America/Sao_Paulo); a bare date in `from`/`to` starts at that zone's midnight.
 *
 * Two aggregate queries, run together: the transactions grouped by (local day, status, method),
 * at most 368 × 6 × 3 small rows that figures.ts folds into every breakdown, read from the
 * (seller_id, livemode, created_at) index range of the period; and the COMPLETED refunds
 * completed in the period. A refund may complete long after its sale, so the second walks the
 * seller's transactions created before `to` and looks up each one's refunds by index: one
 * seller's history, never every seller's refunds (docs/dashboards.md, "Cost").
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refunds, transactions } from "../../db/schema";
import type { Scope } from "../scope";
import { timeZoneOfRow } from "../seller-settings";
import { sellerInReach } from "../sub-sellers/reach";
import { foldOverview, type OverviewGroup } from "./figures";
import { localDaySql } from "./local-day";
import { daysOf, resolvePeriod, type PeriodQuery } from "./period";

/** The overview of seller `sellerId` (self or a sub-seller of the caller, else 404) over the asked period, at `now`. */
export async function sellerOverview(db: Db, scope: Scope, sellerId: string, query: PeriodQuery, now: Date, currency: string) {
  const seller = await sellerInReach(db, scope, sellerId);
  const period = resolvePeriod(query, now, query.timeZone ?? timeZoneOfRow(seller));
  const ofSeller = and(eq(transactions.sellerId, seller.id), eq(transactions.livemode, scope.livemode), eq(transactions.currency, currency));
  const day = localDaySql(transactions.createdAt, period);
  const [groups, refunded] = await Promise.all([
    db
      .select({
        day,
        status: transactions.status,
        method: transactions.paymentMethod,
        count: sql<number>`count(*)`,
        amount: sql<number>`sum(${transactions.amount})`,
        fee: sql<number>`coalesce(sum(${transactions.feeAmount}), 0)`,
        net: sql<number>`coalesce(sum(${transactions.netAmount}), 0)`,
      })
      .from(transactions)
      .where(and(ofSeller, gte(transactions.createdAt, period.fromIso), lt(transactions.createdAt, period.toIso)))
      .groupBy(day, transactions.status, transactions.paymentMethod),
    db
      .select({ count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
      // CROSS JOIN makes SQLite read the seller's transactions first, then each one's refunds by
      // refunds_transaction_idx, instead of every seller's completed refunds by status.
      .from(transactions)
      .crossJoin(refunds)
      .where(
        and(
          ofSeller,
          eq(refunds.transactionId, transactions.id),
          // A refund completes after its transaction was created and after it was requested: these
          // bounds keep both index ranges short without changing the answer.
          lt(transactions.createdAt, period.toIso),
          lt(refunds.requestedAt, period.toIso),
          // Unary + (a no-op) keeps SQLite off refunds_status_idx: the refunds are found by transaction.
          sql`+${refunds.status} = 'COMPLETED'`,
          gte(refunds.completedAt, period.fromIso),
          lt(refunds.completedAt, period.toIso),
        ),
      ),
  ]);
  const refundTotals = { count: Number(refunded[0]?.count ?? 0), amount: Number(refunded[0]?.amount ?? 0) };
  return {
    sellerId: seller.id,
    periodFrom: period.fromIso,
    periodTo: period.toIso,
    timeZone: period.timeZone,
    currency,
    ...foldOverview(groups as OverviewGroup[], daysOf(period), refundTotals),
  };
}
