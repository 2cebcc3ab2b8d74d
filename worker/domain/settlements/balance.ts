/**
 * A seller's balance and upcoming payouts in one mode (the dashboard's "Repasses" page,
 * docs/dashboard.md): what the settlement sweep (settle.ts) will pay, day by day, read with the
 * sweep's own rules (schedule.ts), and what it has paid.
 *
 * Each paid transaction not yet settled is paid on its due day (D+1, D+2, D+30), or today when
 * that day has come (the sweep pays it within a minute); a COMPLETED refund or an OPEN or LOST
 * chargeback not yet deducted is deducted on its transaction's day, or today when the transaction
 * is already settled. `available` is today's net, `pending` the later days', `paidOut` the net of
 * every PAID settlement. All sums are integer SQL over minor units.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Scope } from "../scope";
import { netSql } from "./net";
import { dueDateSql, SETTLED_STATUSES_SQL } from "./schedule";

/** One currency's balance. */
export interface Balance {
  currency: string;
  /** Due by today, not yet settled: the next minute's settlement. */
  available: number;
  /** Due on a later day. */
  pending: number;
  /** Σ netAmount of the PAID settlements. */
  paidOut: number;
}

/** The settlement a day will bring, in one currency, as the sweep would write it that day. */
export interface UpcomingPayout {
  date: string;
  currency: string;
  transactionCount: number;
  grossAmount: number;
  feeAmount: number;
  refundedAmount: number;
  chargebackAmount: number;
  netAmount: number;
}

/** The answer of GET /dashboard/api/balance. */
export interface BalanceSummary {
  /** Today (UTC), the day the figures are read as of. */
  today: string;
  balances: Balance[];
  /** Oldest day first. */
  upcoming: UpcomingPayout[];
}

type UpcomingRow = { day: string; currency: string; n: number; gross: number; fee: number; refunded: number; chargeback: number; net: number };

/**
 * The unsettled money of the scope, grouped by the day it is paid on and currency: one query, each
 * part on its partial index of what is not yet settled (the seller's transactions and chargebacks;
 * the refunds not yet deducted, every seller's, as the sweep reads them each minute: the table has
 * no seller column, and those rows leave the index once a settlement deducts them; CROSS JOIN keeps
 * them first, where SQLite would otherwise walk all the seller's transactions).
 */
async function upcomingOf(db: Db, scope: Scope, today: string): Promise<UpcomingPayout[]> {
  const lm = scope.livemode ? 1 : 0;
  // The day a transaction's money moves: its due day, or today once that has come.
  const dayOf = sql`max(${dueDateSql("t")}, ${today})`;
  const deductedOn = sql`case when t.settlement_id is null then ${dayOf} else ${today} end`;
  const rows = await db.all<UpcomingRow>(sql`
    select day, currency, sum(n) as n, sum(gross) as gross, sum(fee) as fee, sum(refunded) as refunded, sum(chargeback) as chargeback,
      ${netSql({ gross: sql`sum(gross)`, fee: sql`sum(fee)`, refunded: sql`sum(refunded)`, chargedBack: sql`sum(chargeback)` })} as net from (
      select ${dayOf} as day, t.currency, 1 as n, t.amount as gross, coalesce(t.fee_amount, 0) as fee, 0 as refunded, 0 as chargeback
        from transactions t indexed by transactions_unsettled_idx
        where t.seller_id = ${scope.sellerId} and t.settlement_id is null and t.paid_at is not null
          and t.livemode = ${lm} and t.status in (${SETTLED_STATUSES_SQL})
      union all
      select ${deductedOn}, t.currency, 0, 0, 0, r.amount, 0 from refunds r indexed by refunds_unsettled_idx cross join transactions t on t.id = r.transaction_id
        where r.status = 'COMPLETED' and r.settlement_id is null and t.seller_id = ${scope.sellerId} and t.livemode = ${lm} and t.paid_at is not null
      union all
      select ${deductedOn}, c.currency, 0, 0, 0, 0, c.amount from chargebacks c indexed by chargebacks_unsettled_idx join transactions t on t.id = c.transaction_id
        where c.seller_id = ${scope.sellerId} and c.settlement_id is null and c.status in ('OPEN', 'LOST') and c.livemode = ${lm} and t.paid_at is not null
    ) where day is not null
    group by day, currency order by day, currency`);
  return rows.map((r) => ({
    date: r.day,
    currency: r.currency,
    transactionCount: Number(r.n),
    grossAmount: Number(r.gross),
    feeAmount: Number(r.fee),
    refundedAmount: Number(r.refunded),
    chargebackAmount: Number(r.chargeback),
    // The settlement's own formula (net.ts), so a day's figure is what its payout will net.
    netAmount: Number(r.net),
  }));
}

/** Σ netAmount of the scope's PAID settlements, by currency. */
async function paidOutOf(db: Db, scope: Scope): Promise<Map<string, number>> {
  const rows = await db.all<{ currency: string; net: number }>(sql`
    select currency, sum(net_amount) as net from settlements
      where seller_id = ${scope.sellerId} and livemode = ${scope.livemode ? 1 : 0} and status = 'PAID' group by currency`);
  return new Map(rows.map((r) => [r.currency, Number(r.net)]));
}

/** The scope's balance by currency and its upcoming payouts by day, as of `now`. */
export async function readBalance(db: Db, scope: Scope, now: Date): Promise<BalanceSummary> {
  const today = now.toISOString().slice(0, 10);
  const [upcoming, paidOut] = await Promise.all([upcomingOf(db, scope, today), paidOutOf(db, scope)]);
  const balances = new Map<string, Balance>();
  const of = (currency: string) => balances.get(currency) ?? balances.set(currency, { currency, available: 0, pending: 0, paidOut: 0 }).get(currency)!;
  for (const [currency, net] of paidOut) of(currency).paidOut = net;
  for (const day of upcoming) {
    if (day.date === today) of(day.currency).available += day.netAmount;
    else of(day.currency).pending += day.netAmount;
  }
  return { today, balances: [...balances.values()].sort((a, b) => a.currency.localeCompare(b.currency)), upcoming };
}
