/**
 * A seller's delivery history (newest first, each delivery with every attempt), and retrying a
 * FAILED delivery: five more attempts, starting now.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, type DeliveryStatus } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Delivery } from "../../schemas/webhook";
import type { Scope } from "../scope";
import { enqueueDeliveries } from "./enqueue";
import { ATTEMPT_LIMIT } from "../events/fan-out";
import { assertManages } from "./manage";

/** The history's filters. */
export interface HistoryQuery {
  limit: number;
  webhookId?: string;
  status?: DeliveryStatus;
  eventType?: string;
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): Delivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    attemptLimit: row.attemptLimit,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt : null,
    lastHttpStatus: row.lastHttpStatus,
    lastError: row.lastError,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    attemptsLog: attempts
      .filter((a) => a.deliveryId === row.id)
      .sort((a, b) => a.attempt - b.attempt)
      .map(({ attempt, startedAt, durationMs, httpStatus, error, responseExcerpt }) => ({ attempt, startedAt, durationMs, httpStatus, error, responseExcerpt })),
  };
}

/** Deliveries with their attempts, by id (two statements, one round trip). */
export async function withAttempts(platform: Platform, rows: DeliveryRow[]): Promise<Delivery[]> {
  if (rows.length === 0) return [];
  const attempts = await platform.db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((r) => r.id)));
  return rows.map((row) => toDelivery(row, attempts));
}

/** The seller's deliveries in the caller's mode, newest first. */
export async function listDeliveries(platform: Platform, caller: Scope, sellerId: string, query: HistoryQuery) {
  await assertManages(platform.db, caller, sellerId);
  const d = webhookDeliveries;
  const rows = await platform.db
    .select()
    .from(d)
    .where(
      and(
        eq(d.sellerId, sellerId),
        eq(d.livemode, caller.livemode),
        query.webhookId ? eq(d.webhookId, query.webhookId) : undefined,
        query.status ? eq(d.status, query.status) : undefined,
        query.eventType ? eq(d.eventType, query.eventType) : undefined,
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(query.limit);
  return { items: await withAttempts(platform, rows) };
}

/** One delivery of the seller: 403 for a seller the caller may not manage, 404 for an unknown id. */
export async function findDelivery(platform: Platform, caller: Scope, sellerId: string, id: string): Promise<Delivery> {
  await assertManages(platform.db, caller, sellerId);
  const [row] = await platform.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.sellerId, sellerId), eq(webhookDeliveries.livemode, caller.livemode)))
    .limit(1);
  if (!row) throw notFound("webhook delivery", id);
  return (await withAttempts(platform, [row]))[0]!;
}

/** FAILED → PENDING with ATTEMPT_LIMIT more attempts, the first due now; 409 from any other status. */
export async function retryDelivery(platform: Platform, caller: Scope, sellerId: string, id: string): Promise<Delivery> {
  const current = await findDelivery(platform, caller, sellerId, id);
  const at = platform.now().toISOString();
  const d = webhookDeliveries;
  const [moved] = await platform.db
    .update(d)
    .set({ status: "PENDING", attemptLimit: sql`${d.attempts} + ${ATTEMPT_LIMIT}`, nextAttemptAt: at, completedAt: null, leaseUntil: null, updatedAt: at })
    .where(and(eq(d.id, id), eq(d.status, "FAILED")))
    .returning({ id: d.id });
  if (!moved) {
    throw new ApiError("INVALID_STATE_TRANSITION", `The delivery is ${current.status}; only a FAILED delivery can be retried.`, {
      extensions: { currentStatus: current.status, allowedStatuses: ["FAILED"] },
    });
  }
  await enqueueDeliveries(platform, [{ id, webhookId: current.webhookId }]);
  return findDelivery(platform, caller, sellerId, id);
}
