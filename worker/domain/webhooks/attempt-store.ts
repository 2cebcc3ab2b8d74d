/**
 * The two writes of a webhook attempt (deliver.ts), built once per database (db/prepared.ts):
 * drizzle rebuilding them from their builders on every attempt, with the rows mapped field by
 * field, was a fifth of a delivery's CPU when 2,000 were replayed at once (docs/performance.md,
 * "Issue 33, item 5"). Same statements, same guards; only the values are bound per attempt.
 *
 * 1. `claimAttempt`: the guarded UPDATE that takes the lease and counts the attempt, with the
 *    webhook and the event the POST needs, in one batch (one commit).
 * 2. `recordAttempt`: the attempt's row and the delivery's next state, in one batch.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { events, webhookAttempts, webhookDeliveries, webhooks } from "../../db/schema";
import type { Db } from "../../db/client";
import { preparedBatch } from "../../db/prepared";

const p = sql.placeholder;
const d = webhookDeliveries;

const claimBatch = preparedBatch((db) => {
  const ofDelivery = (column: typeof d.webhookId | typeof d.eventId) => sql`(select ${column} from ${d} where ${d.id} = ${p("id")})`;
  const e = events;
  return [
    db
      .update(d)
      .set({ attempts: sql`${d.attempts} + 1`, leaseUntil: sql`${p("leaseUntil")}`, updatedAt: sql`${p("at")}` })
      .where(and(eq(d.id, p("id")), eq(d.status, "PENDING"), lte(d.nextAttemptAt, p("at")), or(isNull(d.leaseUntil), lte(d.leaseUntil, p("at")))))
      .returning({ attempts: d.attempts, attemptLimit: d.attemptLimit }),
    db.select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret, livemode: webhooks.livemode }).from(webhooks).where(eq(webhooks.id, ofDelivery(d.webhookId))),
    db.select({ id: e.id, type: e.type, sellerId: e.sellerId, livemode: e.livemode, occurredAt: e.occurredAt, data: e.data, test: e.test, createdAt: e.createdAt })
      .from(e)
      .where(eq(e.id, ofDelivery(d.eventId))),
  ];
});

/** What a won claim hands the POST. `webhook` or `event` is null when it was deleted meanwhile. */
export interface Claim {
  attempts: number;
  attemptLimit: number;
  webhook: { id: string; url: string; secret: string; livemode: boolean } | null;
  event: typeof events.$inferSelect | null;
}

/**
 * Claims the next attempt of `deliveryId` (PENDING, due at `at`, not leased) with a lease until
 * `leaseUntil`; null when it is not due or another worker holds it.
 */
export async function claimAttempt(db: Db, deliveryId: string, at: string, leaseUntil: string): Promise<Claim | null> {
  const [claimed, hook, event] = await claimBatch(db).run({ id: deliveryId, at, leaseUntil });
  const c = claimed!.rows[0] as ArrayLike<unknown> | undefined;
  if (!c) return null;
  const w = hook!.rows[0] as ArrayLike<unknown> | undefined;
  const v = event!.rows[0] as ArrayLike<unknown> | undefined;
  return {
    attempts: Number(c[0]),
    attemptLimit: Number(c[1]),
    webhook: w ? { id: w[0] as string, url: w[1] as string, secret: w[2] as string, livemode: Boolean(w[3]) } : null,
    event: v
      ? {
          id: v[0] as string, type: v[1] as string, sellerId: v[2] as string, livemode: Boolean(v[3]), occurredAt: v[4] as string,
          data: JSON.parse(v[5] as string) as Record<string, unknown>, test: Boolean(v[6]), createdAt: v[7] as string,
        }
      : null,
  };
}

const recordBatch = preparedBatch((db) => [
  db.insert(webhookAttempts).values({
    deliveryId: p("id"), attempt: p("attempt"), startedAt: p("startedAt"), durationMs: p("durationMs"),
    httpStatus: p("httpStatus"), error: p("error"), responseExcerpt: p("excerpt"),
  }),
  // A retry moves `next_attempt_at`, a conclusion sets `completed_at`: each keeps the other as it was.
  db
    .update(d)
    .set({
      status: sql`${p("status")}`,
      nextAttemptAt: sql`coalesce(${p("nextAttemptAt")}, ${d.nextAttemptAt})`,
      completedAt: sql`coalesce(${p("completedAt")}, ${d.completedAt})`,
      leaseUntil: null,
      lastHttpStatus: sql`${p("httpStatus")}`,
      lastError: sql`${p("error")}`,
      updatedAt: sql`${p("recordedAt")}`,
    })
    .where(and(eq(d.id, p("id")), eq(d.status, "PENDING"))),
]);

/** One attempt as recorded, and the delivery's next state. */
export interface AttemptRecord {
  attempt: number;
  startedAt: string;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  excerpt: string | null;
  recordedAt: string;
  status: "DELIVERED" | "FAILED" | "PENDING";
  /** Set for a retry (PENDING); null otherwise. */
  nextAttemptAt: string | null;
  /** Set for a conclusion (DELIVERED, FAILED); null otherwise. */
  completedAt: string | null;
}

/** Writes the attempt's row and moves the delivery (still PENDING) to its next state, in one batch. */
export async function recordAttempt(db: Db, deliveryId: string, record: AttemptRecord): Promise<void> {
  await recordBatch(db).run({ id: deliveryId, ...record });
}
