/**
 * PIX Automático recurrences (table pix_recurrences, one per PIX_AUTOMATICO subscription): reading
 * them, and what the subscription's API view shows of one (`pixAutomatico`). The BR Code and QR
 * are shown only while the buyer can still answer (CREATED).
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pixRecurrences, transactions } from "../../db/schema";
import type { PixAutomatico, Subscription } from "../../schemas/subscription";
import { qrImageUrl } from "../pix/location";

export type RecurrenceRow = typeof pixRecurrences.$inferSelect;

/** The recurrence of subscription `subscriptionId`, or null (not PIX_AUTOMATICO). */
export async function readRecurrenceOf(db: Db, subscriptionId: string): Promise<RecurrenceRow | null> {
  const [row] = await db.select().from(pixRecurrences).where(eq(pixRecurrences.subscriptionId, subscriptionId)).limit(1);
  return row ?? null;
}

/** The recurrence the PSP names `pspRecurrenceId` (webhookrec, reconciliation), or null. */
export async function readRecurrenceByPspId(db: Db, pspRecurrenceId: string): Promise<RecurrenceRow | null> {
  const [row] = await db.select().from(pixRecurrences).where(eq(pixRecurrences.pspRecurrenceId, pspRecurrenceId)).limit(1);
  return row ?? null;
}

/** The recurrence as `pixAutomatico` shows it; `qrLocationId`: its first charge's location (the QR image). */
export function toPixAutomatico(row: RecurrenceRow, baseUrl: string, qrLocationId: string | null): PixAutomatico {
  const open = row.status === "CREATED";
  const ended = row.endingCode !== null || row.endingDescription !== null || row.endedBy !== null;
  return {
    recurrenceId: row.pspRecurrenceId,
    status: row.status,
    journey: row.journey,
    periodicity: row.periodicity,
    retryPolicy: row.retryPolicy,
    contract: row.contract,
    object: row.object,
    brCode: open ? row.authorizationBrCode : null,
    qrCodeUrl: open && row.authorizationBrCode && qrLocationId ? qrImageUrl(baseUrl, qrLocationId) : null,
    firstTransactionId: row.firstTransactionId,
    approvedAt: row.approvedAt,
    endedAt: row.endedAt,
    ending: ended ? { code: row.endingCode, description: row.endingDescription, by: row.endedBy } : null,
  };
}

/**
 * `subs` with their `pixAutomatico` (null for other methods), read in one query: what every
 * route answering subscriptions shows.
 */
export async function withPixAutomatico<T extends Subscription>(db: Db, baseUrl: string, subs: T[]): Promise<T[]> {
  const ids = subs.filter((s) => s.paymentMethod === "PIX_AUTOMATICO").map((s) => s.id);
  if (!ids.length) return subs.map((s) => ({ ...s, pixAutomatico: null }));
  const rows = await db
    .select({ rec: pixRecurrences, location: transactions.pixLocationId })
    .from(pixRecurrences)
    .leftJoin(transactions, eq(transactions.id, pixRecurrences.firstTransactionId))
    .where(inArray(pixRecurrences.subscriptionId, ids));
  const bySub = new Map(rows.map((r) => [r.rec.subscriptionId, toPixAutomatico(r.rec, baseUrl, r.location)]));
  return subs.map((s) => ({ ...s, pixAutomatico: bySub.get(s.id) ?? null }));
}
