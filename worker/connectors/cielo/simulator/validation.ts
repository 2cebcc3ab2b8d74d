/**
 * The simulator's checks of a `POST /1/sales/` body, answered as Cielo answers them: HTTP 400 with
 * a JSON array of `{Code, Message}` (codes and messages from Cielo's "API Error Codes" table).
 * Checks whose failure Cielo documents no code for (ExternalAuthentication's fields, the
 * card-on-file and initiator indicators) answer Code 0, Cielo's "Internal error", with a message
 * naming the field: the simulator's reading, listed in README.md.
 */

/** One entry of Cielo's validation error array. */
export interface CieloError {
  Code: number;
  Message: string;
}

/** The brands Cielo accepts in CreditCard.Brand, as it spells them. */
export const ACCEPTED_BRANDS = ["Visa", "Master", "Amex", "Elo", "Aura", "JCB", "Diners", "Discover", "Hipercard", "Hiper"];

const MESSAGES: Record<number, string> = {
  0: "Internal error",
  102: "Payment Type is required",
  108: "Amount must be greater or equal to zero",
  110: "Invalid Payment Currency",
  112: "Invalid Payment Country",
  117: "Credit Card Holder is required",
  118: "Credit Card Number is required",
  119: "At least one Payment is required",
  121: "Customer is required",
  122: "MerchantOrderId is required",
  123: "Installments must be greater or equal to one",
  124: "Credit Card is Required",
  125: "Credit Card Expiration Date is required",
  126: "Credit Card Expiration Date is invalid",
  146: "SecurityCode length exceeded",
  155: "Customer Name length exceeded",
  163: "Return Url is required",
  173: "Payment method is not enabled",
  179: "The max number of installments allowed for recurring payment is 1",
  182: "Brand is required",
  185: "Brand is not supported by selected provider",
  186: "The selected provider does not support the options provided (Capture, Authenticate, Recurrent or Installments)",
  213: "Credit Card Number is invalid",
  214: "Credit Card Holder Must Have Only Letters",
};

