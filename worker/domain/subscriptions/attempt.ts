/**
 * One attempt to charge a card invoice: merchant-initiated, on the subscription's card as it is
 * now (a card replaced while PAST_DUE is the one the next retry uses).
 *
 * An attempt is claimed before anything reaches the acquirer: the invoice names the charge's
 * transaction id and `claimed_until` (real time), so of any number of billers exactly one
 * authorizes (a new invoice is born claimed, issue.ts; a retry claims with `claimAttempt`). The
 * acquirer's answer is then written in one batch, under "the claim is still ours": the charge
 * (PAID with its fee and TRANSACTION_PAID, or FAILED with the decline) and what it means for the
 * invoice and the subscription: paid (ACTIVE, SUBSCRIPTION_RENEWED), a retry scheduled (ACTIVE or
 * TRIALING → PAST_DUE, SUBSCRIPTION_PAST_DUE), or the schedule spent (UNCOLLECTIBLE, CANCELLED,
 * SUBSCRIPTION_CANCELLED).
 */
import { and, desc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { invoices, transactions } from "../../db/schema";
import type { SaleOutcome } from "../../lib/acquirer";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { authorizeMerchantInitiated } from "../cards/merchant-initiated";
import { newEvent, Outbox } from "../events/outbox";
import type { PlanRow } from "../subscription-plans/serialize";
import { readFeeRate } from "../transactions/fees";
import { toTransaction } from "../transactions/serialize";
import { addDays } from "./calendar";
import { cardInvoiceCharge, invoiceDescription } from "./charges";
import { SUBSCRIPTION_MACHINE } from "./machine";
import { addSubscriptionMove } from "./move";
import { addInvoicePaid } from "./paid";
import { ATTEMPT_CLAIM_SECONDS, cardRetryDaysOf } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";

/** Claims OPEN invoice `invoice` for a new attempt at `at`; the claimed invoice, or null when another biller has it. */
export async function claimAttempt(platform: Platform, invoice: InvoiceRow, at: string): Promise<InvoiceRow | null> {
  const now = platform.now();
  const claimedUntil = new Date(now.getTime() + ATTEMPT_CLAIM_SECONDS * 1000).toISOString();
  const i = invoices;
  const [claimed] = await platform.db
    .update(i)
    .set({ transactionId: crypto.randomUUID(), attemptCount: invoice.attemptCount + 1, claimedUntil, updatedAt: at })
    .where(
      and(
        eq(i.id, invoice.id),
        eq(i.status, "OPEN"),
        eq(i.attemptCount, invoice.attemptCount),
        or(isNull(i.claimedUntil), lte(i.claimedUntil, now.toISOString())),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Asks the acquirer; a card that cannot be charged at all (removed, never authenticated) is a decline. */
export async function authorizeAttempt(platform: Platform, sub: SubscriptionRow, invoice: InvoiceRow) {
  const rate = await readFeeRate(platform.db, sub.sellerId, "CREDIT_CARD", 1);
  const refused = (code: string, message: string, hard = false) => ({ card: null, acquirer: null, outcome: { status: "DECLINED", code, message, hard } as SaleOutcome, rate });
  if (!rate) return refused("payment_method_not_enabled", "The seller's fee plan no longer prices credit cards.");
  if (!sub.cardToken) return refused("card_missing", "The subscription has no card.");
  // A hard decline is final for that card: a retry sends it again only after the buyer replaced it
  // (the networks count retries of hard declines against the merchant).
  const hard = await hardDeclineOf(platform, invoice.id, sub.cardToken);
  if (hard) return refused(hard.code, `${hard.message} The issuer declined this card for good, so it is not tried again: the buyer must replace it.`, true);
  try {
    const sale = await authorizeMerchantInitiated(platform, {
      sellerId: sub.sellerId, livemode: sub.livemode, cardToken: sub.cardToken, transactionId: invoice.transactionId!, amount: invoice.amount, currency: invoice.currency,
    });
    return { ...sale, rate };
  } catch (err) {
    if (err instanceof ApiError) return refused(err.code === "RESOURCE_NOT_FOUND" ? "card_removed" : err.code.toLowerCase(), err.message);
    throw err;
  }
}

/** The invoice's last charge on `cardToken`, when its decline was hard. */
async function hardDeclineOf(platform: Platform, invoiceId: string, cardToken: string): Promise<{ code: string; message: string } | null> {
  const t = transactions;
  const [last] = await platform.db
    .select({ code: t.failureCode, message: t.failureMessage, hard: t.declineHard })
    .from(t)
    .where(and(eq(t.invoiceId, invoiceId), eq(t.cardId, cardToken), eq(t.status, "FAILED")))
    .orderBy(desc(t.createdAt))
    .limit(1);
  return last?.hard ? { code: last.code ?? "card_declined", message: last.message ?? "" } : null;
}

/** An attempt's sale, as authorizeAttempt answers it. */
export type AttemptSale = Awaited<ReturnType<typeof authorizeAttempt>>;

/**
 * Adds the outcome of claimed invoice `invoice`'s attempt to `outbox`: the charge, and what it
 * means for the invoice and the subscription, all under "the claim is still ours". Returns the
 * index of the charge's insert (0 rows affected: the claim was lost, nothing written) and whether
 * it was paid.
 */
export async function addAttemptOutcome(outbox: Outbox, platform: Platform, sub: SubscriptionRow, plan: PlanRow, invoice: InvoiceRow, at: string, sale: AttemptSale): Promise<{ written: number; paid: boolean }> {
  const charge = await cardInvoiceCharge(platform, sub, invoice, invoiceDescription(plan.name, invoice), at, sale, sale.rate ?? { feePlanId: null as never, percentBps: 0, fixedAmount: 0 });
  const paid = charge.status === "PAID";
  const { db } = platform;
  const i = invoices;
  const ours = sql`exists (select 1 from ${i} where ${i.id} = ${invoice.id} and ${i.status} = 'OPEN' and ${i.transactionId} = ${charge.id} and ${i.claimedUntil} = ${invoice.claimedUntil})`;
  const written = outbox.change(insertWhere(db, transactions, charge, ours));
  const recorded = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${charge.id})`;
  if (paid) {
    outbox.emit(newEvent({ type: "TRANSACTION_PAID", sellerId: sub.sellerId, livemode: sub.livemode, occurredAt: at, data: { transaction: toTransaction({ row: charge, refunds: [] }, platform.config.baseUrl) } }), recorded);
    addInvoicePaid(outbox, platform, sub, invoice, charge.id, at, recorded);
  } else {
    const retryDays = await cardRetryDaysOf(db, sub.sellerId, sub.livemode);
    // Attempt 1 was on the due date; attempt k + 1 is retry k.
    const nextRetry = retryDays[invoice.attemptCount - 1];
    const stillOurs = and(eq(i.id, invoice.id), eq(i.status, "OPEN"), eq(i.transactionId, charge.id));
    if (nextRetry !== undefined) {
      outbox.change(db.update(i).set({ nextAttemptAt: addDays(invoice.dueAt, nextRetry), claimedUntil: null, updatedAt: at }).where(and(stillOurs, recorded)));
      if (SUBSCRIPTION_MACHINE.find(sub.status, "fall_due")) addSubscriptionMove(outbox, platform, sub, "fall_due", at, {}, recorded);
    } else {
      outbox.change(db.update(i).set({ status: "UNCOLLECTIBLE", nextAttemptAt: null, claimedUntil: null, updatedAt: at }).where(and(stillOurs, recorded)));
      if (SUBSCRIPTION_MACHINE.find(sub.status, "cancel")) addSubscriptionMove(outbox, platform, sub, "cancel", at, { cancelledAt: at, nextBillingAt: null }, recorded);
    }
  }
  return { written, paid };
}

/**
 * Charges claimed invoice `invoice` of `sub` at `at` and records the outcome in a batch of its
 * own. Returns true when it was paid, false when declined, null when the claim was lost meanwhile
 * (nothing written).
 */
export async function chargeClaimedInvoice(platform: Platform, sub: SubscriptionRow, plan: PlanRow, invoice: InvoiceRow, at: string): Promise<boolean | null> {
  const sale = await authorizeAttempt(platform, sub, invoice);
  const outbox = new Outbox(platform);
  const { written, paid } = await addAttemptOutcome(outbox, platform, sub, plan, invoice, at, sale);
  const results = await outbox.commit();
  if ((results[written] as { rowsAffected?: number }).rowsAffected === 0) return null;
  return paid;
}
