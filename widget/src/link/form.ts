/**
 * The link form's fields → the pay request, checked as the API will check them (so most mistakes
 * are shown before a round trip), and the API's field paths → the form's fields.
 */
import type { PayRequest, PublicLink } from "./api";
import { parseAmount } from "../../../shared/parse-amount";
import type { LinkStrings } from "./strings";

/** A message per form field (`name`, `email`, `phone`, `document`, `amount`, `method`). */
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

/** The pay request of the form's data, or the errors that stop it. */
export function collectPayment(data: FormData, link: PublicLink, s: LinkStrings, money: (cents: number) => string): { body: PayRequest | null; errors: FieldErrors } {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const errors: FieldErrors = {};
  const name = text("name");
  const email = text("email");
  const phone = text("phone").replace(/\D/g, "");
  const document = text("document").replace(/\D/g, "");
  if (!name) errors.name = s.required;
  if (!email) errors.email = s.required;
  else if (!EMAIL.test(email)) errors.email = s.invalidEmail;
  if (document && document.length !== 11 && document.length !== 14) errors.document = s.invalidDocument;
  else if (!document && link.requireCustomerDocument) errors.document = s.required;
  let amountInCents: number | undefined;
  if (link.chargeType === "CUSTOMER_CHOICE") {
    const min = link.minAmountInCents ?? 1;
    const max = link.maxAmountInCents;
    const parsed = parseAmount(text("amount"));
    if (parsed === null || parsed < min) errors.amount = s.invalidAmount(money(min));
    else if (max !== null && parsed > max) errors.amount = s.amountTooBig(money(max));
    else amountInCents = parsed;
  }
  const method = text("method") as PayRequest["paymentMethod"];
  if (!link.paymentMethods.includes(method)) errors.method = s.required;
  if (Object.keys(errors).length > 0) return { body: null, errors };
  const buyer: PayRequest["buyer"] = { name, email };
  if (phone) buyer.phone = phone;
  if (document) Object.assign(buyer, { documentType: document.length === 11 ? "CPF" : "CNPJ", documentNumber: document });
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
