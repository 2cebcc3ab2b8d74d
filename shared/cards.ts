/**
 * Payment-card checks a form or the API can run before a card reaches an acquirer: Luhn, brand by
 * BIN range, PAN and CVV lengths, expiry. Pure string arithmetic with no imports, so the same
 * module runs in Node, workerd and the browser widget. Nothing here ever echoes a PAN or CVV back:
 * problems carry only fixed messages, so they are safe to log and to return to clients.
 */

/** The card brands this gateway recognizes. */
export const CARD_BRANDS = ["VISA", "MASTERCARD", "AMEX", "ELO", "HIPERCARD", "DINERS", "DISCOVER", "JCB"] as const;

/** One of {@link CARD_BRANDS}. */
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Luhn (mod 10) check of a digits-only string; false for non-digits or empty. */
export function luhnValid(pan: string): boolean {
  if (!/^\d+$/.test(pan)) return false;
  let sum = 0;
  // Double every second digit counting from the right (the check digit itself is not doubled).
  for (let i = pan.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = pan.charCodeAt(i) - 48;
    if (double && (digit *= 2) > 9) digit -= 9;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * BIN ranges per brand, in matching order: Elo and Hipercard come first because their ranges sit
 * inside Visa (4…), Diners (38…) and Discover (65…) prefixes, and the first match wins. "a-b" is an
 * inclusive range of prefixes of equal length; a lone number is a single prefix.
 */
const RANGES: ReadonlyArray<readonly [CardBrand, string]> = [
  [
    "ELO",
    "401178 401179 431274 438935 451416 457393 457631 457632 504175 506699-506778 509000-509999 " +
      "627780 636297 636368 650031-650033 650035-650051 650405-650439 650485-650538 650541-650598 " +
      "650700-650718 650720-650727 650901-650978 651652-651679 655000-655019 655021-655058",
  ],
  ["HIPERCARD", "606282 384100 384140 384160 637095 637568 637599 637609 637612"],
  ["AMEX", "34 37"],
  ["DINERS", "300-305 36 38 39"],
  ["DISCOVER", "6011 622126-622925 644-649 65"],
  ["JCB", "3528-3589"],
  ["MASTERCARD", "51-55 2221-2720"],
  ["VISA", "4"],
];

/** {@link RANGES} parsed once at load, so detection is only number comparisons. */
const PREFIXES = RANGES.flatMap(([brand, list]) =>
  list.split(" ").map((item) => {
    const [lo = "", hi = lo] = item.split("-");
    return { brand, digits: lo.length, lo: Number(lo), hi: Number(hi) };
  }),
);

/**
 * The brand of a PAN (or of its first 6-8 digits) from BIN ranges, or null when unknown.
 * Give at least 6 digits: with fewer, the 6-digit Elo and Hipercard ranges cannot match and, say,
 * "40117" answers VISA although 401178 is Elo.
 */
export function detectBrand(panOrBin: string): CardBrand | null {
  if (!/^\d+$/.test(panOrBin)) return null;
  for (const { brand, digits, lo, hi } of PREFIXES) {
    if (panOrBin.length < digits) continue;
    const prefix = Number(panOrBin.slice(0, digits));
    if (prefix >= lo && prefix <= hi) return brand;
  }
  return null;
}

/** PAN lengths accepted per brand. */
export const PAN_LENGTHS: Record<CardBrand, readonly number[]> = {
  VISA: [13, 16, 19],
  MASTERCARD: [16],
  AMEX: [15],
  ELO: [16],
  HIPERCARD: [13, 16, 19],
  DINERS: [14, 16, 19],
  DISCOVER: [16, 19],
  JCB: [16, 19],
};

/** CVV length per brand: 4 for AMEX, 3 for the others. */
export function cvvLength(brand: CardBrand): number {
  return brand === "AMEX" ? 4 : 3;
}

/** Exactly two digits, 01-12. */
const MONTH = /^(0[1-9]|1[0-2])$/;
/** YYYY, or YY meaning 20YY. */
const YEAR = /^(\d{2}|\d{4})$/;

/**
 * Normalizes an expiry: month "MM" (01-12) and year "YYYY" or "YY" (YY means 20YY). Returns
 * {month: "MM", year: "YYYY"} or null when malformed. A one-digit month ("1") is refused on
 * purpose: the API takes exactly what card forms print, and guessing invites "1" vs "11" mix-ups.
 */
export function parseExpiry(month: string, year: string): { month: string; year: string } | null {
  if (!MONTH.test(month) || !YEAR.test(year)) return null;
  return { month, year: year.length === 2 ? `20${year}` : year };
}

/**
 * True when the card's expiry month (inclusive, cards are valid through the last day of that
 * month) is not before `now`'s month, in UTC. UTC so that server and browser agree on the day a
 * card lapses whatever their time zones. False when the expiry is malformed.
 */
export function expiryValid(month: string, year: string, now: Date): boolean {
  const expiry = parseExpiry(month, year);
  if (!expiry) return false;
  return Number(expiry.year) * 12 + Number(expiry.month) - 1 >= now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/** A field of a card that {@link cardProblems} can find fault with. */
export type CardField = "number" | "expirationMonth" | "expirationYear" | "cvv";

/** One problem {@link cardProblems} found; `message` never contains the card number or CVV. */
export type CardProblem = { field: CardField; code: string; message: string };

/**
 * Checks a card as a form/API would; returns a list of problems, each {field: "number" |
 * "expirationMonth" | "expirationYear" | "cvv", code, message}, empty when valid. cvv is optional
 * (undefined = not checked). Only the first failing check is reported for the number, since later
 * checks (brand, length) mean little once it is malformed.
 */
export function cardProblems(
  card: { number: string; expirationMonth: string; expirationYear: string; cvv?: string },
  now: Date,
): CardProblem[] {
  const problems: CardProblem[] = [];
  const add = (field: CardField, code: string, message: string) => problems.push({ field, code, message });
  const brand = detectBrand(card.number);

  if (!/^\d{12,19}$/.test(card.number)) add("number", "invalid_format", "must be 12 to 19 digits, with no spaces or separators");
  else if (!luhnValid(card.number)) add("number", "luhn_failed", "fails the Luhn check: a digit is wrong");
  else if (!brand) add("number", "unknown_brand", `matches no accepted brand (${CARD_BRANDS.join(", ")})`);
  else if (!PAN_LENGTHS[brand].includes(card.number.length))
    add("number", "invalid_length", `has a length ${brand} cards never have (allowed: ${PAN_LENGTHS[brand].join(", ")} digits)`);

  const monthOk = MONTH.test(card.expirationMonth);
  const yearOk = YEAR.test(card.expirationYear);
  if (!monthOk) add("expirationMonth", "invalid_month", "must be two digits from 01 to 12");
  if (!yearOk) add("expirationYear", "invalid_year", "must be four digits (YYYY) or two (YY, meaning 20YY)");
  // Expiry is judged only on a well-formed month and year, so one typo does not raise two problems.
  if (monthOk && yearOk && !expiryValid(card.expirationMonth, card.expirationYear, now))
    add("expirationYear", "expired", "is past: the card expired before the current month");

  if (card.cvv !== undefined) {
    // With no brand to go by, accept both lengths rather than refuse a CVV that may be right.
    const ok = brand ? new RegExp(`^\\d{${cvvLength(brand)}}$`) : /^\d{3,4}$/;
    if (!ok.test(card.cvv))
      add("cvv", "invalid_cvv", brand ? `must be ${cvvLength(brand)} digits for ${brand} cards` : "must be 3 or 4 digits");
  }
  return problems;
}

/** First 6 digits of a PAN (its BIN), the part that may be stored and shown. */
export function binOf(pan: string): string {
  return pan.slice(0, 6);
}

/** Last 4 digits of a PAN, the part that may be stored and shown. */
export function lastFourOf(pan: string): string {
  return pan.slice(-4);
}
