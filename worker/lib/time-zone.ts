/**
 * Days of an IANA time zone, computed with Intl alone (Node and workerd both carry the tz
 * database; libSQL does not): a zone's UTC offset at an instant, the instant its calendar day
 * starts, and the offsets it takes within a period, so a dashboard can count by the seller's
 * days (docs/dashboards.md, "Days").
 */

/** The zone a seller's days are in until it chooses another. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const DAY_MS = 86_400_000;
/** IANA names are letters, digits, `_`, `-`, `+` and `/`: this keeps out Intl's offset zones (`+05:30`). */
const IANA = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter per zone, keyed by its lowercased name (zones are case-insensitive): at most one per tz database entry. */
function formatOf(zone: string): Intl.DateTimeFormat {
  const key = zone.toLowerCase();
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The zone's name with Intl's capitals (`america/sao_paulo` → `America/Sao_Paulo`), or null when
 * it is not an IANA zone. A link keeps the name it was sent as (`Asia/Kolkata` stays, though some
 * ICU versions answer `Asia/Calcutta`).
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA.test(name)) return null;
  try {
    const resolved = formatOf(name).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/** The zone's offset from UTC at instant `ms`, in whole seconds (São Paulo: −10 800). */
export function offsetAt(zone: string, ms: number): number {
  const at = Math.floor(ms / 1000) * 1000;
  const p = Object.fromEntries(formatOf(zone).formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return (wall - at) / 1000;
}

/** The calendar day (YYYY-MM-DD) of instant `ms` in the zone. */
export function localDate(zone: string, ms: number): string {
  return new Date(ms + offsetAt(zone, ms) * 1000).toISOString().slice(0, 10);
}

/** The first instant in (a, b] where the offset differs from the offset at a (one change between them). */
function transitionIn(zone: string, a: number, b: number): number {
  const before = offsetAt(zone, a);
  // Offsets change on whole seconds: halve down to one second.
  while (b - a > 1000) {
    const mid = a + Math.floor((b - a) / 2000) * 1000;
    if (offsetAt(zone, mid) === before) a = mid;
    else b = mid;
  }
  // a and b are a second apart around the change (whole seconds): b's second is the change.
  return Math.floor(b / 1000) * 1000;
}

/**
 * The instant day `date` (YYYY-MM-DD) starts in the zone: its local midnight, or, where a change
 * skips midnight (clocks jump from 00:00 to 01:00), the change itself.
 */
export function startOfDay(zone: string, date: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  // Zones are within ±14 h of UTC, so the local midnight lies in (midnight − 1 day, midnight + 1 day).
  const candidates = [offsetAt(zone, midnight - DAY_MS), offsetAt(zone, midnight + DAY_MS)]
    .map((offset) => midnight - offset * 1000)
    .filter((t) => localDate(zone, t) === date && offsetAt(zone, t) * 1000 === midnight - t);
  if (candidates.length) return Math.min(...candidates);
  return transitionIn(zone, midnight - DAY_MS, midnight + DAY_MS);
}

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A stretch of time in which the zone keeps one offset: until `until` (exclusive; null: the end). */
export interface OffsetSpan {
  until: number | null;
  offset: number;
}

/**
 * The offsets the zone takes in [from, to), in order: one span for a zone without changes in the
 * period, one more per change. Sampled a day apart, then each change found to the second; zones
 * do not change twice within a day.
 */
export function offsetSpans(zone: string, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let offset = offsetAt(zone, from);
  for (let t = from; t < to; ) {
    const next = Math.min(t + DAY_MS, to - 1);
    if (next <= t) break;
    if (offsetAt(zone, next) !== offset) {
      const change = transitionIn(zone, t, next);
      spans.push({ until: change, offset });
      offset = offsetAt(zone, change);
      t = change;
    } else {
      t = next === to - 1 ? to : next;
    }
  }
  spans.push({ until: null, offset });
  return spans;
}
