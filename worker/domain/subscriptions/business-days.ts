/**
 * The business-day calendar of PIX Automático's charge instructions (docs/subscriptions.md):
 * a day is a business day unless it is a Saturday, a Sunday or one of Brazil's national bank
 * holidays, the days the BCB's payment systems and every bank close:
 *
 * - fixed: 1 Jan, 21 Apr (Tiradentes), 1 May, 7 Sep, 12 Oct, 2 Nov, 15 Nov, 20 Nov (Consciência
 *   Negra, national since 2024), 25 Dec;
 * - movable, from Easter Sunday: Carnival Monday and Tuesday (−48, −47), Good Friday (−2) and
 *   Corpus Christi (+60).
 *
 * State and city holidays are left out: a charge is settled by the payer's bank, anywhere in the
 * country, on national business days. Dates are YYYY-MM-DD (Brasília); pure functions.
 */

const DAY_MS = 86_400_000;
const FIXED = new Set(["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20", "12-25"]);
/** Days from Easter Sunday of the movable bank holidays. */
const FROM_EASTER = [-48, -47, -2, 60];

/** Easter Sunday of `year` (Gregorian; the anonymous algorithm), as YYYY-MM-DD. */
export function easterOf(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const movable = new Map<number, Set<string>>();
/** The movable bank holidays of `year`. */
function movableOf(year: number): Set<string> {
  let days = movable.get(year);
  if (!days) {
    const easter = Date.parse(`${easterOf(year)}T00:00:00Z`);
    days = new Set(FROM_EASTER.map((n) => new Date(easter + n * DAY_MS).toISOString().slice(0, 10)));
    movable.set(year, days);
  }
  return days;
}

/** `date` plus `days` calendar days. */
export function addDateDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** True when banks open on `date`. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (FIXED.has(date.slice(5))) return false;
  return !movableOf(Number(date.slice(0, 4))).has(date);
}

/** `date` itself when a business day, else the next one (what ajusteDiaUtil does to a due date). */
export function businessDayFrom(date: string): string {
  let d = date;
  while (!isBusinessDay(d)) d = addDateDays(d, 1);
  return d;
}
