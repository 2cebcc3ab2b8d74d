/**
 * The port's values in Cybersource's request bodies (card-connectors.md §1.3-1.5), and its 201
 * answers read back into the port's outcomes. Nothing here sends anything; a request Cybersource
 * would refuse is refused here first (ThreeDsRejectedError `INVALID_REQUEST`, nothing sent), and an
 * answer that lacks what the port needs is ThreeDsRejectedError `MALFORMED_ANSWER`. No message
 * carries a card field's value.
 */
import { formatMinor, isCurrency } from "../../../shared/currency";
import { ThreeDsRejectedError, type ThreeDsAuthenticated, type ThreeDsBrowser, type ThreeDsCard } from "../../lib/threeds-server";

/** Cybersource's three-digit card type of each gateway brand it authenticates. */
export const CARD_TYPES: Readonly<Record<string, string>> = { VISA: "001", MASTERCARD: "002", AMEX: "003", DISCOVER: "004", DINERS: "005", JCB: "007", ELO: "054" };

/** The port's device channel in Cybersource's words. */
const CHANNELS: Record<ThreeDsBrowser["deviceChannel"], string> = { BROWSER: "Browser", APP: "SDK", "3RI": "3RI" };

/** paresStatus values that prove an authentication: Y (authenticated), A (attempted, with a CAVV). */
const PROVEN = new Set(["Y", "A"]);

/** A JSON object as read from an answer. */
export type Json = Record<string, unknown>;

/** A request that was not sent, because Cybersource would refuse it. */
export function notSent(message: string): ThreeDsRejectedError {
  return new ThreeDsRejectedError(`${message} (not sent to Cybersource)`, "INVALID_REQUEST");
}

/** An answer the connector cannot use. */
export function malformed(message: string): ThreeDsRejectedError {
  return new ThreeDsRejectedError(`Cybersource's answer ${message}`, "MALFORMED_ANSWER");
}

/** `paymentInformation.card`, with the type of the card's brand. */
export function cardOf(card: ThreeDsCard): Json {
  const type = CARD_TYPES[card.brand];
  if (!type) throw notSent(`${card.brand} cards are not authenticated through Cybersource`);
  if (!/^\d{12,19}$/.test(card.number) || !/^(0[1-9]|1[0-2])$/.test(card.expMonth) || !/^\d{4}$/.test(card.expYear)) {
    throw notSent("the card's number or expiry is malformed");
  }
  return { number: card.number, expirationMonth: card.expMonth, expirationYear: card.expYear, type };
}

/** `orderInformation.amountDetails`: the amount as a decimal string, as Cybersource takes it. */
export function amountOf(amount: number, currency: string): Json {
  if (!isCurrency(currency)) throw notSent("the currency is not an ISO 4217 code");
  if (!Number.isSafeInteger(amount) || amount <= 0) throw notSent("the amount must be a positive integer of minor units");
  return { currency, totalAmount: formatMinor(amount, currency) };
}

/**
 * The browser's language as the BCP 47 tag EMV 3DS asks for: what a browser reports may carry a
 * POSIX locale's tail (`en-US@posix`, `pt_BR.UTF-8` from a headless or kiosk browser), which
 * Cybersource refuses as INVALID_DATA and would cost the buyer the payment. Unreadable: `en`.
 */
export function languageTag(language: string): string {
  const tag = language.split(/[@.]/)[0]!.replace(/_/g, "-");
  return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag) ? tag : "en";
}

