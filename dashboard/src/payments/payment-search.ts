/**
 * The payments search form → what to do (docs/dashboard.md, `GET /dashboard/api/payments`),
 * checked as far as the page can: amounts typed in reais ("49,90", "1.234,56") become cents (both
 * ends included, the maximum at least the minimum); the start and end days, in the browser's time
 * zone, become the window [start of the start day, start of the day after the end day) sent as ISO
 * instants; the e-mail is sent as typed (the server matches it in any case). One search key
 * (`searchBy`: name, CPF/CNPJ, description, link, E2E id or card's last 4) and its text
 * (`searchText`) become that key's parameter, checked as the server will (a CPF with or without
 * punctuation; a link's address gives its id). A full payment id opens that payment instead. The server's refusals (400 VALIDATION_FAILED) name the
 * query's parameters in `errors[].path`, which are the form's field names; each is said by its
 * `errors[].code` in the page's language.
 */
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../../../shared/payments";
import { documentKey, searchName } from "../../../shared/search-text";
import type { FieldProblem } from "../api/client";
import { fieldMessage } from "../api/problem-words";
import type { PaymentsFilters } from "../api/types";
import { parseAmount } from "../format";
import type { FieldErrors } from "../forms/field";
import type { DashboardStrings } from "../i18n/locale";

/** The form's fields that are the query's parameters (a 400's `errors[].path`). */
export const SEARCH_FIELDS = ["status", "paymentMethod", "from", "to", "minAmount", "maxAmount", "email"] as const;

/** What the search may be by (`searchBy`), in the select's order. */
export const SEARCH_KEYS = ["name", "document", "description", "paymentLink", "endToEndId", "cardLast4"] as const;

/** The query parameters the search keys become: a 400 naming one is shown under `searchText`. */
const KEY_PARAMS = ["name", "document", "description", "paymentLinkId", "endToEndId", "cardLast4"];

/** The filter a search key and its text ask for; null when the text cannot be that key. */
export function keyFilter(by: string, typed: string): PaymentsFilters | null {
  switch (by) {
    case "name":
      return /[\p{L}\p{N}]/u.test(searchName(typed)) ? { name: typed } : null;
    case "document":
      return documentKey(typed) ? { document: typed } : null;
    case "description":
      return { description: typed };
    case "paymentLink": {
      const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(typed)?.[0];
      return id ? { paymentLinkId: id.toLowerCase() } : null;
    }
    case "endToEndId":
      return /^[A-Za-z0-9]{1,35}$/.test(typed) ? { endToEndId: typed } : null;
    case "cardLast4":
      return /^\d{4}$/.test(typed) ? { cardLast4: typed } : null;
    default:
      return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What an amount field may hold: digits and separators, optionally after "R$". */
const AMOUNT = /^(r\$\s*)?\d[\d.,]*$/i;

/** What the form asks for: a payment to open, the filters to list by, or the errors that stop it. */
export type SearchRequest = { paymentId: string } | { filters: PaymentsFilters } | { errors: FieldErrors };

/** The start of the day `yyyy-mm-dd`, `days` later, in the browser's time zone, as an ISO instant; null when it is no day. */
export function startOfDay(date: string, days = 0): string | null {
  const match = /^(\d{4,6})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(2000, 0, 1);
  // setFullYear, not the constructor: a year below 100 would be read as 19xx.
  day.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(day.getTime()) ? null : day.toISOString();
}

/**
 * The form's data as a request. `withId`: a payment id typed in opens that payment (a search
 * button's press; a select's change only lists).
 */
export function readSearch(data: FormData, s: DashboardStrings, withId: boolean): SearchRequest {
  const q = s.search;
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const errors: FieldErrors = {};
  const paymentId = text("paymentId");
  if (withId && paymentId) return UUID.test(paymentId) ? { paymentId: paymentId.toLowerCase() } : { errors: { paymentId: q.invalidPaymentId } };

  const filters: PaymentsFilters = {};
  const status = text("status");
  if ((TRANSACTION_STATUSES as readonly string[]).includes(status)) filters.status = status as PaymentsFilters["status"];
  const method = text("paymentMethod");
  if ((PAYMENT_METHODS as readonly string[]).includes(method)) filters.paymentMethod = method as PaymentsFilters["paymentMethod"];

  const from = text("from");
  const to = text("to");
  if (from) filters.from = startOfDay(from) ?? undefined;
  if (to) filters.to = startOfDay(to, 1) ?? undefined;
  if (from && !filters.from) errors.from = q.invalidDate;
  if (to && !filters.to) errors.to = q.invalidDate;
  // Days as yyyy-mm-dd compare as text; an end day before the start day matches nothing.
  if (filters.from && filters.to && to < from) errors.to = q.dateOrder;

  for (const name of ["minAmount", "maxAmount"] as const) {
    const typed = text(name);
    if (!typed) continue;
    const cents = AMOUNT.test(typed) ? parseAmount(typed) : null;
    if (cents === null) errors[name] = q.invalidAmount;
    else filters[name] = cents;
  }
  if (filters.minAmount !== undefined && filters.maxAmount !== undefined && filters.maxAmount < filters.minAmount) errors.maxAmount = q.amountOrder;

  const email = text("email");
  if (email) filters.email = email;
  const by = text("searchBy");
  const typed = text("searchText");
  const key = typed ? keyFilter(by, typed) : {};
  if (key) Object.assign(filters, key);
  else errors.searchText = s.finding.invalid[by] ?? s.finding.invalid.name!;
  return Object.keys(errors).length > 0 ? { errors } : { filters };
}

/** A 400's refusals shown under the fields they name; null when none names a field of the form. */
export function searchErrors(problems: readonly FieldProblem[], s: DashboardStrings): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const p of problems) {
    const field = KEY_PARAMS.includes(p.path) ? "searchText" : p.path;
    if ((SEARCH_FIELDS as readonly string[]).includes(field) || field === "searchText") errors[field] ??= fieldMessage(p, s);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
