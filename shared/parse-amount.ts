/**
 * An amount typed by a person, read as minor units. Its own module, not shared/money.ts: the
 * widget's pay.js carries money.ts, and only the link page (pay-link.js) and the dashboard read
 * typed amounts.
 */

/**
 * "49,90", "49.90", "1.234,56", "R$ 10" → cents; null when it is not an amount: how the link page
 * and the dashboard read an amount typed by a person (BRL's two decimals).
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[^\d.,]/g, "");
  if (!/\d/.test(cleaned)) return null;
  // The last separator followed by one or two digits is the decimal one; others group thousands.
  const match = /^(.*?)[.,](\d{1,2})$/.exec(cleaned);
  const whole = (match ? match[1]! : cleaned).replace(/[.,]/g, "");
  const cents = match ? match[2]!.padEnd(2, "0") : "00";
  const value = Number(whole || "0") * 100 + Number(cents);
  return Number.isSafeInteger(value) ? value : null;
}
