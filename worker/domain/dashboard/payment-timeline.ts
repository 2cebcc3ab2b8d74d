/**
 * A payment's timeline for the dashboard (docs/dashboard.md): its events, oldest first, each with
 * the webhook deliveries it fanned out to and their attempts. Events carry the transaction as
 * `data.transaction` (domain/events/outbox.ts); they are kept 30 days, and so is the timeline.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { events, webhookDeliveries } from "../../db/schema";
import { envelopeOf } from "../events/envelope";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { readTransaction } from "../transactions/store";
import { withAttempts } from "../webhooks/history";

/** The timeline of transaction `id` in `scope` (404 when it is not the scope's). */
export async function paymentTimeline(platform: Platform, scope: Scope, id: string) {
  const tx = await readTransaction(platform, id, scope);
  if (!tx) throw notFound("transaction", id);
  // Read through the seller's feed index, then matched on the event's transaction.
  const rows = await platform.db
    .select()
    .from(events)
    .where(and(eq(events.sellerId, scope.sellerId), eq(events.livemode, scope.livemode), sql`json_extract(${events.data}, '$.transaction.id') = ${id}`))
    .orderBy(asc(sql`${events}.rowid`));
  const deliveries = rows.length
    ? await withAttempts(platform, await platform.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.eventId, rows.map((r) => r.id))).orderBy(asc(webhookDeliveries.createdAt)))
    : [];
  return {
    transactionId: id,
    events: rows.map((row) => {
      const { id: eventId, type, occurredAt, data } = envelopeOf(row);
      const transaction = (data as { transaction?: { status?: string } }).transaction;
      return { id: eventId, type, occurredAt, status: transaction?.status ?? null, deliveries: deliveries.filter((d) => d.eventId === eventId) };
    }),
  };
}
