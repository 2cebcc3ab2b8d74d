/**
 * Expiry: a PENDING charge whose QR code has expired → CANCELLED (event TRANSACTION_CANCELLED,
 * `cancellationReason: "EXPIRED"`, `cancelledAt` = the moment it expired).
 *
 * The spec leaves open what an expired PIX becomes; we cancel it, as a PSP removes an expired
 * cob: it can no longer be paid, and the seller hears of it. It happens at the first of:
 *   - any read or operation on the charge (GET, list, cancel, pay, refund, its PIX location),
 *     so no one ever sees an expired charge as PENDING or ATIVA (`expireIfDue`);
 *   - the minute sweep, which works through the whole backlog in batches of EXPIRE_BATCH
 *     moves per round trip, in both modes (expiry is not sandbox behaviour).
 * A charge paid or cancelled meanwhile loses the race harmlessly: its revision moved, nothing is
 * written.
 */
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Statements } from "../../db/guarded";
import { transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import type { TransactionRow, TransactionState } from "./serialize";
import { enqueueDeliveries } from "../webhooks/enqueue";
import { deliveryIdsOf } from "../webhooks/fan-out";
import { commitTransition, findTransaction, isClaimed, transitionStatements, type MoveInput, type Scope } from "./store";

/** How many charges one batch expires. */
export const EXPIRE_BATCH = 100;

/**
 * True when the charge is PENDING past its expiry at `now` (ISO text) and no confirm holds it: a
 * card sale being authorized ends as its confirm decides, not as the clock does.
 */
export function isDue(row: Pick<TransactionRow, "status" | "expiresAt" | "confirmingUntil">, now: string): boolean {
  return row.status === "PENDING" && row.expiresAt !== null && row.expiresAt <= now && !isClaimed(row, now);
}

/** The expire move of a due charge. */
function expiryMove(state: TransactionState): MoveInput {
  return { trigger: "expire", changes: { cancelledAt: state.row.expiresAt, cancellationReason: "EXPIRED" } };
}

/**
 * The state to show or act on: `state` itself, or, when it is due, the state after expiring it
 * (committed now; if another writer got there first, whatever it wrote).
 */
export async function expireIfDue(platform: Platform, state: TransactionState): Promise<TransactionState> {
  if (!isDue(state.row, platform.now().toISOString())) return state;
  const next = await commitTransition(platform, state, expiryMove(state));
  return next ?? (await findTransaction(platform.db, state.row.id)) ?? state;
}

/** A transaction as it truly is now: read in one statement, expired first if it is due. */
export async function readTransaction(platform: Platform, id: string, scope?: Scope): Promise<TransactionState | null> {
  const state = await findTransaction(platform.db, id, scope);
  return state && expireIfDue(platform, state);
}

/** Sweep: cancels every expired PENDING charge, EXPIRE_BATCH per round trip; returns how many. */
export async function expireTransactions(platform: Platform): Promise<number> {
  const { db } = platform;
  let expired = 0;
  for (;;) {
    const now = platform.now().toISOString();
    // A PENDING charge has no refunds: its columns are its whole state.
    const due = await db
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, "PENDING"), lte(transactions.expiresAt, now), or(isNull(transactions.confirmingUntil), lte(transactions.confirmingUntil, now))))
      .orderBy(asc(transactions.expiresAt))
      .limit(EXPIRE_BATCH);
    if (due.length === 0) return expired;
    const before = expired;
    const moves = due.map((row) => transitionStatements(platform, { row, refunds: [] }, expiryMove({ row, refunds: [] })));
    const results = (await db.batch(moves.flatMap((m) => m.statements) as Statements)) as unknown[][];
    // Count the guarded updates that happened (the first statement of each move) and enqueue
    // the webhook deliveries their events fanned out to.
    let at = 0;
    const deliveries: string[] = [];
    for (const move of moves) {
      if (results[at]!.length === 1) expired++;
      if (move.fanOut !== undefined) deliveries.push(...deliveryIdsOf(results[at + move.fanOut]));
      at += move.statements.length;
    }
    await enqueueDeliveries(platform, deliveries);
    // A full batch that expired nothing was lost to other writers: leave the rest to the next run.
    if (due.length < EXPIRE_BATCH || expired === before) return expired;
  }
}
