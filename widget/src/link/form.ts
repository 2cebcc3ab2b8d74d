/**
 * The link form's fields → the pay request, checked as the API will check them (so most mistakes
 * are shown before a round trip: a CPF/CNPJ's check digits by shared/documents.ts, the API's own
 * rule), and the API's field errors → the form's fields, in the buyer's words: by each error's
 * `code` (docs/errors.md), never by the API's English `message`.
 */
import { isValidCnpj, isValidCpf } from "../../../shared/documents";
import type { PayRequest, PublicLink } from "./api";
import { parseAmount } from "../../../shared/parse-amount";
import type { LinkStrings } from "./strings";

/** A message per form field (`name`, `email`, `phone`, `document`, `amount`, `method`). */
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** The document typed (punctuation dropped; a CNPJ may be alphanumeric) and its type, or the error's code. */
function documentOf(typed: string): { type: "CPF" | "CNPJ"; number: string } | "invalid_format" | "invalid_check_digits" | null {
  const number = typed.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (!number) return null;
  if (/^\d{11}$/.test(number)) return isValidCpf(number) ? { type: "CPF", number } : "invalid_check_digits";
  if (number.length !== 14) return "invalid_format";
  return isValidCnpj(number) ? { type: "CNPJ", number } : "invalid_check_digits";
}

/** The pay request of the form's data, or the errors that stop it. */
export function collectPayment(data: FormData, link: PublicLink, s: LinkStrings, money: (cents: number) => string): { body: PayRequest | null; errors: FieldErrors } {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const errors: FieldErrors = {};
  const say = (field: string, code: string) => (errors[field] = fieldMessage(field, code, link, s, money));
  const name = text("name");
  const email = text("email");
  const phone = text("phone").replace(/\D/g, "");
  const document = documentOf(text("document"));
  if (!name) say("name", "required");
  if (!email) say("email", "required");
  else if (!EMAIL.test(email)) say("email", "invalid_format");
  if (phone && (phone.length < 10 || phone.length > 13)) say("phone", "invalid_format");
  if (typeof document === "string") say("document", document);
  else if (!document && link.requireCustomerDocument) say("document", "required");
  let amountInCents: number | undefined;
  if (link.chargeType === "CUSTOMER_CHOICE") {
    const parsed = parseAmount(text("amount"));
    if (parsed === null || parsed < (link.minAmountInCents ?? 1)) say("amount", "too_small");
    else if (link.maxAmountInCents !== null && parsed > link.maxAmountInCents) say("amount", "too_big");
    else amountInCents = parsed;
  }
  const method = text("method") as PayRequest["paymentMethod"];
  if (!link.paymentMethods.includes(method)) say("method", "required");
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const buyer: PayRequest["buyer"] = { name, email };
  if (phone) buyer.phone = phone;
  if (document && typeof document === "object") Object.assign(buyer, { documentType: document.type, documentNumber: document.number });
  return { body: { paymentMethod: method, buyer, ...(amountInCents === undefined ? {} : { amountInCents }) }, errors };
}

/** The form field an API error path names (`buyer.documentNumber` → `document`); null for none of them. */
export function fieldOfPath(path: string): string | null {
  const known: Record<string, string> = {
    "buyer.name": "name",
    "buyer.email": "email",
    "buyer.phone": "phone",
    "buyer.documentNumber": "document",
    "buyer.documentType": "document",
    amountInCents: "amount",
    paymentMethod: "method",
  };
  return known[path] ?? null;
}

/** What the buyer reads for `code` (docs/errors.md's field codes) on a form field, in `s`'s language. */
export function fieldMessage(field: string, code: string, link: PublicLink, s: LinkStrings, money: (cents: number) => string): string {
  if (code === "required") return s.required;
  if (field === "amount") {
    const max = link.maxAmountInCents;
    return code === "too_big" && max !== null ? s.amountTooBig(money(max)) : s.invalidAmount(money(link.minAmountInCents ?? 1));
  }
  if (field === "document") return code === "invalid_check_digits" ? s.badCheckDigits : s.invalidDocument;
  return s.invalid[field] ?? s.fixErrors;
}

/** The API's field errors (a 422's `errors`) as the form shows them; `other`: some named no field of the form. */
export function problemMessages(errors: { path: string; code: string }[], link: PublicLink, s: LinkStrings, money: (cents: number) => string): { fields: FieldErrors; other: boolean } {
  const fields: FieldErrors = {};
  let other = false;
  for (const { path, code } of errors) {
    const field = fieldOfPath(path);
    if (!field) other = true;
    else fields[field] ??= fieldMessage(field, code, link, s, money);
  }
  return { fields, other };
}
