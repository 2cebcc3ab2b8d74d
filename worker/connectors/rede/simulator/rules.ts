/**
 * What the Rede simulator checks in a sale and what the "issuer" answers: e.Rede's field
 * validation (HTTP 400 `{returnCode, returnMessage}` with small codes) and a deterministic table of
 * declines by card number. Only codes 1-5 (expirationYear, cavv) are Rede's published numbering;
 * the other field codes are the simulator's own (README.md), which the connector does not depend on.
 */

/** A refusal as e.Rede words it. */
export interface Refusal {
  returnCode: string;
  returnMessage: string;
}

type Json = Record<string, unknown>;

const PROBLEM = { size: "Invalid parameter size.", format: "Invalid parameter format.", missing: "Required parameter missing." } as const;
const refuse = (code: number, field: string, problem: keyof typeof PROBLEM): Refusal => ({ returnCode: String(code), returnMessage: `${field}: ${PROBLEM[problem]}` });

/** An integer given as a JSON number or a string of digits (the PHP SDK sends either); NaN otherwise. */
export function intOf(value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
}

/** A JSON boolean, or the PHP SDK's "true"/"false"; undefined when neither. */
export function boolOf(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  return value === "true" ? true : value === "false" ? false : undefined;
}

/** The first field `POST /v1/transactions` does not accept, or null. CVV (securityCode) is optional. */
export function validateSale(body: Json): Refusal | null {
  const reference = body.reference;
  if (reference === undefined || reference === "") return refuse(53, "reference", "missing");
  if (typeof reference !== "string" || !/^[A-Za-z0-9]+$/.test(reference)) return refuse(55, "reference", "format");
  if (reference.length > 16) return refuse(54, "reference", "size");
  if (body.amount === undefined) return refuse(51, "amount", "missing");
  if (!(intOf(body.amount) > 0)) return refuse(52, "amount", "format");
  const card = body.cardNumber;
  if (card === undefined || card === "") return refuse(38, "cardNumber", "missing");
  if (typeof card !== "string" || !/^\d+$/.test(card)) return refuse(37, "cardNumber", "format");
  if (card.length < 13 || card.length > 19) return refuse(36, "cardNumber", "size");
  if (body.expirationMonth === undefined) return refuse(40, "expirationMonth", "missing");
  const month = intOf(body.expirationMonth);
  if (!(month >= 1 && month <= 12)) return refuse(39, "expirationMonth", "format");
  if (body.expirationYear === undefined) return refuse(3, "expirationYear", "missing");
  if (Number.isNaN(intOf(body.expirationYear))) return refuse(2, "expirationYear", "format");
  if (![2, 4].includes(String(body.expirationYear).length)) return refuse(1, "expirationYear", "size");
  if (body.installments !== undefined && !(intOf(body.installments) >= 1 && intOf(body.installments) <= 12)) return refuse(56, "installments", "format");
  if (body.kind !== undefined && body.kind !== "credit" && body.kind !== "debit") return refuse(57, "kind", "format");
  if (body.capture !== undefined && boolOf(body.capture) === undefined) return refuse(59, "capture", "format");
  if (body.cardHolderName !== undefined && (typeof body.cardHolderName !== "string" || body.cardHolderName.length > 30)) return refuse(58, "cardHolderName", "size");
  if (body.securityCode !== undefined && !/^\d{3,4}$/.test(String(body.securityCode))) return refuse(15, "securityCode", "format");
  if (body.subscription !== undefined && boolOf(body.subscription) === undefined) return refuse(60, "subscription", "format");
  if (body.storageCard !== undefined && ![0, 1, 2].includes(intOf(body.storageCard))) return refuse(61, "storageCard", "format");
  return body.threeDSecure === undefined ? null : validateThreeDs(body.threeDSecure);
}

/** `threeDSecure`: with `embedded: false` (a 3DS done elsewhere) cavv and eci are required. */
function validateThreeDs(value: unknown): Refusal | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return refuse(23, "threeDSecure", "format");
  const t = value as Json;
  if (t.embedded !== undefined && typeof t.embedded !== "boolean") return refuse(23, "threeDSecure.embedded", "format");
  if (t.onFailure !== undefined && t.onFailure !== "decline" && t.onFailure !== "continue") return refuse(21, "onFailure", "format");
  if (t.threeDIndicator !== undefined && !["1", "2"].includes(String(t.threeDIndicator))) return refuse(22, "threeDIndicator", "format");
  if (t.embedded !== false) return null;
  const cavv = typeof t.cavv === "string" ? t.cavv : "";
  if (cavv.length < 1 || cavv.length > 64) return refuse(4, "cavv", "size");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cavv)) return refuse(5, "cavv", "format");
  if (typeof t.eci !== "string" || !/^\d{2}$/.test(t.eci)) return refuse(20, "eci", t.eci === undefined ? "missing" : "format");
  return null;
}

/** e.Rede's return messages (the Zoop copy of its table, in English), by code. */
export const MESSAGES: Record<string, string> = {
  "00": "Success.",
  "101": "Unauthorized. Problems on the card, contact the issuer.",
  "102": "Unauthorized. Check the situation of the store with the issuer.",
  "103": "Unauthorized. Please try again.",
  "104": "Unauthorized. Please try again.",
  "105": "Unauthorized. Restricted card.",
  "106": "Error in issuer processing. Please try again.",
  "107": "Unauthorized. Please try again.",
  "108": "Unauthorized. Value not allowed for this type of card.",
  "109": "Unauthorized. Nonexistent card.",
  "110": "Unauthorized. Transaction type not allowed for this card.",
  "111": "Unauthorized. Insufficient funds.",
  "112": "Unauthorized. Expiry date expired.",
  "113": "Unauthorized. Identified moderate risk by the issuer.",
  "114": "Unauthorized. The card does not belong to the payment network.",
  "115": "Unauthorized. Exceeded the limit of transactions allowed in the period.",
  "116": "Unauthorized. Please contact the Card Issuer.",
  "117": "Transaction not found.",
  "118": "Unauthorized. Card locked.",
  "119": "Unauthorized. Invalid security code.",
  "121": "Error processing. Please try again.",
  "122": "Transaction previously sent.",
  "123": "Unauthorized. Bearer requested the end of the recurrences in the issuer.",
  "124": "Unauthorized. Contact Rede.",
  "172": "Transaction already captured.",
  "220": "Transaction request with authentication received. Redirect URL sent.",
  "353": "Transaction not found.",
  "355": "Transaction already canceled.",
  "356": "Transaction not approved: it cannot be refunded.",
  "357": "Sum of amount refunds greater than transaction amount.",
  "359": "Refund successful.",
};

/** Issuer answers a card number can ask for with its last three digits. */
const ISSUER_CODES = new Set(["101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "111", "112", "113", "114", "115", "116", "118", "119", "121", "123", "124"]);

/**
 * What the "issuer" answers: a card whose last three digits are a code of the table above declines
 * with it (5448280000000111: insufficient funds); a card past its expiry month is 112; any other is
 * approved ("00"), 5448280000000007 (the SDK's test card) among them.
 */
export function issuerAnswer(cardNumber: string, month: number, year: number, now = new Date()): string {
  const last3 = cardNumber.slice(-3);
  if (ISSUER_CODES.has(last3)) return last3;
  const fullYear = year < 100 ? 2000 + year : year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return fullYear * 12 + (month - 1) < thisMonth ? "112" : "00";
}