/** An error of the table; Code 0 carries the simulator's own words. */
export function cieloError(code: number, message?: string): CieloError {
  return { Code: code, Message: message ?? MESSAGES[code] ?? "Internal error" };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUBCATEGORIES: Record<string, string[]> = {
  C1: ["CredentialsOnFile", "StandingOrder", "Subscription", "Installment"],
  M1: ["CredentialsOnFile", "StandingOrder", "Subscription", "Installment"],
  M2: ["PartialShipment", "RelatedOrDelayedCharge", "NoShow", "Resubmission"],
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every rule the body breaks (empty: it is a credit-card sale the simulator can process). */
export function saleErrors(body: unknown): CieloError[] {
  if (!isObject(body)) return [cieloError(184, "Request could not be empty")];
  const errors: CieloError[] = [];
  const fail = (code: number, message?: string) => void errors.push(cieloError(code, message));
  const orderId = body.MerchantOrderId;
  if (typeof orderId !== "string" || !/^[A-Za-z0-9]{1,50}$/.test(orderId)) fail(122);
  if (!isObject(body.Customer)) fail(121);
  else if (typeof body.Customer.Name === "string" && body.Customer.Name.length > 255) fail(155);
  const p = body.Payment;
  if (!isObject(p)) return [...errors, cieloError(119)];
  if (typeof p.Type !== "string" || !p.Type) fail(102);
  else if (p.Type !== "CreditCard") fail(173);
  if (!Number.isSafeInteger(p.Amount) || (p.Amount as number) <= 0) fail(108);
  if (p.Currency !== undefined && p.Currency !== "BRL") fail(110);
  if (p.Country !== undefined && p.Country !== "BRA") fail(112);
  if (!Number.isSafeInteger(p.Installments) || (p.Installments as number) < 1) fail(123);
  for (const flag of ["Capture", "Authenticate", "Recurrent"] as const) {
    if (p[flag] !== undefined && typeof p[flag] !== "boolean") fail(0, `Payment.${flag} must be a boolean`);
  }
  if (p.Recurrent === true && (p.Installments as number) > 1) fail(179);
  if (p.Recurrent === true && p.Authenticate === true) fail(186);
  errors.push(...cardErrors(p.CreditCard), ...authenticationErrors(p), ...indicatorErrors(p.InitiatedTransactionIndicator));
  return errors;
}

function cardErrors(card: unknown): CieloError[] {
  if (!isObject(card)) return [cieloError(124)];
  const errors: CieloError[] = [];
  const fail = (code: number, message?: string) => void errors.push(cieloError(code, message));
  if (typeof card.CardNumber !== "string" || !card.CardNumber) fail(118);
  else if (!/^\d{13,19}$/.test(card.CardNumber)) fail(213);
  if (typeof card.Holder !== "string" || !card.Holder.trim() || card.Holder.length > 25) fail(117);
  else if (!/^[A-Za-z ]+$/.test(card.Holder)) fail(214);
  if (typeof card.ExpirationDate !== "string" || !card.ExpirationDate) fail(125);
  else if (!/^(0[1-9]|1[0-2])\/\d{4}$/.test(card.ExpirationDate)) fail(126);
  if (card.SecurityCode !== undefined && (typeof card.SecurityCode !== "string" || !/^\d{3,4}$/.test(card.SecurityCode))) fail(146);
  if (typeof card.Brand !== "string" || !card.Brand) fail(182);
  else if (!ACCEPTED_BRANDS.includes(card.Brand)) fail(185);
  const onFile = card.CardOnFile;
  if (onFile !== undefined) {
    if (!isObject(onFile) || (onFile.Usage !== "First" && onFile.Usage !== "Used")) fail(0, "CreditCard.CardOnFile.Usage must be First or Used");
    else if (onFile.Reason !== undefined && !["Recurring", "Unscheduled", "Installments"].includes(String(onFile.Reason))) fail(0, "CreditCard.CardOnFile.Reason is invalid");
    else if (onFile.Usage === "Used" && onFile.Reason === undefined) fail(0, "CreditCard.CardOnFile.Reason is required when Usage is Used");
  }
  return errors;
}

/** Authenticate, ReturnUrl and the external 3DS result (Cielo's ExternalAuthentication table). */
function authenticationErrors(p: Json): CieloError[] {
  const ext = p.ExternalAuthentication;
  if (p.Authenticate !== true) return ext === undefined ? [] : [cieloError(0, "Payment.Authenticate must be true when ExternalAuthentication is sent")];
  const errors: CieloError[] = [];
  const fail = (message: string) => void errors.push(cieloError(0, message));
  if (typeof p.ReturnUrl !== "string" || p.ReturnUrl.length > 1024 || !/^https?:\/\/[^\s]+$/.test(p.ReturnUrl)) errors.push(cieloError(163));
  // Cielo's own authentication (a redirect to the issuer) is discontinued; only external 3DS is served.
  if (!isObject(ext)) return [...errors, cieloError(0, "ExternalAuthentication is required: this simulator does not run Cielo's own authentication")];
  if (ext.Eci === undefined || ext.Eci === "") fail("ExternalAuthentication.Eci is required");
  else if (typeof ext.Eci !== "string" || !/^\d$/.test(ext.Eci)) fail("ExternalAuthentication.Eci is invalid: one digit");
  const version = ext.Version ?? "1";
  if (version !== "1" && version !== "2") fail("ExternalAuthentication.Version is invalid: 1 or 2");
  // Cielo's examples spell it ReferenceId and ReferenceID.
  const referenceId = ext.ReferenceId ?? ext.ReferenceID;
  if (version === "2" && (typeof referenceId !== "string" || !GUID.test(referenceId))) fail("ExternalAuthentication.ReferenceId is required for version 2: a GUID");
  if (version === "1" && (typeof ext.Xid !== "string" || !ext.Xid)) fail("ExternalAuthentication.Xid is required for version 1");
  // An authenticated or attempted ECI (Mastercard 1, 2; Visa, Elo, Amex 5, 6) comes with its cryptogram.
  const needsCavv = typeof ext.Eci === "string" && ["1", "2", "5", "6"].includes(ext.Eci);
  if (ext.Cavv !== undefined && (typeof ext.Cavv !== "string" || !/^[A-Za-z0-9+/]+={0,2}$/.test(ext.Cavv))) fail("ExternalAuthentication.Cavv is invalid: base64");
  else if (needsCavv && !ext.Cavv) fail("ExternalAuthentication.Cavv is required when the authentication succeeded");
  return errors;
}

function indicatorErrors(indicator: unknown): CieloError[] {
  if (indicator === undefined) return [];
  if (!isObject(indicator) || typeof indicator.Category !== "string" || !SUBCATEGORIES[indicator.Category]) {
    return [cieloError(0, "InitiatedTransactionIndicator.Category must be C1, M1 or M2")];
  }
  if (!SUBCATEGORIES[indicator.Category]!.includes(String(indicator.Subcategory))) {
    return [cieloError(0, `InitiatedTransactionIndicator.Subcategory is invalid for ${indicator.Category}`)];
  }
  return [];
}
