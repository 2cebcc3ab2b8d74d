/**
 * Events are kept EVENT_RETENTION_DAYS (the feed's promise), then deleted with their deliveries
 * and attempts, a bounded batch per sweep run. An event with a delivery still PENDING waits.
 */
import { sql } from "drizzle-orm";
import { events, webhookAttempts, webhookDeliveries } from "../../db/schema";
import type { Platform } from "../../platform";

/** How long events (and their delivery history) are kept. */
export const EVENT_RETENTION_DAYS = 30;
/** Events deleted per run at most; the rest go in the next minute's. */
const PURGE_BATCH = 500;

/** Deletes events past the retention; returns how many. */
export async function purgeOldEvents(platform: Platform): Promise<number> {
  const cutoff = new Date(platform.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const d = webhookDeliveries;
  // The same selection in each statement; the batch is one transaction, so they agree.
  const old = sql`select ${events.id} from ${events} where ${events.occurredAt} < ${cutoff}
    and not exists (select 1 from ${d} where ${d.eventId} = ${events.id} and ${d.status} = 'PENDING')
    order by ${events.occurredAt} limit ${PURGE_BATCH}`;
  const oldDeliveries = sql`select ${d.id} from ${d} where ${d.eventId} in (${old})`;
  const [, , deleted] = await platform.db.batch([
    platform.db.delete(webhookAttempts).where(sql`${webhookAttempts.deliveryId} in (${oldDeliveries})`),
    platform.db.delete(d).where(sql`${d.eventId} in (${old})`),
    platform.db.delete(events).where(sql`${events.id} in (${old})`).returning({ id: events.id }),
  ]);
  return deleted.length;
}
