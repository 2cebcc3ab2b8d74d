/**
 * The period of a dashboard: the half-open interval [from, to) of instants, from the `from` and
 * `to` query parameters (already checked to be ISO 8601 dates or date-times by
 * schemas/dashboard.ts), and the time zone whose days it is counted in. A date is the instant its
 * day starts in that zone. `to` defaults to now and `from` to `to` − 30 days; `from` must be
 * before `to` and the period at most 366 days long, so one request never aggregates years of history.
 */
import { localDate, nextDate, startOfDay } from "../../lib/time-zone";
import { validationError } from "../../lib/validation";

/** Days in the default period. */
export const DEFAULT_PERIOD_DAYS = 30;
/** The longest period a dashboard answers for. */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;

/** The resolved period: instants, and the ISO strings the database compares them as. */
export interface Period {
  from: Date;
  to: Date;
  /** `from` as stored timestamps are written (toISOString), so text comparison is time order. */
  fromIso: string;
  toIso: string;
  /** The IANA zone whose days `daily` counts and a bare date starts in. */
  timeZone: string;
}

/**
 * The instant of a valid date or date-time. Stored timestamps have whole milliseconds, so a finer
 * instant is rounded up to the next one: a row at millisecond m is ≥ t exactly when m ≥ ceil(t),
 * and likewise for <, so the comparison stays exact.
 */
export function instantOf(value: string, timeZone: string): Date {
  if (value.length === 10) return new Date(startOfDay(timeZone, value));
  const ms = Date.parse(value);
  const fraction = /\.\d{3}(\d+)/.exec(value)?.[1];
  return new Date(fraction && /[1-9]/.test(fraction) ? ms + 1 : ms);
}

/** The period's query parameters; `timeZone` (checked by schemas/dashboard.ts) overrides the seller's. */
export interface PeriodQuery {
  from?: string;
  to?: string;
  timeZone?: string;
  /** In place of from and to: the last `lastDays` whole days of the zone, today included (the dashboard's choice). */
  lastDays?: number;
}

/** The dates (YYYY-MM-DD) of the last `days` days in the zone at `now`, today included: [first, tomorrow). */
export function lastDaysOf(days: number, now: Date, timeZone: string): { from: string; to: string } {
  const today = localDate(timeZone, now.getTime());
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from: first, to: nextDate(today) };
}

/** Resolves and checks the period in `timeZone`; a bad one is a 400 naming the field the caller sent. */
export function resolvePeriod(asked: PeriodQuery, now: Date, timeZone: string): Period {
  const query = asked.lastDays ? lastDaysOf(asked.lastDays, now, timeZone) : asked;
  const to = query.to ? instantOf(query.to, timeZone) : now;
  const from = query.from ? instantOf(query.from, timeZone) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  // Only a sent `from` can make the period empty or too long; the error names `to` when both
  // were sent (the caller chose the end after the start), `from` when `to` is the default now.
  const path = query.to ? "to" : "from";
  if (from.getTime() >= to.getTime()) {
    throw validationError([
      { path, in: "query", code: "invalid_period", message: query.to ? "must be later than from" : "must be earlier than to (default: now)" },
    ]);
  }
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw validationError([{ path, in: "query", code: "period_too_long", message: `the period from from to to may not exceed ${MAX_PERIOD_DAYS} days` }]);
  }
  return { from, to, fromIso: from.toISOString(), toIso: to.toISOString(), timeZone };
}

/** Every day (YYYY-MM-DD) of the period's zone the period touches, oldest first: at most 368. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  const last = localDate(period.timeZone, period.to.getTime() - 1);
  for (let day = localDate(period.timeZone, period.from.getTime()); day <= last; day = nextDate(day)) days.push(day);
  return days;
}
