/**
 * An invoice paid: the invoice is PAID by that charge and the subscription moves to ACTIVE with
 * SUBSCRIPTION_RENEWED, in the batch that records the payment (a card attempt's, or a PIX charge's
 * move to PAID), each only where the payment itself happened.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { invoices, testClocks } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Outbox } from "../events/outbox";
import type { TransactionRow } from "../transactions/serialize";
import { SUBSCRIPTION_MACHINE } from "./machine";
import { addSubscriptionMove } from "./move";
import { readBillable, type InvoiceRow, type SubscriptionRow } from "./store";
import { authorizedSql, compositeApprovalOf } from "../pix-automatico/answer";

/** Adds "invoice paid by `transactionId` at `at`" to `outbox`, where `happened` holds. */
export function addInvoicePaid(outbox: Outbox, platform: Platform, sub: SubscriptionRow, invoice: Pick<InvoiceRow, "id">, transactionId: string, at: string, happened: SQL): void {
  const i = invoices;
  outbox.change(
    platform.db
      .update(i)
      .set({ status: "PAID", paidAt: at, transactionId, nextAttemptAt: null, claimedUntil: null, updatedAt: at })
      .where(and(eq(i.id, invoice.id), eq(i.status, "OPEN"), happened)),
  );
  const paidNow = sql`exists (select 1 from ${i} where ${i.id} = ${invoice.id} and ${i.status} = 'PAID' and ${i.transactionId} = ${transactionId})`;
  // PIX Automático: INCOMPLETE until the payer authorizes too (the approval then moves it, answer.ts).
  const ready = sub.paymentMethod === "PIX_AUTOMATICO" && sub.status === "INCOMPLETE" ? sql`${paidNow} and ${authorizedSql(sub.id)}` : paidNow;
  if (SUBSCRIPTION_MACHINE.find(sub.status, "pay")) addSubscriptionMove(outbox, platform, sub, "pay", at, {}, ready);
}

/** The time a subscription lives at: its test clock's frozen time, or now. */
export async function timeOf(platform: Platform, testClockId: string | null): Promise<string> {
  if (!testClockId) return platform.now().toISOString();
  const [clock] = await platform.db.select({ t: testClocks.frozenTime }).from(testClocks).where(eq(testClocks.id, testClockId)).limit(1);
  return clock?.t ?? platform.now().toISOString();
}

/**
 * For a PIX charge about to be paid (pay-transaction.ts): when it is an invoice's, the addition to
 * its pay batch that settles the invoice; null for any other charge.
 */
export async function invoiceSettlementOf(platform: Platform, charge: TransactionRow): Promise<((outbox: Outbox, moved: SQL) => void) | null> {
  if (!charge.invoiceId || !charge.subscriptionId) return null;
  const billable = await readBillable(platform.db, charge.subscriptionId);
  if (!billable) return null;
  const at = await timeOf(platform, billable.sub.testClockId);
  // Journey 3's composite QR: the payment that pays period 0 is the payer's authorization too.
  const approval = billable.sub.paymentMethod === "PIX_AUTOMATICO" ? await compositeApprovalOf(platform, billable.sub, charge.id, at) : null;
  return (outbox, moved) => {
    approval?.(outbox, moved);
    addInvoicePaid(outbox, platform, billable.sub, { id: charge.invoiceId! }, charge.id, at, moved);
  };
}
