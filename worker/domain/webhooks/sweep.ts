/**
 * The webhook parts of the minute sweep: deliveries that are due but have no live message (the
 * Node queue lives in memory; a Cloudflare message can be lost) are enqueued again, and a
 * delivery whose last attempt died mid-way with its attempts spent is closed as FAILED. Sending
 * twice is prevented by the lease, not here: a delivery that still has its message is only
 * skipped by whichever of the two comes second.
 */
import { and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { webhookDeliveries } from "../../db/schema";
import type { Platform } from "../../platform";
import { enqueueDeliveries } from "./enqueue";

/** Deliveries re-enqueued per run at most; the rest wait for the next minute. */
export const SWEEP_BATCH = 1000;

const d = webhookDeliveries;
const free = (at: string) => or(isNull(d.leaseUntil), lte(d.leaseUntil, at));

/** Enqueues due PENDING deliveries; returns how many. */
export async function sweepDueDeliveries(platform: Platform): Promise<number> {
  const at = platform.now().toISOString();
  await closeSpentDeliveries(platform);
  const due = await platform.db
    .select({ id: d.id, webhookId: d.webhookId })
    .from(d)
    .where(and(eq(d.status, "PENDING"), lte(d.nextAttemptAt, at), free(at), sql`${d.attempts} < ${d.attemptLimit}`))
    .orderBy(asc(d.nextAttemptAt))
    .limit(SWEEP_BATCH);
  await enqueueDeliveries(platform, due);
  return due.length;
}

/**
 * FAILED for PENDING deliveries with no attempt left and no live lease (their last attempt died
 * before it was recorded); also what the dead-letter consumer calls for a delivery it receives.
 */
export async function closeSpentDeliveries(platform: Platform, deliveryId?: string): Promise<number> {
  const at = platform.now().toISOString();
  const closed = await platform.db
    .update(d)
    .set({ status: "FAILED", leaseUntil: null, completedAt: at, updatedAt: at, lastError: sql`coalesce(${d.lastError}, 'no answer recorded for the last attempt')` })
    .where(and(eq(d.status, "PENDING"), gte(d.attempts, d.attemptLimit), free(at), deliveryId ? eq(d.id, deliveryId) : undefined))
    .returning({ id: d.id });
  return closed.length;
}
