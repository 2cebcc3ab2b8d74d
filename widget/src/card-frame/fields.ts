/**
 * The card frame's field logic, pure (no DOM): formatting as the buyer types, and which error
 * each field has. The rules themselves are shared/cards.ts's (Luhn, brand by BIN, lengths,
 * expiry, CVV), the same the API applies; this only maps them onto the form's four fields.
 */
import { cardProblems, cvvLength, detectBrand, PAN_LENGTHS, type CardBrand } from "../../../shared/cards";
import type { CardChange, CardErrorCode, CardErrors, CardField } from "./protocol";

/** What the buyer typed, digits only for the number, expiry (MMYY) and CVV. */
export interface CardValues {
  number: string;
  expiry: string;
  cvv: string;
  holderName: string;
}

export const FIELDS: readonly CardField[] = ["number", "expiry", "cvv", "holderName"];

/** The number's brand, as far as its digits tell. */
export const brandOf = (digits: string): CardBrand | null => detectBrand(digits);

/** How many digits the number may have: the brand's longest, else 19. */
export const maxNumberDigits = (brand: CardBrand | null): number => (brand ? Math.max(...PAN_LENGTHS[brand]) : 19);

/** The length a number of this brand usually has (Amex 15, Diners 14, the others 16). */
const usualLength = (brand: CardBrand | null): number => (brand === "AMEX" ? 15 : brand === "DINERS" ? 14 : 16);

/** Digit groups as printed on the card: Amex 4-6-5, Diners (14) 4-6-4, the others by four. */
function groups(brand: CardBrand | null, length: number): number[] {
  if (brand === "AMEX") return [4, 6, 5];
  if (brand === "DINERS" && length <= 14) return [4, 6, 4];
  return [4, 4, 4, 4, 3];
}

/** `4111111111111111` → `4111 1111 1111 1111`; `378282246310005` → `3782 822463 10005`. */
export function formatNumber(digits: string): string {
  const brand = brandOf(digits);
  const parts: string[] = [];
  let at = 0;
  for (const size of groups(brand, digits.length)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, (at += size)));
  }
  return parts.join(" ");
}

/**
 * The expiry's digits (MMYY, at most 4) from what is in the field: typed digits, or an autofilled
 * `12/2030`, `12 / 30`, `1/30`. A first digit above 1 is a month: `4` → `04`.
 */
export function expiryDigits(text: string): string {
  const filled = /^\s*(\d{1,2})\s*[/\-.]\s*(\d{4}|\d{2})\s*$/.exec(text);
  if (filled) return filled[1]!.padStart(2, "0") + filled[2]!.slice(-2);
  const digits = text.replace(/\D/g, "").slice(0, 4);
  return /^[2-9]$/.test(digits) ? `0${digits}` : digits;
}

/** `1230` → `12/30`; fewer than three digits stay as they are (no slash to backspace over). */
export const formatExpiry = (digits: string): string => (digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits);

/** The CVV's length for the brand; 4 (the longest) while the brand is unknown. */
export const maxCvvDigits = (brand: CardBrand | null): number => (brand ? cvvLength(brand) : 4);

/** Whether a field holds as many characters as it can take (so its error may show while typing). */
export function isFull(field: CardField, values: CardValues): boolean {
  const brand = brandOf(values.number);
  if (field === "number") return values.number.length >= usualLength(brand);
  if (field === "expiry") return values.expiry.length === 4;
  if (field === "cvv") return values.cvv.length === maxCvvDigits(brand);
  return false;
}

/** Every field's error (a field without one is valid), by shared/cards.ts's rules. */
export function cardErrors(values: CardValues, now: Date): CardErrors {
  const problems = cardProblems(
    { number: values.number, expirationMonth: values.expiry.slice(0, 2), expirationYear: values.expiry.slice(2), cvv: values.cvv },
    now,
  );
  const code = (field: string) => problems.find((p) => p.field === field)?.code;
  const errors: CardErrors = {};
  const set = (field: CardField, error: CardErrorCode | undefined) => error && (errors[field] = error);

  // Shorter than the brand's usual length and than any it allows: not wrong yet, only unfinished.
  const brand = brandOf(values.number);
  const short = values.number.length < usualLength(brand) && !(brand && PAN_LENGTHS[brand].includes(values.number.length));
  const number = code("number");
  set("number", !values.number ? "required" : short || number === "invalid_format" ? "incomplete" : (number as CardErrorCode | undefined));
  const expiry = code("expirationMonth") ?? code("expirationYear");
  set("expiry", !values.expiry ? "required" : values.expiry.length < 4 ? "incomplete" : expiry === "expired" ? "expired" : expiry ? "invalid_month" : undefined);
  set("cvv", !values.cvv ? "required" : code("cvv") ? "invalid_cvv" : undefined);
  set("holderName", values.holderName.trim() ? undefined : "required");
  return errors;
}

/** What the host is told: brand, last 4 only once the number is valid, completeness, validity. */
export function cardChange(values: CardValues, errors: CardErrors, shown: CardErrors): CardChange {
  const brand = brandOf(values.number);
  const complete =
    (brand ? PAN_LENGTHS[brand].includes(values.number.length) : values.number.length >= 12) &&
    values.expiry.length === 4 &&
    values.cvv.length === maxCvvDigits(brand) &&
    values.holderName.trim() !== "";
  const valid = complete && Object.keys(errors).length === 0;
  // No error on the number means a known brand, a length it has, and the Luhn check passed.
  return { brand, last4: errors.number ? null : values.number.slice(-4), complete, valid, errors: shown };
}
