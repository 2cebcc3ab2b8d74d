/**
 * Between the gateway's words and e.Rede's (card-connectors.md §3): the reference a sale is sent
 * under, the body of `POST /transactions`, what a returnCode means to the gateway, and the
 * transaction as a query answers it. Pure functions, no I/O.
 */
import { orderIdOf, type CardSale, type SaleOutcome } from "../../lib/acquirer";
import { DECLINE_MESSAGES } from "../../domain/acquirers/sandbox-cards";
import type { DeclineCode } from "../../domain/cards/test-cards";

/** Rede's `reference` is believed to take at most 16 alphanumerics (unconfirmed; README). */
export const REFERENCE_LENGTH = 16;
/** Longer holder names are believed to be refused (unconfirmed); the name is cut, never the sale. */
const HOLDER_NAME_LENGTH = 30;

/**
 * The reference a transaction's sale is sent under: the first 16 hex digits of its order id. The
 * same for every attempt, so a query by it after a lost answer finds the sale the first attempt
 * made, and an operator who sees it in Rede's portal finds the transaction by its id's prefix.
 */
export function redeReferenceOf(transactionId: string): string {
  const orderId = orderIdOf(transactionId);
  if (!/^[0-9a-zA-Z]{16,}$/.test(orderId)) throw new Error("a transaction id must give at least 16 letters and digits");
  return orderId.slice(0, REFERENCE_LENGTH).toLowerCase();
}

/**
 * The JSON of `POST /transactions` for `sale`, authorized and captured at once. `capture` is a JSON
 * boolean, as the field's type says (the PHP SDK's "true" string is its serializer's habit). A
 * customer-initiated sale carries the 3DS that Cybersource did (`embedded: false`); a series'
 * sales say `subscription`, and `storageCard` tells the stored credential's first use (1) from a
 * later one (2), which is the only stored-credential field the SDK's model offers.
 */
export function saleBody(sale: CardSale, reference: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    capture: true,
    kind: "credit",
    reference,
    amount: sale.amount,
    installments: sale.installments,
    ...(sale.holderName?.trim() && { cardHolderName: sale.holderName.trim().slice(0, HOLDER_NAME_LENGTH) }),
    cardNumber: sale.pan,
    expirationMonth: Number(sale.expMonth),
    expirationYear: Number(sale.expYear),
  };
  if (sale.initiatedBy === "MERCHANT") return { ...body, subscription: true, storageCard: 2 };
  const { threeDs } = sale;
  body.threeDSecure = {
    embedded: false,
    onFailure: "decline",
    cavv: threeDs.cavv,
    ...(threeDs.eci && { eci: threeDs.eci }),
    ...(threeDs.xid && { xid: threeDs.xid }),
    threeDIndicator: threeDs.version.trim().startsWith("1") ? "1" : "2",
    ...(threeDs.dsTransactionId && { DirectoryServerTransactionId: threeDs.dsTransactionId }),
  };
  return sale.recurring ? { ...body, subscription: true, storageCard: 1 } : body;
}

/**
 * e.Rede's issuer answers (the 101-124 table) as the gateway's decline codes. `hard`: the card
 * itself cannot pass (restricted, nonexistent, not of this network, locked, expired, recurrences
 * cancelled by its holder), so dunning stops. "Try again" answers (103, 104, 107) are do_not_honor.
 */
const DECLINES: Record<string, { code: DeclineCode; hard?: true }> = {
  "101": { code: "card_declined" },
  "102": { code: "card_declined" },
  "103": { code: "do_not_honor" },
  "104": { code: "do_not_honor" },
  "105": { code: "card_blocked", hard: true },
  "106": { code: "processing_error" },
  "107": { code: "do_not_honor" },
  "108": { code: "card_declined" },
  "109": { code: "card_declined", hard: true },
  "110": { code: "card_declined", hard: true },
  "111": { code: "insufficient_funds" },
  "112": { code: "expired_card", hard: true },
  "113": { code: "suspected_fraud" },
  "114": { code: "card_declined", hard: true },
  "115": { code: "card_declined" },
  "116": { code: "card_declined" },
  "117": { code: "processing_error" },
  "118": { code: "card_blocked", hard: true },
  "119": { code: "card_declined" },
  "121": { code: "processing_error" },
  "123": { code: "card_blocked", hard: true },
  "124": { code: "processing_error" },
};

/** What a returnCode says of a sale. */
export type CodeMeaning = "approved" | "previously_sent" | "declined" | "invalid" | "other";

/** `00` approved; `122` a sale already sent under this reference; the issuer table; small numbers are field errors. */
export function meaningOf(returnCode: string): CodeMeaning {
  if (returnCode === "00") return "approved";
  if (returnCode === "122") return "previously_sent";
  if (DECLINES[returnCode] || /^1[0-2]\d$/.test(returnCode)) return "declined";
  if (/^\d{1,2}$/.test(returnCode)) return "invalid";
  return "other";
}

/** The gateway's decline for an issuer returnCode; one outside the table is a plain card_declined. */
export function declineOf(returnCode: string, tid?: string | null): Extract<SaleOutcome, { status: "DECLINED" }> {
  const entry = DECLINES[returnCode] ?? { code: "card_declined" as const };
  return { status: "DECLINED", code: entry.code, message: DECLINE_MESSAGES[entry.code], ...(entry.hard && { hard: true }), ...(tid && { reference: tid }) };
}

/** A sale Rede refused before it reached the issuer (a field it did not accept): not the card's fault, not hard. */
export function invalidSale(): Extract<SaleOutcome, { status: "DECLINED" }> {
  return { status: "DECLINED", code: "processing_error", message: DECLINE_MESSAGES.processing_error };
}

/** Rede's own words, bounded, with any run of digits longer than 4 masked (they could quote a card). */
export function scrubMessage(message: unknown): string {
  return typeof message === "string" ? message.replace(/\d{5,}/g, "***").slice(0, 200) : "";
}
