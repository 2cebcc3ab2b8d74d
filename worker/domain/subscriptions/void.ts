/**
 * A subscription ended before its invoices were paid (cancelled now, or a PIX Automático one
 * INCOMPLETE_EXPIRED): its OPEN invoices are VOID, their pending PIX charges cancelled and their
 * PIX Automático charge instructions woken to be cancelled, in the batch of its move. An invoice whose card attempt is in flight is left to it: voiding it would
 * lose a charge the acquirer may be approving. Its outcome is recorded; declined, collection voids
 * it (collect.ts).
 */
import { and, asc, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { invoices } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Outbox } from "../events/outbox";
import { readTransaction } from "../transactions/store";
import { addTransition } from "../transactions/transition";
import { wakeInstructionsOf } from "./automatico-sweep";
import type { SubscriptionRow } from "./store";

/** Adds the voiding of `sub`'s open invoices (and the cancel of their pending PIX charges) at `at` to `outbox`; `when`: only if it holds. */
export async function addVoidOpenInvoices(outbox: Outbox, platform: Platform, sub: SubscriptionRow, at: string, when?: SQL): Promise<void> {
  const realNow = platform.now().toISOString();
  const open = (await platform.db.select().from(invoices).where(and(eq(invoices.subscriptionId, sub.id), eq(invoices.status, "OPEN"))).orderBy(asc(invoices.periodIndex))).filter(
    (i) => i.claimedUntil === null || i.claimedUntil <= realNow,
  );
  if (!open.length) return;
  outbox.change(
    platform.db
      .update(invoices)
      .set({ status: "VOID", nextAttemptAt: null, updatedAt: at })
      .where(and(inArray(invoices.id, open.map((o) => o.id)), eq(invoices.status, "OPEN"), or(isNull(invoices.claimedUntil), lte(invoices.claimedUntil, realNow)), when)),
  );
  // PIX Automático: their charge instructions are cancelled (at the PSP too) by the sweep's next round.
  if (sub.paymentMethod === "PIX_AUTOMATICO") outbox.change(wakeInstructionsOf(platform, open.map((o) => o.id), at));
  for (const invoice of open) {
    const charge = invoice.transactionId ? await readTransaction(platform, invoice.transactionId) : null;
    if (charge?.row.status === "PENDING" && charge.row.paymentMethod === "PIX") {
      addTransition(outbox, platform, charge, { trigger: "cancel", changes: { cancelledAt: realNow, cancellationReason: "REQUESTED" } });
    }
  }
}
