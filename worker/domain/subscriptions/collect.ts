/**
 * Collecting an OPEN invoice whose `nextAttemptAt` has come (the sweep, or a test clock's advance):
 *
 * - **Card**: the next attempt of the seller's retry schedule (attempt.ts).
 * - **PIX**: at its due date, unpaid, the subscription falls PAST_DUE (an INCOMPLETE one stays so)
 *   and collection looks again when its grace ends; then, still unpaid, the charge expires, the
 *   invoice is UNCOLLECTIBLE and the subscription CANCELLED (a PIX Automático one still waiting for
 *   its payer: INCOMPLETE_EXPIRED, its recurrence EXPIRED). A charge found PAID (its payment's
 *   batch settles the invoice, so only after a crash between the two) settles it now.
 */
import { and, eq, sql } from "drizzle-orm";
import { invoices } from "../../db/schema";
import type { Platform } from "../../platform";
import { Outbox } from "../events/outbox";
import type { PlanRow } from "../subscription-plans/serialize";
import { readTransaction } from "../transactions/store";
import { addTransition } from "../transactions/transition";
import { chargeClaimedInvoice, claimAttempt } from "./attempt";
import { SUBSCRIPTION_MACHINE } from "./machine";
import { addSubscriptionMove } from "./move";
import { addInvoicePaid } from "./paid";
import { pixPayableUntil } from "./rules";
import type { InvoiceRow, SubscriptionRow } from "./store";
import { expireUnanswered } from "../pix-automatico/cancel";

/** Acts on due invoice `invoice` of `sub` at `at`; true when it changed something. */
export async function collectInvoice(platform: Platform, sub: SubscriptionRow, plan: PlanRow, invoice: InvoiceRow, at: string): Promise<boolean> {
  const charge = invoice.transactionId ? await readTransaction(platform, invoice.transactionId) : null;
  // Cancelled while a card attempt on it was in flight (cancel leaves such an invoice open): never charged again.
  if (sub.status === "CANCELLED") {
    const [voided] = await platform.db
      .update(invoices)
      .set({ status: "VOID", nextAttemptAt: null, updatedAt: at })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "OPEN"), eq(invoices.attemptCount, invoice.attemptCount)))
      .returning({ id: invoices.id });
    return voided !== undefined;
  }
  if (charge?.row.paymentMethod !== "PIX") {
    const claimed = await claimAttempt(platform, invoice, at);
    return claimed ? (await chargeClaimedInvoice(platform, sub, plan, claimed, at)) !== null : false;
  }
  const i = invoices;
  const seen = and(eq(i.id, invoice.id), eq(i.status, "OPEN"), invoice.nextAttemptAt ? eq(i.nextAttemptAt, invoice.nextAttemptAt) : undefined);
  const outbox = new Outbox(platform);
  // The subscription's move right after the invoice's UPDATE, only if that UPDATE changed it.
  const justChanged = sql`changes() = 1`;
  if (charge.row.status === "PAID") {
    addInvoicePaid(outbox, platform, sub, invoice, charge.row.id, charge.row.paidAt ?? at, sql`1`);
    await outbox.commit();
    return true;
  }
  const graceOver = at >= pixPayableUntil(invoice.dueAt);
  const moved = graceOver
    ? outbox.change(platform.db.update(i).set({ status: "UNCOLLECTIBLE", nextAttemptAt: null, updatedAt: at }).where(seen).returning({ id: i.id }))
    : outbox.change(platform.db.update(i).set({ nextAttemptAt: pixPayableUntil(invoice.dueAt), updatedAt: at }).where(seen).returning({ id: i.id }));
  // PIX Automático's first period unpaid through its grace: the payer never answered, it ends unauthorized.
  const unanswered = graceOver && sub.paymentMethod === "PIX_AUTOMATICO" && SUBSCRIPTION_MACHINE.find(sub.status, "expire") !== null;
  const trigger = unanswered ? "expire" : graceOver ? "cancel" : "fall_due";
  if (SUBSCRIPTION_MACHINE.find(sub.status, trigger)) {
    addSubscriptionMove(outbox, platform, sub, trigger, at, graceOver ? { ...(unanswered ? {} : { cancelledAt: at }), nextBillingAt: null } : {}, justChanged);
  }
  if (graceOver && charge.row.status === "PENDING") {
    addTransition(outbox, platform, charge, { trigger: "expire", changes: { cancelledAt: at, cancellationReason: "EXPIRED" } });
  }
  const results = await outbox.commit();
  const done = (results[moved] as unknown[]).length === 1;
  if (done && unanswered) await expireUnanswered(platform, sub.id);
  return done;
}
