/**
 * The acquirer concludes a refund: the refund PENDING → COMPLETED or FAILED (with
 * `completedAt`), and its transaction, from REFUND_PENDING, moves by what the refunds now add up
 * to (state-machine.ts):
 *   - another refund still pending            → stays REFUND_PENDING
 *   - refunds COMPLETED add up to the amount  → REFUNDED (TRANSACTION_REFUNDED)
 *   - money left unrefunded (partial, failed) → back to PAID, the refund in its history
 * Every conclusion writes an event: TRANSACTION_REFUNDED, TRANSACTION_PARTIALLY_REFUNDED or
 * TRANSACTION_REFUND_FAILED, with `data.transaction` and `data.refund`.
 *
 * The outcome comes from the acquirer that captured a card sale, or the PIX acquirer of the
 * transaction's mode (acquirers/); a PSP's devolução still in process leaves the refund pending
 * for the sweep to ask again. The sandbox fails a
 * refund whose amount ends in 13 minor units (e.g. 1013) and completes any other. A mode without
 * an acquirer cannot have created the refund; one left from before is skipped, not guessed.
 *
 * Called by the queue job `refund.conclude` and by the sweep; both are idempotent (a concluded
 * refund is left alone) and a race between them is settled by the transaction's revision.
 */
import { and, asc, eq, gt, inArray, lte, or, type SQL } from "drizzle-orm";
import { refunds, transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { refundAcquirerOf } from "../acquirers/acquirer";
import { toRefund, type RefundRow } from "./serialize";
import { refundConclusionTrigger } from "./state-machine";
import { findTransaction } from "./store";
import { commitTransition, retryOnRace } from "./transition";

/** Refunds still pending this long after the request are concluded by the sweep. */
export const REFUND_SWEEP_AFTER_SECONDS = 10;
const SWEEP_BATCH = 100;

/** Concludes one refund at its acquirer; false when there was nothing to do. */
export async function concludeRefund(platform: Platform, refundId: string): Promise<boolean> {
  const { db } = platform;
  return retryOnRace(async () => {
    const [found] = await db.select({ transactionId: refunds.transactionId }).from(refunds).where(eq(refunds.id, refundId)).limit(1);
    const current = found ? await findTransaction(db, found.transactionId) : null;
    const refund = current?.refunds.find((r) => r.id === refundId);
    if (!current || !refund || refund.status !== "PENDING") return false;
    const acquirer = refundAcquirerOf(platform.acquirers, current.row);
    if (!acquirer) return false;

    const outcome = await acquirer.concludeRefund({
      refundId,
      transactionId: current.row.id,
      amount: refund.amount,
      endToEndId: current.row.pixEndToEndId,
      acquirerReference: current.row.acquirerReference,
      // A card acquirer without refund idempotency compares this with the sale's refunded total.
      refundedBefore: current.refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + r.amount, 0),
    });
    // Asked and not final (a devolução in process): left pending, asked again by the sweep.
    if (outcome.status === "PENDING") return false;
    const at = platform.now().toISOString();
    const concluded: RefundRow = {
      ...refund,
      status: outcome.status,
      failureReason: outcome.status === "FAILED" ? outcome.reason : null,
      completedAt: at,
      updatedAt: at,
    };
    const after = current.refunds.map((r) => (r.id === refundId ? concluded : r));
    const othersPending = after.filter((r) => r.status === "PENDING").length;
    const refunded = after.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + r.amount, 0);
    const done = await commitTransition(platform, current, {
      trigger: refundConclusionTrigger(outcome.status, othersPending, refunded, current.row.amount),
      refunds: after,
      eventData: { refund: toRefund(concluded) },
      statements: (guard) => [
        db
          .update(refunds)
          .set({ status: concluded.status, failureReason: concluded.failureReason, completedAt: at, updatedAt: at })
          .where(and(eq(refunds.id, refundId), eq(refunds.status, "PENDING"), guard)),
      ],
    });
    return done ? true : null;
  });
}

/**
 * Sweep: concludes refunds pending for over REFUND_SWEEP_AFTER_SECONDS (their queue message was
 * lost), SWEEP_BATCH at a time until none is left; returns how many it concluded.
 */
export async function concludeDueRefunds(platform: Platform): Promise<number> {
  const before = new Date(platform.now().getTime() - REFUND_SWEEP_AFTER_SECONDS * 1000).toISOString();
  // Only modes with an acquirer: a refund nobody can conclude is left alone, not retried forever.
  const modes = platform.acquirers.live ? [false, true] : [false];
  let concluded = 0;
  // Walked by (requestedAt, id): a refund its PSP still processes stays PENDING and due, so the
  // next batch starts after the last one asked, not again at the first.
  let after: { requestedAt: string; id: string } | null = null;
  for (;;) {
    const past: SQL | undefined = after ? or(gt(refunds.requestedAt, after.requestedAt), and(eq(refunds.requestedAt, after.requestedAt), gt(refunds.id, after.id))) : undefined;
    const due = await platform.db
      .select({ id: refunds.id, requestedAt: refunds.requestedAt })
      .from(refunds)
      .innerJoin(transactions, eq(transactions.id, refunds.transactionId))
      .where(and(eq(refunds.status, "PENDING"), lte(refunds.requestedAt, before), inArray(transactions.livemode, modes), past))
      .orderBy(asc(refunds.requestedAt), asc(refunds.id))
      .limit(SWEEP_BATCH);
    for (const { id } of due) if (await concludeRefund(platform, id)) concluded++;
    if (due.length < SWEEP_BATCH) return concluded;
    after = due[due.length - 1]!;
  }
}
