/**
 * A chargeback arrives (sandbox: POST /v1/sandbox/transactions/{id}/chargeback): the issuer
 * disputes a card payment. It is written OPEN with a CHARGEBACK_RECEIVED event (`data.details`:
 * the chargeback, `data.transaction`: the transaction as GET shows it) in one batch.
 *
 * Only a PAID CREDIT_CARD or DEBIT_CARD transaction can receive one (a partially refunded one is
 * PAID again); anything else is 409 INVALID_STATE_TRANSITION. PIX has no chargebacks (a payer's
 * dispute goes through the Central Bank's MED and ends in a refund): 422 UNPROCESSABLE.
 * `amount` defaults to, and may not exceed, what is neither refunded (COMPLETED) nor already
 * charged back (OPEN or LOST): 422 otherwise.
 *
 * The transaction's status does not change: the spec has no chargeback status, and the money
 * the buyer paid was paid. The amount is deducted from the seller's settlement instead: the
 * transaction's own if it is not settled yet, else the seller's next one (settlements/settle.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { chargebacks, transactions } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import { CHARGEBACK_REASONS, DEFAULT_CHARGEBACK_REASON, type Chargeback, type ChargebackCreate } from "../../schemas/settlement";
import type { Scope } from "../scope";
import { newEvent, Outbox } from "../events/outbox";
import { readTransaction } from "../transactions/store";
import { toTransaction, type TransactionState } from "../transactions/serialize";
import { retryOnRace } from "../transactions/transition";
import { toChargeback, type ChargebackRow } from "./read";

/** Chargebacks that count against a transaction's amount: all but the ones the seller won. */
const COUNTED = ["OPEN", "LOST"] as const;

/** The refusals that do not depend on amounts: method, then status. */
function requireDisputable({ row }: TransactionState): void {
  if (row.paymentMethod === "PIX") {
    throw new ApiError("UNPROCESSABLE", "PIX payments have no chargebacks: a payer's dispute goes through the Central Bank's MED and ends in a refund.", {
      extensions: { paymentMethod: row.paymentMethod },
    });
  }
  if (row.status !== "PAID") {
    throw new ApiError("INVALID_STATE_TRANSITION", `The transaction is ${row.status}; only a PAID card transaction can receive a chargeback.`, {
      extensions: { currentStatus: row.status, allowedStatuses: ["PAID"] },
    });
  }
}

/** Opens a chargeback on the scope's transaction `transactionId`; returns it. */
export async function openChargeback(platform: Platform, scope: Scope, transactionId: string, input: ChargebackCreate): Promise<Chargeback> {
  const { db } = platform;
  const counted = and(eq(chargebacks.transactionId, transactionId), inArray(chargebacks.status, COUNTED));
  return retryOnRace(async () => {
    const state = await readTransaction(platform, transactionId, scope);
    if (!state) throw notFound("transaction", transactionId);
    requireDisputable(state);
    const { row } = state;
    const refunded = state.refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + r.amount, 0);
    const [charged] = await db.select({ n: sql<number>`coalesce(sum(${chargebacks.amount}), 0)` }).from(chargebacks).where(counted);
    const chargeable = row.amount - refunded - Number(charged?.n ?? 0);
    const amount = input.amount ?? chargeable;
    if (chargeable <= 0 || amount > chargeable) {
      throw new ApiError("UNPROCESSABLE", `A chargeback of ${amount} exceeds what is neither refunded nor charged back: ${chargeable} of ${row.amount}.`, {
        extensions: { chargeableAmount: chargeable, requestedAmount: amount },
      });
    }

    const at = platform.now().toISOString();
    const reasonCode = input.reasonCode ?? DEFAULT_CHARGEBACK_REASON;
    const chargeback: ChargebackRow = {
      id: crypto.randomUUID(),
      transactionId,
      sellerId: row.sellerId,
      livemode: row.livemode,
      amount,
      currency: row.currency,
      reasonCode,
      reason: CHARGEBACK_REASONS[reasonCode],
      status: "OPEN",
      settlementId: null,
      createdAt: at,
      updatedAt: at,
    };
    // Written only if no refund moved the transaction (its revision) and no other chargeback
    // took the same money since it was read.
    const fits = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${transactionId}
        and ${transactions.revision} = ${row.revision} and ${transactions.status} = 'PAID')
      and (select coalesce(sum(${chargebacks.amount}), 0) from ${chargebacks} where ${counted}) + ${amount} <= ${row.amount - refunded}`;
    const written = sql`exists (select 1 from ${chargebacks} where ${chargebacks.id} = ${chargeback.id})`;
    const data = { details: toChargeback(chargeback), transaction: toTransaction(state, platform.config.baseUrl) };
    const event = newEvent({ type: "CHARGEBACK_RECEIVED", sellerId: row.sellerId, livemode: row.livemode, occurredAt: at, data });
    const outbox = new Outbox(platform);
    outbox.change(insertWhere(db, chargebacks, chargeback, fits));
    outbox.emit(event, written);
    const opened = outbox.change(db.select({ id: chargebacks.id }).from(chargebacks).where(eq(chargebacks.id, chargeback.id)));
    const results = await outbox.commit();
    return (results[opened] as unknown[]).length === 0 ? null : data.details;
  });
}
