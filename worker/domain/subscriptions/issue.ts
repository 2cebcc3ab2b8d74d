/**
 * Issuing a period's invoice: exactly once, whoever races to do it (two sweeps, a queue retry,
 * three test-clock advances). One batch moves the subscription on to the next period only if it
 * is still at this one (`periods_billed = n`: the compare-and-set that decides the winner), and
 * writes the invoice (unique per subscription and period start) and, for PIX, its PENDING charge,
 * both under "the subscription moved with this invoice". A loser's batch writes nothing.
 *
 * A card invoice is born claimed for its first attempt (attempt.ts charges it right after); a PIX
 * invoice waits for the buyer until its due date (collect.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { insertWhere, type SqlValues } from "../../db/guarded";
import { invoices, subscriptions, transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { sellerProfileOf } from "../api-keys";
import { Outbox } from "../events/outbox";
import type { PlanRow } from "../subscription-plans/serialize";
import { sellerFeeRateSql } from "../transactions/fees";
import { period } from "./calendar";
import { invoiceDescription, pixInvoiceCharge } from "./charges";
import { ATTEMPT_CLAIM_SECONDS, billingAtOf, cadenceOf } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";
import type { TransactionRow } from "../transactions/serialize";

import type { Statement } from "../../db/guarded";
import { forgetUnissued, txidOfTransaction } from "../pix/psp-charge";
import { automaticoContexts, instructionStatements, type AutomaticoIssueContext } from "./automatico-issue";
/** The invoice of period `n`, before it is written. A card one is claimed for its first attempt. */
export function newInvoice(sub: SubscriptionRow, plan: PlanRow, n: number, at: string, realNow: Date): InvoiceRow {
  const { start, end } = period(sub.billingAnchor, cadenceOf(plan), n);
  const card = sub.paymentMethod === "CREDIT_CARD";
  return {
    id: crypto.randomUUID(),
    subscriptionId: sub.id,
    sellerId: sub.sellerId,
    livemode: sub.livemode,
    periodIndex: n,
    periodStart: start,
    periodEnd: end,
    amount: plan.amount,
    currency: plan.currency,
    status: "OPEN",
    attemptCount: 1,
    // PIX: collection looks again at the due date (past due) and at the end of its grace.
    nextAttemptAt: card ? null : start < at ? at : start,
    claimedUntil: card ? new Date(realNow.getTime() + ATTEMPT_CLAIM_SECONDS * 1000).toISOString() : null,
    transactionId: crypto.randomUUID(),
    dueAt: start < at ? at : start,
    paidAt: null,
    testClockId: sub.testClockId,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The statements that write `invoice` and, for PIX, its charge, each only where `happened` (SQL)
 * holds. The PIX charge takes the seller's PIX fee rate in the batch, as a PIX create does.
 */
export async function invoiceStatements(
  platform: Platform,
  sub: SubscriptionRow,
  plan: PlanRow,
  invoice: InvoiceRow,
  happened: ReturnType<typeof sql>,
  /** Sees the PIX charge before it is written (a PIX Automático recurrence links its first one). */
  onCharge?: (charge: TransactionRow) => Promise<void>,
) {
  const { db } = platform;
  const statements: Statement[] = [insertWhere(db, invoices, invoice, happened)];
  // PIX Automático's first period is paid by a PIX charge too (its later ones: charge instructions).
  if (sub.paymentMethod === "PIX" || (sub.paymentMethod === "PIX_AUTOMATICO" && invoice.periodIndex === 0)) {
    const seller = await sellerProfileOf(db, sub.sellerId);
    if (!seller) throw new Error(`seller ${sub.sellerId} of subscription ${sub.id} not found`);
    const charge = await pixInvoiceCharge(platform, seller, sub, invoice, invoiceDescription(plan.name, invoice), invoice.createdAt);
    await onCharge?.(charge);
    const rate = sellerFeeRateSql(sub.sellerId, "PIX");
    const values: SqlValues<typeof charge> = { ...charge, feePlanId: rate.feePlanId, feePercentBps: rate.percentBps, feeFixedAmount: rate.fixedAmount };
    statements.push(insertWhere(db, transactions, values, sql`exists (select 1 from ${invoices} where ${invoices.id} = ${invoice.id}) and ${rate.priced}`));
  }
  return statements;
}

/**
 * Adds the issue of the period `sub` is due for, at `at` (the subscription's time: its test
 * clock's, or now), to `outbox`: the subscription's compare-and-set, then the invoice and its PIX
 * charge under it. Returns the invoice and the index of the compare-and-set in the batch's results
 * (one row returned: this batch issued it).
 */
export async function addIssue(outbox: Outbox, platform: Platform, sub: SubscriptionRow, plan: PlanRow, at: string, contexts?: Map<string, AutomaticoIssueContext>): Promise<{ invoice: InvoiceRow; moved: number }> {
  const n = sub.periodsBilled;
  // PIX_AUTOMATICO: its recurrence and lead days (read for the page by billPage, else here).
  const automatico = sub.paymentMethod === "PIX_AUTOMATICO" ? (contexts ?? (await automaticoContexts(platform.db, [sub]))).get(sub.id) : undefined;
  const issued = newInvoice(sub, plan, n, at, platform.now());
  // A period billed by a charge instruction is followed by the instruction's own times
  // (automatico-sweep.ts), not collection's. (A PIX Automático subscription's first invoice, made
  // with it and paid by a PIX charge, is collected as a PIX one: create.ts.)
  const invoice = sub.paymentMethod === "PIX_AUTOMATICO" ? { ...issued, nextAttemptAt: null } : issued;
  const leadDays = automatico?.leadDays;
  const s = subscriptions;
  const moved = outbox.change(
    platform.db
      .update(s)
      .set({
        periodsBilled: n + 1,
        nextBillingAt: billingAtOf(sub, plan, n + 1, sub.paymentMethod, leadDays),
        latestInvoiceId: invoice.id,
        currentPeriodStart: invoice.periodStart,
        currentPeriodEnd: invoice.periodEnd,
        revision: crypto.randomUUID(),
        updatedAt: at,
      })
      .where(and(eq(s.id, sub.id), eq(s.periodsBilled, n), inArray(s.status, ["TRIALING", "ACTIVE", "PAST_DUE"]), eq(s.cancelAtPeriodEnd, false)))
      .returning({ id: s.id }),
  );
  const happened = sql`exists (select 1 from ${s} where ${s.id} = ${sub.id} and ${s.latestInvoiceId} = ${invoice.id})`;
  outbox.change(...(await invoiceStatements(platform, sub, plan, invoice, happened)));
  // The period's charge instruction, only where this batch issued the invoice (automatico-issue.ts).
  if (automatico) outbox.change(...instructionStatements(platform, sub, invoice, happened, automatico.rec));
  return { invoice, moved };
}

/** The txid of the charge `invoice` made at a PSP, if one was (live PIX through a PSP): forgotten there when not issued. */
export function pspChargeOf(platform: Platform, sub: SubscriptionRow, invoice: InvoiceRow): string | null {
  return sub.paymentMethod === "PIX" && sub.livemode && platform.acquirers.live?.psp ? txidOfTransaction(invoice.transactionId!) : null;
}

/** Issues the invoice `sub` is due for in a batch of its own; the invoice, or null when another biller did first. */
export async function issueInvoice(platform: Platform, sub: SubscriptionRow, plan: PlanRow, at: string): Promise<InvoiceRow | null> {
  const outbox = new Outbox(platform);
  const { invoice, moved } = await addIssue(outbox, platform, sub, plan, at);
  const results = await outbox.commit();
  if ((results[moved] as unknown[]).length === 1) return invoice;
  await forgetUnissued(platform, [pspChargeOf(platform, sub, invoice)]);
  return null;
}
