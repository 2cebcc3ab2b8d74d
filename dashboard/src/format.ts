/**
 * How the dashboard writes amounts and times, in the page's language: amounts (integer minor
 * units) through the service's one formatter (shared/money.ts), times in the browser's own zone.
 * Amounts typed by the member are read by the link checkout's parser (shared/parse-amount.ts) ("49,90", "1.234,56"). The
 * overview's days are calendar days of the seller's time zone (docs/dashboards.md), named by the
 * server as YYYY-MM-DD and written as such; the settlements' days are UTC days (docs/settlements.md).
 * Where only the day matters (a next charge, a period, a due date) no time is shown.
 */
import { formatMoney } from "../../shared/money";
import { LOCALE } from "./i18n/locale";

export { parseAmount } from "../../shared/parse-amount";

/** `1990, "BRL"` → `R$ 19,90` (pt-BR) or `R$19.90` (en). */
export const money = (amount: number, currency: string) => formatMoney(amount, currency, LOCALE);

const DATE_TIME = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeStyle: "short" });

/** An ISO time as a short date and time (`05/03/2026 14:07`); "—" for none. */
export const dateTime = (iso: string | null | undefined) => (iso ? DATE_TIME.format(new Date(iso)) : "—");

const DATE = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short" });

/** An ISO time as its date alone (`05/03/2026`), in the browser's zone; "—" for none. */
export const date = (iso: string | null | undefined) => (iso ? DATE.format(new Date(iso)) : "—");

const UTC_DATE = new Intl.DateTimeFormat(LOCALE, { dateStyle: "short", timeZone: "UTC" });

/** A UTC day (`2026-11-26`) as the page's short date (`26/11/2026`). */
export const utcDate = (day: string) => UTC_DATE.format(new Date(`${day}T00:00:00Z`));

const UTC_DAY = new Intl.DateTimeFormat(LOCALE, { weekday: "short", day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });

/** A UTC day (`2026-11-26`) with its weekday (`qui., 26/11/2026`), for a calendar of payouts. */
export const calendarDay = (day: string) => UTC_DAY.format(new Date(`${day}T00:00:00Z`));

const DAY = new Intl.DateTimeFormat(LOCALE, { day: "2-digit", month: "2-digit", timeZone: "UTC" });

/** A calendar day (`2026-11-26`) as the page's short day (`26/11`, `11/26`): read and written in UTC so it never moves. */
export const day = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

const PERCENT = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 1 });

/** A fraction (`0.6667`) as a percentage (`66,7%`); "—" for none. */
export const percent = (fraction: number | null) => (fraction === null ? "—" : PERCENT.format(fraction));
