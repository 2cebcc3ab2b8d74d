/**
 * The rules of a payment link that a schema alone cannot say: across fields, and by the key's
 * mode or the clock. Each broken rule names its field; all of them are answered together as one
 * 422 INVALID_DATA (the spec's status for invalid link data).
 */
import type { FieldError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import { MAX_AMOUNT } from "../../schemas/transaction";

/** A link's fields as they will be after a create or an update. */
export interface LinkFields {
  chargeType: "FIXED" | "CUSTOMER_CHOICE";
  amount: number;
  quantity: number;
  minAmount: number | null;
  maxAmount: number | null;
  paymentMethods: ReadonlyArray<"PIX" | "CREDIT_CARD" | "DEBIT_CARD">;
  maxInstallments: number | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: string | null;
}

/** Which fields were sent (an update checks only what it changes, but across the whole link). */
type Sent = Partial<Record<keyof LinkFields | "amountInCents" | "minAmountInCents" | "maxAmountInCents", unknown>>;

function urlProblem(raw: string, livemode: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL such as https://loja.example.com/obrigado";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && !livemode) return null;
  return livemode ? "must be https with a live key" : "must be an http(s) URL";
}

/** Throws 422 INVALID_DATA naming every broken rule; `sent` says which fields the request carried. */
export function checkLinkRules(link: LinkFields, sent: Sent, livemode: boolean, now: Date): void {
  const errors: FieldError[] = [];
  const fail = (path: string, code: string, message: string) => errors.push({ path, in: "body", code, message });
  if (link.chargeType === "FIXED" && link.amount <= 0) fail("amountInCents", "too_small", "must be more than 0 for a FIXED link");
  if (link.chargeType === "FIXED" && link.amount * link.quantity > MAX_AMOUNT) {
    fail("amountInCents", "too_big", `times quantity (${link.quantity}) must be at most ${MAX_AMOUNT}, the most a payment may be`);
  }
  if (link.chargeType === "CUSTOMER_CHOICE" && link.minAmount === null) fail("minAmountInCents", "required", "is required for a CUSTOMER_CHOICE link");
  if (link.maxAmount !== null && link.chargeType !== "CUSTOMER_CHOICE") fail("maxAmountInCents", "not_allowed", "is for CUSTOMER_CHOICE links: a FIXED link's buyer pays its amountInCents");
  else if (link.maxAmount !== null && link.minAmount !== null && link.maxAmount < link.minAmount) {
    fail("maxAmountInCents", "too_small", `must be at least minAmountInCents (${link.minAmount})`);
  }
  if (link.maxInstallments !== null && !link.paymentMethods.includes("CREDIT_CARD")) {
    fail("maxInstallments", "not_allowed", "needs CREDIT_CARD (or CARD) among paymentMethods: only a credit card pays in installments");
  }
  for (const field of ["successUrl", "cancelUrl"] as const) {
    const problem = link[field] === null ? null : urlProblem(link[field]!, livemode);
    if (problem) fail(field, "invalid_url", problem);
  }
  if ("expiresAt" in sent && link.expiresAt !== null && Date.parse(link.expiresAt) <= now.getTime()) fail("expiresAt", "not_in_future", "must be in the future");
  if (errors.length > 0) throw validationError(errors, "INVALID_DATA");
}