/** `deviceInformation` from the browser's fields (Java and JavaScript as the booleans the API types them). */
export function deviceOf(browser: ThreeDsBrowser): Json {
  const flag = (value: string | undefined) => (value === undefined ? undefined : value === "true");
  const { deviceChannel: _channel, httpBrowserJavaEnabled, httpBrowserJavaScriptEnabled, ...text } = browser;
  const fields = {
    ...text,
    httpBrowserLanguage: languageTag(text.httpBrowserLanguage),
    httpBrowserJavaEnabled: flag(httpBrowserJavaEnabled),
    httpBrowserJavaScriptEnabled: flag(httpBrowserJavaScriptEnabled),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/** The device channel Cybersource names. */
export function channelOf(browser: ThreeDsBrowser): string {
  return CHANNELS[browser.deviceChannel];
}

/** A string field of an object, or undefined. */
export function text(object: unknown, key: string): string | undefined {
  const value = object && typeof object === "object" ? (object as Json)[key] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** An object field of an object ({} when absent). */
export function objectAt(object: unknown, key: string): Json {
  const value = object && typeof object === "object" ? (object as Json)[key] : undefined;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

/** A vendor reason safe to log and carry (an upper-case token), or undefined. */
export function reasonOf(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(value) ? value : undefined;
}

/** A URL of the answer the buyer's browser will be sent to: only on Cardinal's origin. */
export function pageUrl(answer: Json, key: string, pagesOrigin: string): string {
  const value = text(objectAt(answer, "consumerAuthenticationInformation"), key);
  if (value === undefined) throw malformed(`has no consumerAuthenticationInformation.${key}`);
  let origin: string;
  try {
    origin = new URL(value).origin;
  } catch {
    throw malformed(`has a ${key} that is not a URL`);
  }
  if (origin !== new URL(pagesOrigin).origin) throw new ThreeDsRejectedError(`Cybersource's ${key} is not on the configured pages origin; the buyer is not sent there`, "UNTRUSTED_PAGE_URL");
  return value;
}

/** The reason of a failed authentication: the vendor's, else the paresStatus it came with. */
export function failureReason(answer: Json): string {
  const pares = text(objectAt(answer, "consumerAuthenticationInformation"), "paresStatus");
  return reasonOf(objectAt(answer, "errorInformation").reason) ?? (pares && /^[A-Z]$/.test(pares) ? `PARES_STATUS_${pares}` : "AUTHENTICATION_FAILED");
}

/**
 * What an AUTHENTICATION_SUCCESSFUL answer proves. Cybersource answers that status also when the
 * cardholder was not authenticated (paresStatus N, U, R, or an unenrolled card with no paresStatus,
 * card-connectors.md test cases 2a, 2.4, 2.6: "no liability shift"): those are FAILED, with no
 * CAVV. A Y or A without its authentication value is an answer the connector cannot use.
 */
export function authenticatedOf(answer: Json, brand: string, fallbackId: string | undefined): ThreeDsAuthenticated | { status: "FAILED"; reason: string } {
  const info = objectAt(answer, "consumerAuthenticationInformation");
  const pares = text(info, "paresStatus");
  const value = brand === "MASTERCARD" ? (text(info, "ucafAuthenticationData") ?? text(info, "cavv")) : text(info, "cavv");
  if (pares !== undefined && !PROVEN.has(pares)) return { status: "FAILED", reason: failureReason(answer) };
  if (value === undefined) {
    if (pares !== undefined) throw malformed(`says paresStatus ${pares} but carries no authentication value`);
    const enrolled = text(info, "veresEnrolled");
    return { status: "FAILED", reason: enrolled && /^[A-Z]$/.test(enrolled) ? `VERES_ENROLLED_${enrolled}` : "NOT_AUTHENTICATED" };
  }
  const eci = text(info, "eciRaw") ?? text(info, "eci");
  if (eci === undefined || !/^\d{2}$/.test(eci)) throw malformed("has no two-digit ECI");
  const specificationVersion = text(info, "specificationVersion");
  if (specificationVersion === undefined) throw malformed("has no specificationVersion");
  const authenticationTransactionId = text(info, "authenticationTransactionId") ?? fallbackId;
  if (authenticationTransactionId === undefined) throw malformed("has no authenticationTransactionId nor id");
  return {
    status: "AUTHENTICATED",
    authenticationTransactionId,
    cavv: value,
    eci,
    xid: text(info, "xid") ?? null,
    specificationVersion,
    directoryServerTransactionId: text(info, "directoryServerTransactionId") ?? null,
    threeDsServerTransactionId: text(info, "threeDSServerTransactionId") ?? null,
  };
}
