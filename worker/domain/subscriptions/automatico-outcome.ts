/**
 * What a PIX Automático charge instruction's attempt comes to, recorded in one batch each, under
 * "the instruction is still as read" (its revision: a replayed callback, a reconciliation racing a
 * callback, or two sweeps write once):
 *
 * - **paid**: the instruction PAID with the payment's E2E id; the payment, an ordinary PIX
 *   transaction (PAID, the seller's PIX fee, TRANSACTION_PAID) naming the subscription and the
 *   invoice; the invoice PAID and the subscription ACTIVE (paid.ts: SUBSCRIPTION_RENEWED).
 * - **failed, a retry asked** (PERMITE_3R_7D): RETRYING on the retry's date; the subscription
 *   keeps its status while the payer's bank tries again.
 * - **failed, spent** (NAO_PERMITE, the third retry, or no date left within 7 days): FAILED; the
 *   subscription PAST_DUE (SUBSCRIPTION_PAST_DUE), and the invoice's dunning ends
 *   PIX_DAYS_AFTER_DUE days later (endDunning): UNCOLLECTIBLE, the subscription CANCELLED.
 */
import { and, eq, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { invoices, pixChargeInstructions, transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { newEvent, Outbox } from "../events/outbox";
import { customerOf } from "../transactions/customer";
import { computeFee, readFeeRate } from "../transactions/fees";
import { NO_CARD_COLUMNS, storedView, toTransaction, type TransactionRow } from "../transactions/serialize";
import type { InstructionRow } from "./automatico-issue";
import { chargeBase, invoiceDescription } from "./charges";
import { SUBSCRIPTION_MACHINE } from "./machine";
import { addSubscriptionMove } from "./move";
import { addInvoicePaid } from "./paid";
import { readBillable, type InvoiceRow } from "./store";

/** A failed attempt's reason, as the payer's bank gave it. */
export interface AttemptFailure {
  code: string;
  description: string;
}

const i = pixChargeInstructions;
/** The instruction's guarded update: only while it is as `row` read it. Returns its index in the batch. */
function addInstructionChange(outbox: Outbox, platform: Platform, row: InstructionRow, changes: Partial<InstructionRow>, at: string) {
  const revision = crypto.randomUUID();
  const index = outbox.change(platform.db.update(i).set({ ...changes, revision, updatedAt: at }).where(and(eq(i.id, row.id), eq(i.revision, row.revision))).returning({ id: i.id }));
  return { index, moved: sql`exists (select 1 from ${i} where ${i.id} = ${row.id} and ${i.revision} = ${revision})` };
}

async function invoiceOf(platform: Platform, row: InstructionRow): Promise<InvoiceRow | null> {
  const [invoice] = await platform.db.select().from(invoices).where(eq(invoices.id, row.invoiceId)).limit(1);
  return invoice ?? null;
}

/** The instruction paid at `at` with `endToEndId`. True when this call recorded it. */
export async function recordPaid(platform: Platform, row: InstructionRow, endToEndId: string, at: string): Promise<boolean> {
  const billable = await readBillable(platform.db, row.subscriptionId);
  const invoice = await invoiceOf(platform, row);
  if (!billable || !invoice) return false;
  const { sub, plan } = billable;
  const scope = { sellerId: sub.sellerId, livemode: sub.livemode };
  const rate = (await readFeeRate(platform.db, sub.sellerId, "PIX", 1)) ?? { feePlanId: null as never, percentBps: 0, fixedAmount: 0 };
  const payment: TransactionRow = {
    ...chargeBase(sub, invoice, invoice.transactionId ?? crypto.randomUUID(), at, invoiceDescription(plan.name, invoice)),
    status: "PAID",
    paymentMethod: "PIX",
    ...(await customerOf(platform, scope, { buyerId: sub.buyerId } as never)),
    pixLocationId: null,
    pixTxid: row.txid,
    pixQrCode: null,
    pixKey: null,
    pixDueDate: row.dueDate,
    pixDaysAfterDue: null,
    initiatedBy: "MERCHANT",
    ...NO_CARD_COLUMNS,
    expiresAt: null,
    clientSecret: null,
    feePlanId: rate.feePlanId,
    feePercentBps: rate.percentBps,
    feeFixedAmount: rate.fixedAmount,
    ...computeFee(invoice.amount, rate),
    paidAt: at,
    pixEndToEndId: endToEndId,
  };
  payment.view = storedView({ row: payment, refunds: [] });
  const outbox = new Outbox(platform);
  const { index, moved } = addInstructionChange(outbox, platform, row, { status: "PAID", attempts: row.attempts + 1, endToEndId, nextRetryDate: null, nextCheckAt: null }, at);
  outbox.change(insertWhere(platform.db, transactions, payment, moved));
  const recorded = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${payment.id})`;
  outbox.emit(newEvent({ type: "TRANSACTION_PAID", sellerId: sub.sellerId, livemode: sub.livemode, occurredAt: at, data: { transaction: toTransaction({ row: payment, refunds: [] }, platform.config.baseUrl) } }), recorded);
  addInvoicePaid(outbox, platform, sub, invoice, payment.id, at, recorded);
  const results = await outbox.commit();
  return (results[index] as unknown[]).length === 1;
}

/**
 * The instruction's attempt failed at `at`: a retry on `retryDate` (already asked of the PSP for a
 * live one) with its check at `retryCheckAt`, or, with none, spent, its dunning ending at `dunningEndsAt`.
 */
export async function recordFailed(platform: Platform, row: InstructionRow, failure: AttemptFailure, at: string, next: { retryDate: string; retryCheckAt: string } | { dunningEndsAt: string }): Promise<boolean> {
  const outbox = new Outbox(platform);
  const failed = { attempts: row.attempts + 1, failureCode: failure.code, failureDescription: failure.description };
  if ("retryDate" in next) {
    const { index } = addInstructionChange(outbox, platform, row, { ...failed, status: "RETRYING", retries: row.retries + 1, nextRetryDate: next.retryDate, nextCheckAt: next.retryCheckAt }, at);
    return ((await outbox.commit())[index] as unknown[]).length === 1;
  }
  const { index, moved } = addInstructionChange(outbox, platform, row, { ...failed, status: "FAILED", nextRetryDate: null, nextCheckAt: next.dunningEndsAt }, at);
  const billable = await readBillable(platform.db, row.subscriptionId);
  if (billable && SUBSCRIPTION_MACHINE.find(billable.sub.status, "fall_due")) addSubscriptionMove(outbox, platform, billable.sub, "fall_due", at, {}, moved);
  return ((await outbox.commit())[index] as unknown[]).length === 1;
}

/**
 * The dunning of a FAILED instruction's invoice ends at `at`: still OPEN, it is UNCOLLECTIBLE and
 * the subscription CANCELLED (SUBSCRIPTION_CANCELLED), as a card's spent schedule does.
 */
export async function endDunning(platform: Platform, row: InstructionRow, at: string): Promise<boolean> {
  const outbox = new Outbox(platform);
  const { index, moved } = addInstructionChange(outbox, platform, row, { nextCheckAt: null }, at);
  outbox.change(platform.db.update(invoices).set({ status: "UNCOLLECTIBLE", nextAttemptAt: null, updatedAt: at }).where(and(eq(invoices.id, row.invoiceId), eq(invoices.status, "OPEN"), moved)));
  const given = sql`exists (select 1 from ${invoices} where ${invoices.id} = ${row.invoiceId} and ${invoices.status} = 'UNCOLLECTIBLE')`;
  const billable = await readBillable(platform.db, row.subscriptionId);
  if (billable && SUBSCRIPTION_MACHINE.find(billable.sub.status, "cancel")) addSubscriptionMove(outbox, platform, billable.sub, "cancel", at, { cancelledAt: at, nextBillingAt: null }, and(moved, given));
  return ((await outbox.commit())[index] as unknown[]).length === 1;
}

/** The instruction is no longer wanted (its invoice is not OPEN): CANCELLED, nothing else moves. */
export async function recordCancelled(platform: Platform, row: InstructionRow, at: string): Promise<boolean> {
  const outbox = new Outbox(platform);
  const { index } = addInstructionChange(outbox, platform, row, { status: "CANCELLED", nextRetryDate: null, nextCheckAt: null }, at);
  return ((await outbox.commit())[index] as unknown[]).length === 1;
}
