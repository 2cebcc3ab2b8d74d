/**
 * The settlement schedule and the settlement's shape (docs/settlements.md).
 *
 * A transaction is due for settlement on its `paidAt` UTC date plus a delay by method: PIX D+1,
 * DEBIT_CARD D+2, CREDIT_CARD D+30 (the whole amount at once, not per installment). The delay is
 * written into SQL here, once, so the sweep's every statement asks the same question.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PaymentMethod } from "../../../shared/payments";
import type { settlements } from "../../db/schema";
import type { Settlement } from "../../schemas/settlement";

/** Days after the payment's UTC date on which its money is settled. */
export const SETTLEMENT_DELAY_DAYS: Record<PaymentMethod, number> = { PIX: 1, DEBIT_CARD: 2, CREDIT_CARD: 30 };

/** Statuses of a paid transaction whose money (less refunds) the seller is owed. */
export const SETTLED_STATUSES = ["PAID", "REFUND_PENDING", "REFUNDED"] as const;

/** SETTLED_STATUSES as an SQL list, for `status in (…)`. */
export const SETTLED_STATUSES_SQL = sql.raw(SETTLED_STATUSES.map((s) => `'${s}'`).join(", "));

export type SettlementRow = typeof settlements.$inferSelect;

/** SQL: the day (YYYY-MM-DD) the paid transaction aliased `t` is due; null for a method missing from the schedule. */
export function dueDateSql(t: string): SQL {
  const cases = Object.entries(SETTLEMENT_DELAY_DAYS).map(([method, days]) => `when '${method}' then '+${days} days'`);
  return sql.raw(`date(${t}.paid_at, case ${t}.payment_method ${cases.join(" ")} end)`);
}

/**
 * SQL: true when the transaction aliased `t` is due on or before `today` (YYYY-MM-DD). A method
 * missing from the schedule is never due (null), rather than settled on a guessed day.
 */
export function dueBySql(t: string, today: string): SQL {
  const due = dueDateSql(t);
  // paid_at < today: implied by the shortest delay, and lets the unsettled-index range be used.
  return sql`${sql.raw(t)}.paid_at is not null and ${sql.raw(t)}.paid_at < ${today} and ${due} <= ${today}`;
}

/** The API shape of a settlement row. */
export function toSettlement(row: SettlementRow): Settlement {
  return {
    id: row.id,
    sellerId: row.sellerId,
    status: row.status,
    currency: row.currency,
    dueDate: row.dueDate,
    transactionCount: row.transactionCount,
    grossAmount: row.grossAmount,
    feeAmount: row.feeAmount,
    refundedAmount: row.refundedAmount,
    chargebackAmount: row.chargebackAmount,
    netAmount: row.netAmount,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
    livemode: row.livemode,
  };
}

/**
 * `toSettlement` of the settlements row aliased `s`, rendered by the database: the event of a
 * settlement is written in the batch that computes its sums, before any row reaches this code.
 * test/api/settlements.*.test.ts holds it to `toSettlement` (the event's details = GET's body).
 */
export function settlementJsonSql(s: string): SQL {
  return sql.raw(`json_object('id', ${s}.id, 'sellerId', ${s}.seller_id, 'status', ${s}.status, 'currency', ${s}.currency,
    'dueDate', ${s}.due_date, 'transactionCount', ${s}.transaction_count, 'grossAmount', ${s}.gross_amount,
    'feeAmount', ${s}.fee_amount, 'refundedAmount', ${s}.refunded_amount, 'chargebackAmount', ${s}.chargeback_amount,
    'netAmount', ${s}.net_amount, 'paidAt', ${s}.paid_at, 'createdAt', ${s}.created_at,
    'livemode', json(case when ${s}.livemode then 'true' else 'false' end))`);
}
