/**
 * The billing calendar (docs/subscriptions.md): period n of a subscription starts at its billing
 * anchor plus n intervals. Counting from the anchor, never from the previous period, is what keeps
 * a Jan 31 anchor on the 31st after February: Jan 31 → Feb 28 (29 in a leap year) → Mar 31 →
 * Apr 30. A month too short for the anchor's day uses its last day; the time of day is the
 * anchor's. Dates are computed in UTC, as every timestamp of the API is.
 */
import type { BillingInterval } from "../../../shared/subscriptions";

/** A plan's cadence: every `count` of `interval`. */
export interface Cadence {
  interval: BillingInterval;
  count: number;
}

const DAY_MS = 86_400_000;

/** Days in a month of the proleptic Gregorian calendar (month 0-11). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The anchor moved forward by `months` calendar months, clamped to the target month's last day. */
function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/** The start of period `n` (0 is the anchor itself). */
export function periodStart(anchor: Date, cadence: Cadence, n: number): Date {
  const steps = n * cadence.count;
  switch (cadence.interval) {
    case "DAY":
      return new Date(anchor.getTime() + steps * DAY_MS);
    case "WEEK":
      return new Date(anchor.getTime() + steps * 7 * DAY_MS);
    case "MONTH":
      return addMonths(anchor, steps);
    case "YEAR":
      return addMonths(anchor, steps * 12);
  }
}

/** Period `n`'s start and end (the next period's start), as ISO strings. */
export function period(anchor: string, cadence: Cadence, n: number): { start: string; end: string } {
  const a = new Date(anchor);
  return { start: periodStart(a, cadence, n).toISOString(), end: periodStart(a, cadence, n + 1).toISOString() };
}

/** `iso` plus `days` days, as ISO. */
export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}
