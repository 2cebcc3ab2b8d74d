/**
 * Amounts as people read them. Kept apart from currency.ts's full ISO 4217 table so the widget,
 * which formats amounts but validates no currency, ships only the short lists of the codes whose
 * minor unit is not the cent.
 */

/** Currencies whose minor unit has no decimals (ISO 4217 exponent 0). */
export const EXPONENT_0 = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF";
/** Currencies whose minor unit has three decimals (exponent 3). */
export const EXPONENT_3 = "BHD IQD JOD KWD LYD OMR TND";

/**
 * `amount` in minor units as `locale` writes money (`R$ 19,90`, `¥150,000`, `KWD 1.500`): the
 * digits are ISO 4217's exponent (Intl's own currency digits differ for some codes, IQD or LAK
 * among them, and the API's amounts are ISO minor units), the symbols and grouping are Intl's. The
 * one formatter of the challenge page and the widget. A code Intl does not know still shows.
 */
export function formatMoney(amount: number, code: string, locale: string): string {
  // Every other code has two decimals (currency.ts lists them; an unknown code is shown as if it had).
  const exponent = EXPONENT_0.split(" ").includes(code) ? 0 : EXPONENT_3.split(" ").includes(code) ? 3 : 2;
  const value = amount / 10 ** exponent;
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: code, minimumFractionDigits: exponent, maximumFractionDigits: exponent }).format(value);
  } catch {
    return `${value.toFixed(exponent)} ${code}`;
  }
}
