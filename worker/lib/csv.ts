/**
 * CSV the way Brazilian spreadsheets open it (docs/dashboard.md, "Exporting payments"): cells
 * separated by `;` (the comma is the decimal separator there), lines ended by CRLF and fields
 * quoted as RFC 4180 says, money with a decimal comma, instants as dd/mm/yyyy HH:MM:SS in a named
 * time zone. The file starts with a UTF-8 BOM (CSV_BOM) so Excel reads accents as UTF-8.
 *
 * Formula injection: a cell a spreadsheet would run as a formula (starting with = + - @, or a tab
 * or carriage return that some strip first) gets a leading apostrophe, so a buyer's name such as
 * `=HYPERLINK(…)` shows as text (OWASP, "CSV Injection").
 */

/** The byte order mark that opens the file. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text guarded against formulas, quoted when it holds `;`, `"` or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, CRLF-terminated. */
export function csvLine(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}

/** Integer cents as reais with a decimal comma and no grouping: 123456 → "1234,56", -5 → "-0,05". */
export function decimalComma(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** An instant as dd/mm/yyyy HH:MM:SS in `timeZone` (24-hour clock). */
export function brDateTime(timeZone: string): (iso: string | null | undefined) => string | null {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
  });
  return (iso) => {
    if (!iso) return null;
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}
