/**
 * ISO 4217 currencies and their minor units (the exponent: how many decimal digits the smallest
 * unit has). Amounts in the API are integers in that smallest unit: 1000 BRL is R$ 10.00, 1000 JPY
 * is ¥1000, 1000 KWD is 1.000 KD. The API validates with this table; amounts are written for
 * people by money.ts, which the widget imports alone.
 *
 * Only currencies that can be paid in are listed: the fund codes (BOV, CHE, CHW, CLF, COU, MXV,
 * USN, UYI, UYW), precious metals (XAU, XAG, XPD, XPT), XDR, XSU, XUA and the testing codes
 * (XTS, XXX) are left out, as are withdrawn codes (HRK, SLL, ZWL, CUC, ANG, …).
 */
import { EXPONENT_0, EXPONENT_3 } from "./money";

/** Every accepted code whose exponent is 2. */
const EXPONENT_2 =
  "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF " +
  "CHF CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD " +
  "HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK " +
  "MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD " +
  "RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS " +
  "UAH USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG";

function table(codes: string, exponent: number): Array<[string, number]> {
  return codes.split(" ").map((code) => [code, exponent]);
}

/** Code → exponent, for every accepted currency. */
export const CURRENCY_EXPONENTS: ReadonlyMap<string, number> = new Map([
  ...table(EXPONENT_0, 0),
  ...table(EXPONENT_2, 2),
  ...table(EXPONENT_3, 3),
]);

/** True when `code` (upper case) is an accepted ISO 4217 code. */
export function isCurrency(code: string): boolean {
  return CURRENCY_EXPONENTS.has(code);
}

/** The number of decimal digits of the currency's minor unit; throws for an unknown code. */
export function minorUnits(code: string): number {
  const exponent = CURRENCY_EXPONENTS.get(code);
  if (exponent === undefined) throw new RangeError(`Unknown ISO 4217 currency: ${code}`);
  return exponent;
}

/**
 * Formats an integer amount in minor units as a plain decimal string (`1234` BRL → `"12.34"`,
 * `1234` JPY → `"1234"`), by string arithmetic so no float rounding can creep in.
 */
export function formatMinor(amount: number, code: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError("amount must be a safe integer");
  const exponent = minorUnits(code);
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.abs(amount));
  if (exponent === 0) return sign + digits;
  const padded = digits.padStart(exponent + 1, "0");
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

