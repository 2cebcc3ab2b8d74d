/**
 * Subscription and invoice rows: reading them in a caller's scope, and what the API shows of
 * them. Another seller's or mode's subscription reads as none (404 to the route).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoices, subscriptionPlans, subscriptions } from "../../db/schema";
import type { Invoice, Subscription } from "../../schemas/subscription";
import type { PlanRow } from "../subscription-plans/serialize";
import type { Scope } from "../scope";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Subscription `id` of the scope's seller and mode, or null. */
export async function readSubscription(db: Db, scope: Scope, id: string): Promise<SubscriptionRow | null> {
  const s = subscriptions;
  const [row] = await db.select().from(s).where(and(eq(s.id, id), eq(s.sellerId, scope.sellerId), eq(s.livemode, scope.livemode))).limit(1);
  return row ?? null;
}

/** A subscription with its plan, by id alone (billing, which acts for the seller). */
export async function readBillable(db: Db, id: string): Promise<{ sub: SubscriptionRow; plan: PlanRow } | null> {
  const [row] = await db.select({ sub: subscriptions, plan: subscriptionPlans }).from(subscriptions).innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId)).where(eq(subscriptions.id, id)).limit(1);
  return row ?? null;
}

/**
 * The subscription as the API answers it. `pixAutomatico` is its recurrence's view when the caller
 * has it (domain/pix-automatico/store.ts's withPixAutomatico reads it for the routes), else null.
 */
export function toSubscription(row: SubscriptionRow, pixAutomatico: Subscription["pixAutomatico"] = null): Subscription {
  return {
    id: row.id,
    planId: row.planId,
    sellerId: row.sellerId,
    buyerId: row.buyerId,
    paymentMethod: row.paymentMethod as Subscription["paymentMethod"],
    cardToken: row.cardToken,
    pixAutomatico,
    status: row.status,
    livemode: row.livemode,
    nextBillingAt: row.nextBillingAt,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEndAt: row.trialEndAt,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelledAt: row.cancelledAt,
    latestInvoiceId: row.latestInvoiceId,
    testClockId: row.testClockId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The invoice as the API answers it. */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.nextAttemptAt,
    transactionId: row.transactionId,
    dueAt: row.dueAt,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}
