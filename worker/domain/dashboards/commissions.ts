/**
 * GET /v1/companies/dashboard/commissions: what a company earned on its sub-sellers' payments in
 * a period, in the caller's mode and one currency (docs/dashboards.md defines every figure).
 *
 * A transaction counts when it was PAID in the period (`paid_at` in [from, to)), whatever its
 * status now: a later refund or chargeback does not give the fee back, so it stays earned. The
 * platform's share is taken per transaction, rounded half up, at the `platformShareBps` of the
 * plan recorded on the transaction (its `fee_plan_id`; none means the default plan), in integer
 * SQL so no float touches money. One aggregate query, however many transactions. A bare date in
 * `from`/`to` starts at midnight in `timeZone` if sent, else in the company's zone (its setting).
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feePlans, sellers, transactions } from "../../db/schema";
import type { Scope } from "../scope";
import { timeZoneOf } from "../seller-settings";
import { DEFAULT_FEE_PLAN_ID } from "../transactions/fees";
import { resolvePeriod, type PeriodQuery } from "./period";

/** The spec's Commission summary, plus its currency. */
export interface CommissionSummary {
  companyId: string;
  currency: string;
  totalCommissionCents: number;
  rebornShareCents: number;
  parentNetCents: number;
  pendingParentNetCents: number;
  transactionCount: number;
  periodFrom: string;
  periodTo: string;
  timeZone: string;
}

const fee = sql`coalesce(${transactions.feeAmount}, 0)`;
/** The platform's share of one transaction's fee: round half up, by integer division (fee ≥ 0). */
const share = sql`((${fee} * coalesce(${feePlans.platformShareBps}, 0) + 5000) / 10000)`;

/** The company's commissions (the route takes companies only: a sub-seller has none). */
export async function commissionSummary(db: Db, scope: Scope, query: PeriodQuery, now: Date, currency: string): Promise<CommissionSummary> {
  const period = resolvePeriod(query, now, query.timeZone ?? (await timeZoneOf(db, scope.sellerId)));
  const totals = await db
    .select({
      count: sql<number>`count(*)`,
      total: sql<number>`coalesce(sum(${fee}), 0)`,
      share: sql<number>`coalesce(sum(${share}), 0)`,
      pendingNet: sql<number>`coalesce(sum(case when ${transactions.settlementId} is null then ${fee} - ${share} else 0 end), 0)`,
    })
    .from(sellers)
    .innerJoin(transactions, eq(transactions.sellerId, sellers.id))
    .leftJoin(feePlans, eq(feePlans.id, sql`coalesce(${transactions.feePlanId}, ${DEFAULT_FEE_PLAN_ID})`))
    .where(
      and(
        eq(sellers.parentId, scope.sellerId),
        eq(transactions.livemode, scope.livemode),
        // A charge is created before it is paid: this bound lets the (seller, mode, created_at)
        // index stop at `to` instead of reading each sub-seller's whole future.
        lt(transactions.createdAt, period.toIso),
        gte(transactions.paidAt, period.fromIso),
        lt(transactions.paidAt, period.toIso),
        eq(transactions.currency, currency),
      ),
    );
  const row = totals[0];
  const total = Number(row?.total ?? 0);
  const platform = Number(row?.share ?? 0);
  return {
    companyId: scope.sellerId,
    currency,
    totalCommissionCents: total,
    rebornShareCents: platform,
    parentNetCents: total - platform,
    pendingParentNetCents: Number(row?.pendingNet ?? 0),
    transactionCount: Number(row?.count ?? 0),
    periodFrom: period.fromIso,
    periodTo: period.toIso,
    timeZone: period.timeZone,
  };
}
