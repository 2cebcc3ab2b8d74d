/**
 * Test clocks: the sandbox's time machine (docs/subscriptions.md). A subscription created on a
 * clock lives at the clock's frozen time: its dates, trial and billing follow the clock, and
 * nothing of it is billed by the real-time sweep. An advance moves the clock forward and runs,
 * in order, every period, retry, due date and grace end of its subscriptions up to the new time,
 * each at its own moment, before it answers. Test keys only (the route lives under /v1/sandbox).
 *
 * Concurrent advances are safe: every step is a compare-and-set (issue.ts, attempt.ts), so two
 * advances racing over the same moments bill each period once.
 */
import { and, eq, inArray, isNull, lt, lte, min, or } from "drizzle-orm";
import { invoices, pixChargeInstructions, subscriptions, testClocks } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { TestClock } from "../../schemas/subscription";
import type { Scope } from "../scope";
import { BILLED_STATUSES, runDueRound } from "./bill";

export type TestClockRow = typeof testClocks.$inferSelect;

/** The most moments one advance runs (each a round of billing); beyond it the advance stops early and says so. */
export const MAX_ADVANCE_STEPS = 5_000;

/** The clock as the API answers it. */
export function toTestClock(row: TestClockRow): TestClock {
  return { id: row.id, name: row.name, frozenTime: row.frozenTime, status: row.status, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

/** Clock `id` of the scope's seller (test mode only), or null. */
export async function readTestClock(platform: Platform, scope: Scope, id: string): Promise<TestClockRow | null> {
  if (scope.livemode) return null;
  const [row] = await platform.db.select().from(testClocks).where(and(eq(testClocks.id, id), eq(testClocks.sellerId, scope.sellerId))).limit(1);
  return row ?? null;
}

const timeField = (message: string) => validationError([{ path: "frozenTime", in: "body", code: "invalid_value", message }], "INVALID_DATA");

/** Creates a clock frozen at `frozenTime` (not in the past: the real-time sweeps would act on its charges). */
export async function createTestClock(platform: Platform, scope: Scope, input: { frozenTime: string; name?: string }): Promise<TestClockRow> {
  const now = platform.now();
  const frozen = new Date(input.frozenTime);
  if (frozen.getTime() < now.getTime() - 60_000) throw timeField("must not be in the past");
  const at = now.toISOString();
  const row: TestClockRow = { id: crypto.randomUUID(), sellerId: scope.sellerId, name: input.name ?? null, frozenTime: frozen.toISOString(), status: "READY", createdAt: at, updatedAt: at };
  await platform.db.insert(testClocks).values(row);
  return row;
}

/** The earliest moment at or before `until` when something of the clock is due, or null. */
async function nextDueMoment(platform: Platform, clockId: string, until: string): Promise<string | null> {
  const s = subscriptions;
  const i = invoices;
  const now = platform.now().toISOString();
  const [subDue] = await platform.db
    .select({ t: min(s.nextBillingAt) })
    .from(s)
    .where(and(eq(s.testClockId, clockId), lte(s.nextBillingAt, until), or(inArray(s.status, [...BILLED_STATUSES]), eq(s.cancelAtPeriodEnd, true))));
  const [invoiceDue] = await platform.db
    .select({ t: min(i.nextAttemptAt) })
    .from(i)
    .where(and(eq(i.testClockId, clockId), eq(i.status, "OPEN"), lte(i.nextAttemptAt, until), or(isNull(i.claimedUntil), lte(i.claimedUntil, now))));
  const c = pixChargeInstructions;
  const [instructionDue] = await platform.db.select({ t: min(c.nextCheckAt) }).from(c).where(and(eq(c.testClockId, clockId), lte(c.nextCheckAt, until)));
  const times = [subDue?.t, invoiceDue?.t, instructionDue?.t].filter((t): t is string => !!t);
  return times.length ? times.sort()[0]! : null;
}

/**
 * Advances clock `id` to `frozenTime` (forward only) and runs everything due up to it, moment by
 * moment. Answers the clock READY (or still ADVANCING when a concurrent advance to a later time
 * is running).
 */
export async function advanceTestClock(platform: Platform, scope: Scope, id: string, frozenTime: string): Promise<TestClockRow> {
  const clock = await readTestClock(platform, scope, id);
  if (!clock) throw notFound("test clock", id);
  const target = new Date(frozenTime).toISOString();
  if (target <= clock.frozenTime) throw timeField(`must be after the clock's time (${clock.frozenTime}): a clock only moves forward`);
  const c = testClocks;
  // Moving the clock first: what is created on it from now on lives at the new time.
  // Compare-and-set: an advance that another one has overtaken meanwhile is refused like a backward one.
  const [started] = await platform.db
    .update(c)
    .set({ status: "ADVANCING", frozenTime: target, updatedAt: platform.now().toISOString() })
    .where(and(eq(c.id, id), lt(c.frozenTime, target)))
    .returning({ id: c.id });
  if (!started) throw timeField("must be after the clock's time: another advance moved the clock to it or past it meanwhile");
  let steps = 0;
  for (let moment = await nextDueMoment(platform, id, target); moment; moment = await nextDueMoment(platform, id, target)) {
    if (++steps > MAX_ADVANCE_STEPS) {
      throw new ApiError("UNPROCESSABLE", `The advance ran ${MAX_ADVANCE_STEPS} billing moments and stopped before ${target}; advance again to go on.`, { extensions: { stoppedAt: moment } });
    }
    const { moved } = await runDueRound(platform, id, moment);
    // Something due that nobody could move (another advance holds it): let that advance finish it.
    if (moved === 0 && (await nextDueMoment(platform, id, moment)) === moment) break;
  }
  const [row] = await platform.db.update(c).set({ status: "READY", updatedAt: platform.now().toISOString() }).where(and(eq(c.id, id), eq(c.frozenTime, target))).returning();
  return row ?? (await readTestClock(platform, scope, id))!;
}
