/**
 * PIX Automático's numbers (docs/subscriptions.md, "Charging each period"): how
 * early a period's charge instruction is sent, when its attempt settles, and when a failed one is
 * retried under PERMITE_3R_7D. The BCB's rules: the instruction is sent 2 to 10 days before its
 * due date; a due date that is not a business day is settled on the next one (ajusteDiaUtil);
 * PERMITE_3R_7D allows up to 3 retries, each on a later date, within 7 days of the first attempt.
 */
import { addDateDays, businessDayFrom, daysBetween, isBusinessDay } from "./business-days";
import { DEFAULT_PIX_CHARGE_LEAD_DAYS, PIX_CHARGE_LEAD_DAYS_RANGE } from "./rules";

/** PERMITE_3R_7D: retries after the first attempt, and the days after it they must fall within. */
export const MAX_CHARGE_RETRIES = 3;
export const RETRY_WINDOW_DAYS = 7;
/** Retry k is asked for no earlier than this many days after the first attempt (then the next business day). */
const RETRY_OFFSETS = [1, 3, 5];

/**
 * A stored lead-days setting (null: the default) as billing uses it: inside the BCB's window (the
 * settings API refuses others; this holds for rows written any other way).
 */
export function clampLeadDays(days: number | null): number {
  return Math.min(PIX_CHARGE_LEAD_DAYS_RANGE.max, Math.max(PIX_CHARGE_LEAD_DAYS_RANGE.min, days ?? DEFAULT_PIX_CHARGE_LEAD_DAYS));
}

/** What an instruction due on `dueDate` asks: ajusteDiaUtil when the date is not a business day, and the day it settles. */
export function settlementOf(dueDate: string): { adjustToBusinessDay: boolean; settlementDate: string } {
  const adjust = !isBusinessDay(dueDate);
  return { adjustToBusinessDay: adjust, settlementDate: adjust ? businessDayFrom(dueDate) : dueDate };
}

/**
 * The date of retry number `retry` (1 to 3) of an instruction first attempted on `first`, whose
 * latest attempt was on `last`, asked `today` (all YYYY-MM-DD): a business day after both `last`
 * and `today`, at least RETRY_OFFSETS days after `first`; null when none is left within the 7 days.
 */
export function retryDateOf(first: string, last: string, today: string, retry: number): string | null {
  if (retry < 1 || retry > MAX_CHARGE_RETRIES) return null;
  const floor = [addDateDays(first, RETRY_OFFSETS[retry - 1]!), addDateDays(last, 1), addDateDays(today, 1)].sort().at(-1)!;
  const date = businessDayFrom(floor);
  return daysBetween(first, date) <= RETRY_WINDOW_DAYS ? date : null;
}

/** The moment a date-only step happens for an invoice due at `dueAt`: the same time of day (UTC) on `date`, shifted from the due date. */
export function momentOn(dueAt: string, dueDate: string, date: string): string {
  return new Date(Date.parse(dueAt) + daysBetween(dueDate, date) * 86_400_000).toISOString();
}
