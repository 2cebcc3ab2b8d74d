/**
 * Expiry: a PENDING charge whose QR code has expired → CANCELLED (event TRANSACTION_CANCELLED,
 * `cancellationReason: "EXPIRED"`, `cancelledAt` = the moment it expired).
 *
 * The spec leaves open what an expired PIX becomes; we cancel it, as a PSP removes an expired
 * cob: it can no longer be paid, and the seller hears of it. It happens at the first of:
 *   - any read or operation on the charge (GET, list, cancel, pay, refund, its PIX location),
 *     so no one ever sees an expired charge as PENDING or ATIVA (`expireIfDue` in store.ts);
 *   - this file's minute sweep, which works through the whole backlog in batches of EXPIRE_BATCH
 *     moves per round trip, in both modes (expiry is not sandbox behaviour).
 * A charge paid or cancelled meanwhile loses the race harmlessly: its revision moved, nothing is
 * written. A live charge made at a PSP is removed there before the sweep expires it here.
 */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { Outbox } from "../events/outbox";
import { expiryMove } from "./store";
import { addTransition } from "./transition";
import { PspRejectedError, PspUnavailableError } from "../../lib/acquirer";
import { settleNotified } from "../pix/psp-payments";
import type { TransactionRow } from "./serialize";

/** How many charges one batch expires. */
export const EXPIRE_BATCH = 100;

/** Sweep: cancels every expired PENDING charge, EXPIRE_BATCH per round trip; returns how many. */
export async function expireTransactions(platform: Platform): Promise<number> {
  const { db } = platform;
  let expired = 0;
  for (;;) {
    const now = platform.now().toISOString();
    // A PENDING charge has no refunds: its columns are its whole state. A claimed one is its confirm's.
    const due = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, "PENDING"), lte(transactions.expiresAt, now), or(isNull(transactions.confirmingUntil), lte(transactions.confirmingUntil, now))))
      .orderBy(asc(transactions.expiresAt))
      .limit(EXPIRE_BATCH);
    if (due.length === 0) return expired;
    const before = expired;
    const expiring = await removedAtPsp(platform, due);
    if (expiring.length === 0) return expired;
    const outbox = new Outbox(platform);
    const moves = expiring.map((row) => addTransition(outbox, platform, { row, refunds: [] }, expiryMove({ row, refunds: [] })));
    const results = await outbox.commit();
    // Count the guarded updates that happened; the outbox enqueued the deliveries of their events.
    expired += moves.filter((m) => (results[m.index] as unknown[]).length === 1).length;
    // A full batch that expired nothing was lost to other writers: leave the rest to the next run.
    if (due.length < EXPIRE_BATCH || expired === before) return expired;
  }
}

/**
 * The charges of `due` that may expire here: every one not made at a PSP, and each live one the
 * PSP has removed first (so no payer can pay it after it expired here). One the PSP says was paid
 * meanwhile is settled instead (its callback may be on its way); one the PSP cannot be asked about
 * now waits for the next run.
 */
async function removedAtPsp(platform: Platform, due: TransactionRow[]): Promise<TransactionRow[]> {
  const psp = platform.acquirers.live?.psp;
  if (!psp) return due;
  const expiring: TransactionRow[] = [];
  for (const row of due) {
    if (!row.livemode || !row.pixTxid) {
      expiring.push(row);
      continue;
    }
    try {
      await psp.removeCharge(row.pixTxid, row.pixDueDate ? "cobv" : "cob");
      expiring.push(row);
    } catch (error) {
      if (error instanceof PspRejectedError) await settleNotified(platform, psp, row.pixTxid);
      else if (!(error instanceof PspUnavailableError)) throw error;
    }
  }
  return expiring;
}
