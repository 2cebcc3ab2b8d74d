/**
 * The expiry sweep: a PENDING charge whose QR code has expired → CANCELLED (event
 * TRANSACTION_CANCELLED, `cancellationReason: "EXPIRED"`).
 *
 * The spec leaves open what an expired PIX becomes; we cancel it, as a PSP removes an expired
 * cob: it can no longer be paid, and the seller hears of it. Runs every minute from the
 * scheduled job, in bounded batches, in both modes (expiry is not sandbox behaviour). A charge
 * paid or cancelled meanwhile loses the race harmlessly: its revision moved, nothing is written.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { commitTransition, findTransaction } from "./store";

/** How many charges one run expires at most. */
export const EXPIRE_BATCH = 100;

/** Cancels up to EXPIRE_BATCH expired PENDING charges; returns how many it cancelled. */
export async function expireTransactions(platform: Platform): Promise<number> {
  const { db } = platform;
  const now = platform.now().toISOString();
  const due = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.status, "PENDING"), lte(transactions.expiresAt, now)))
    .orderBy(asc(transactions.expiresAt))
    .limit(EXPIRE_BATCH);
  let expired = 0;
  for (const { id } of due) {
    const current = await findTransaction(db, id);
    if (current?.row.status !== "PENDING") continue;
    const done = await commitTransition(platform, current, {
      trigger: "expire",
      changes: { cancelledAt: now, cancellationReason: "EXPIRED" },
    });
    if (done) expired++;
  }
  return expired;
}
