/**
 * Live recurrences' answers learned from the PSP: its `webhookrec` callback and the reconciliation
 * sweep. A callback is a hint, never proof (DESIGN.md): each idRec it names is read back with
 * `GET /rec/{idRec}` before anything moves, and an idRec no recurrence of ours holds is logged and
 * ignored. Reconciliation reads back the live recurrences still CREATED after a while (a callback
 * the PSP gave up on, or never sent).
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { pixRecurrences } from "../../db/schema";
import type { PixAutomaticoPsp } from "../../lib/pix-automatico";
import type { Platform } from "../../platform";
import { applyRecurrenceAnswer } from "./answer";
import { readRecurrenceByPspId, type RecurrenceRow } from "./store";

/** A live recurrence CREATED for longer than this is read back by reconciliation. */
export const RECONCILE_AFTER_MINUTES = 10;
/** Recurrences one reconciliation run reads back (the least recently read first; the next minute takes the next ones). */
export const RECONCILE_BATCH = 50;

/** Reads recurrence `row` back from the PSP and applies what it says; true when something moved. */
async function readBack(platform: Platform, psp: PixAutomaticoPsp, row: RecurrenceRow): Promise<boolean> {
  const atPsp = await psp.getRecurrence(row.pspRecurrenceId!);
  if (!atPsp) {
    platform.log({ msg: "pix_automatico.unknown_at_psp", level: "warn", recurrenceId: row.pspRecurrenceId, subscriptionId: row.subscriptionId });
    return false;
  }
  return applyRecurrenceAnswer(platform, row, { status: atPsp.status, ...(atPsp.ending ? { ending: atPsp.ending } : {}) });
}

/** A `webhookrec` callback named `pspRecurrenceId`: read it back and apply it. PspUnavailableError propagates (the route's 503). */
export async function settleRecurrenceNotified(platform: Platform, psp: PixAutomaticoPsp, pspRecurrenceId: string): Promise<boolean> {
  const row = await readRecurrenceByPspId(platform.db, pspRecurrenceId);
  if (!row || !row.livemode) {
    platform.log({ msg: "pix_automatico.unknown_recurrence", level: "warn", recurrenceId: pspRecurrenceId });
    return false;
  }
  return readBack(platform, psp, row);
}

/** The sweep: live recurrences CREATED for RECONCILE_AFTER_MINUTES, read back; how many moved. */
export async function reconcileRecurrences(platform: Platform): Promise<number> {
  const psp = platform.acquirers.live?.pixAutomatico?.psp;
  if (!psp) return 0;
  const before = new Date(platform.now().getTime() - RECONCILE_AFTER_MINUTES * 60_000).toISOString();
  const r = pixRecurrences;
  // The least recently read first, so recurrences waiting days for their payer (journey 1's push
  // lasts a week) take turns rather than the same oldest ones every minute.
  const lastRead = sql`coalesce(${r.reconciledAt}, ${r.createdAt})`;
  const stuck = await platform.db.select().from(r).where(and(eq(r.livemode, true), eq(r.status, "CREATED"), lte(r.updatedAt, before))).orderBy(asc(lastRead)).limit(RECONCILE_BATCH);
  let moved = 0;
  for (const row of stuck) {
    if (row.pspRecurrenceId && (await readBack(platform, psp, row))) moved++;
    await platform.db.update(r).set({ reconciledAt: platform.now().toISOString() }).where(eq(r.id, row.id));
  }
  return moved;
}
