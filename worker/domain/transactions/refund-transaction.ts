/**
 * A refund is requested: PAID or REFUND_PENDING → REFUND_PENDING, with a new PENDING refund.
 *
 * `amount` defaults to what is left to refund. The sum of a transaction's refunds (all but the
 * FAILED ones) can never exceed its amount, and that is enforced by the database, not here: the
 * refund row is inserted by `INSERT … SELECT … WHERE <sum so far> + amount <= transaction
 * amount`, in the same batch that moves the transaction, so twenty concurrent requests cannot
 * refund more than the charge however they interleave. When the database refuses, the
 * transaction is read again to say why (its status, or what is left to refund).
 *
 * Two round trips: the transaction is read (the default amount and the precise errors need it),
 * then one idempotent batch inserts the refund, moves the transaction and stores the response.
 * The acquirer of the transaction's mode concludes the refund later (conclude-refund.ts): a queue
 * job is enqueued for a couple of seconds from now, and the scheduled sweep picks up any whose
 * message was lost.
 */
import { and, eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { insertWhere, type SqlValues } from "../../db/guarded";
import { chargebacks, refunds, transactions } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { acquirerFor, refundAcquirerOf } from "../acquirers/acquirer";
import { commitIdempotently, idempotentBatch, type IdempotentRequest, type IdempotentResult } from "../idempotency/commit";
import { readTransaction } from "./store";
import { toRefund, type RefundRow, type TransactionState } from "./serialize";
import { requireTransition, statusesAllowing } from "./state-machine";
import type { Scope } from "../scope";

/** Seconds before the queue asks the acquirer to conclude a refund. */
export const REFUND_CONCLUDE_DELAY_SECONDS = 2;

/** A validated refund request. */
export interface RefundInput {
  scope: Scope;
  transactionId: string;
  amount?: number;
  /** Why the seller refunds (already trimmed and checked by RefundCreateSchema). */
  reason?: string;
  request: IdempotentRequest;
}

/**
 * What is left to refund: the amount minus every refund that has not failed and every chargeback
 * the buyer's bank has taken back (OPEN or LOST: docs/settlements.md); money is returned once.
 */
export function refundableAmount({ row, refunds: list }: TransactionState, chargedBack = 0): number {
  return row.amount - chargedBack - list.filter((r) => r.status !== "FAILED").reduce((sum, r) => sum + r.amount, 0);
}

/** The transaction's chargebacks that hold money (OPEN or LOST), as SQL for the guard and as a read. */
const chargedBackSql = (transactionId: SQL | Placeholder | string) =>
  sql`(select coalesce(sum(${chargebacks.amount}), 0) from ${chargebacks} where ${chargebacks.transactionId} = ${transactionId} and ${chargebacks.status} in ('OPEN', 'LOST'))`;

async function chargedBackAmount(platform: Platform, transactionId: string): Promise<number> {
  const [row] = await platform.db.select({ n: sql<number>`${chargedBackSql(transactionId)}` }).from(sql`(select 1)`);
  return Number(row?.n ?? 0);
}

/** The 409 for a refund that does not fit (or throws the state error when the status is wrong). */
function refusal(state: TransactionState, requested: number | undefined, chargedBack: number): ApiError {
  requireTransition(state.row.status, "request_refund");
  const left = refundableAmount(state, chargedBack);
  const detail =
    left === 0
      ? "Nothing is left to refund on this transaction."
      : `A refund of ${requested} exceeds what is left to refund: ${left} of ${state.row.amount}.`;
  return new ApiError("REFUND_EXCEEDS_AMOUNT", detail, { extensions: { refundableAmount: left, requestedAmount: requested ?? left } });
}

/** True once the new refund exists (its id is the placeholder `id`). */
const refundCreated = sql`exists (select 1 from ${refunds} where ${refunds.id} = ${sql.placeholder("id")})`;

/** The refund's batch; the over-refund guard is evaluated by the database inside it. */
const refundBatch = idempotentBatch({
  statements: (db, keyFree) => {
    const v = (name: keyof RefundRow | "revision") => sql.placeholder(name);
    const from = statusesAllowing("request_refund");
    // Every status a refund may start from leads to the same one (state-machine.ts).
    const { to } = requireTransition(from[0]!, "request_refund");
    const fits = sql`${v("amount")} > 0 and exists (select 1 from ${transactions} where ${transactions.id} = ${v("transactionId")}
      and ${inArray(transactions.status, from)}
      and (select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.transactionId} = ${v("transactionId")} and ${refunds.status} <> 'FAILED')
        + ${chargedBackSql(v("transactionId"))} + ${v("amount")} <= ${transactions.amount})`;
    const row = Object.fromEntries(Object.keys(getTableColumns(refunds)).map((k) => [k, sql.placeholder(k)])) as SqlValues<RefundRow>;
    return [
      insertWhere(db, refunds, row, and(fits, keyFree)!),
      db
        .update(transactions)
        .set({ status: to, revision: v("revision"), updatedAt: v("requestedAt") } as never)
        .where(and(eq(transactions.id, v("transactionId")), inArray(transactions.status, from), refundCreated)),
    ];
  },
  created: refundCreated,
});

/**
 * Requests the refund, or replays the first answer to the same key. Every refusal is decided by
 * the batch's own guard and explained afterwards, so a retry of a refund that emptied the
 * transaction still gets its stored answer rather than "nothing left to refund".
 */
export async function refundTransaction(platform: Platform, input: RefundInput): Promise<IdempotentResult> {
  const current = await readTransaction(platform, input.transactionId, input.scope);
  if (!current) throw notFound("transaction", input.transactionId);
  // The acquirer that will conclude it must exist: the card sale's own, else the mode's PIX one.
  if (!refundAcquirerOf(platform.acquirers, current.row)) acquirerFor(platform.acquirers, current.row.livemode);
  const chargedBack = await chargedBackAmount(platform, current.row.id);
  const amount = input.amount ?? refundableAmount(current, chargedBack);
  const at = platform.now().toISOString();
  const { id: txId } = current.row;
  const refund: RefundRow = {
    id: crypto.randomUUID(),
    transactionId: txId,
    amount,
    originalAmount: current.row.amount,
    status: "PENDING",
    failureReason: null,
    reason: input.reason ?? null,
    settlementId: null,
    requestedAt: at,
    completedAt: null,
    updatedAt: at,
  };
  const values = { ...refund, revision: crypto.randomUUID() };
  const response = { status: 201, body: JSON.stringify(toRefund(refund)) };
  const result = await commitIdempotently(platform, input.request, refundBatch, values, response);
  if (!result) {
    // Refused by the guard: the status, nothing left, too much, or a change since the read.
    const now = (await readTransaction(platform, txId, input.scope)) ?? current;
    requireTransition(now.row.status, "request_refund");
    const disputed = await chargedBackAmount(platform, txId);
    if (amount <= 0 || amount > refundableAmount(now, disputed)) throw refusal(now, input.amount, disputed);
    throw new ApiError("CONCURRENT_MODIFICATION", "The transaction changed while the refund was applied; nothing was changed, retry it.", {
      headers: { "Retry-After": "1" },
    });
  }
  if (!result.replayed) {
    try {
      await platform.enqueue([{ type: "refund.conclude", refundId: refund.id }], { delaySeconds: REFUND_CONCLUDE_DELAY_SECONDS });
    } catch (err) {
      // Not fatal: the scheduled sweep concludes refunds whose message never came.
      platform.log({ msg: "refund.enqueue_failed", refundId: refund.id, error: String(err) });
    }
  }
  return result;
}
