/**
 * The period of a dashboard: the half-open interval [from, to) of instants, from the `from` and
 * `to` query parameters (already checked to be ISO 8601 dates or date-times by
 * schemas/dashboard.ts). `to` defaults to now and `from` to `to` − 30 days; `from` must be before
 * `to` and the period at most 366 days long, so one request never aggregates years of history.
 */
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
}

/**
 * The instant of a valid date or date-time. Stored timestamps have whole milliseconds, so a finer
 * instant is rounded up to the next one: a row at millisecond m is ≥ t exactly when m ≥ ceil(t),
 * and likewise for <, so the comparison stays exact.
 */
export function instantOf(value: string): Date {
  const ms = Date.parse(value);
  const fraction = /\.\d{3}(\d+)/.exec(value)?.[1];
  return new Date(fraction && /[1-9]/.test(fraction) ? ms + 1 : ms);
}

/** Resolves and checks the period; a bad one is a 400 naming the field the caller sent. */
export function resolvePeriod(query: { from?: string; to?: string }, now: Date): Period {
  const to = query.to ? instantOf(query.to) : now;
  const from = query.from ? instantOf(query.from) : new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
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
  return { from, to, fromIso: from.toISOString(), toIso: to.toISOString() };
}

/** Every UTC day (YYYY-MM-DD) the period touches, oldest first: at most 368. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  const last = period.to.getTime() - 1;
  for (let t = Math.floor(period.from.getTime() / DAY_MS) * DAY_MS; t <= last; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
