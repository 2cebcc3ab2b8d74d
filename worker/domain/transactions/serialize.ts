/**
 * Rows → the API's Transaction and Refund. The one place that decides what a transaction looks
 * like from outside: GET, the list, the idempotent replay and every event payload use it, so
 * they can never disagree (the document is masked everywhere: only its masked form is in the row).
 */
import type { refunds, transactions } from "../../db/schema";
import type { Refund, Transaction } from "../../schemas/transaction";
import { qrImageUrl } from "../pix/location";

export type TransactionRow = typeof transactions.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A transaction row with its refunds, oldest first: what every operation reads and writes. */
export interface TransactionState {
  row: TransactionRow;
  refunds: RefundRow[];
}

/** The card columns of a transaction that is not a card payment (PIX). */
export const NO_CARD_COLUMNS = {
  cardId: null,
  cardBrand: null,
  cardBin: null,
  cardLast4: null,
  cardToken: null,
  installments: null,
  maxInstallments: null,
  acquirer: null,
  acquirerReference: null,
  authorizationCode: null,
  declineHard: null,
  failureCode: null,
  failureMessage: null,
  seonSession: null,
  pendingAction: null,
  threedsSessionId: null,
} as const satisfies Partial<TransactionRow>;

/** The subscription columns of a payment the buyer started (not a subscription's charge). */
export const CUSTOMER_INITIATED = {
  subscriptionId: null,
  invoiceId: null,
  initiatedBy: "CUSTOMER",
  pixDueDate: null,
  pixDaysAfterDue: null,
  cardAttemptsExceededAt: null,
} as const satisfies Partial<TransactionRow>;

/** The columns the API shows of a transaction: no sealed data, no internals. */
type ShownColumn =
  | "id" | "status" | "paymentMethod" | "amount" | "currency" | "description" | "livemode" | "buyerId"
  | "customer" | "pixQrCode" | "pixLocationId" | "expiresAt" | "createdAt" | "updatedAt" | "paidAt"
  | "cancelledAt" | "cancellationReason" | "idempotencyKey" | "feeAmount" | "netAmount"
  | "cardBrand" | "cardBin" | "cardLast4" | "cardToken" | "installments" | "maxInstallments" | "acquirer" | "authorizationCode" | "failureCode" | "failureMessage"
  | "pendingAction" | "clientSecret" | "paymentLinkId" | "subscriptionId" | "invoiceId" | "initiatedBy" | "pixEndToEndId";

/** What a transaction shows, with its refunds. */
export interface TransactionView {
  row: Pick<TransactionRow, ShownColumn>;
  refunds: RefundRow[];
}

/** The API shape of a refund. */
export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    transactionId: row.transactionId,
    amount: row.amount,
    originalAmount: row.originalAmount,
    status: row.status,
    failureReason: row.failureReason,
    reason: row.reason,
    requestedAt: row.requestedAt,
    completedAt: row.completedAt,
  };
}

/** The API shape of a transaction; `baseUrl` builds the QR image URL. */
export function toTransaction({ row, refunds }: TransactionView, baseUrl: string): Transaction {
  const pix =
    row.pixQrCode && row.pixLocationId && row.expiresAt
      ? { qrCode: row.pixQrCode, qrCodeUrl: qrImageUrl(baseUrl, row.pixLocationId), expiresAt: row.expiresAt, ...(row.pixEndToEndId && { endToEndId: row.pixEndToEndId }) }
      : null;
  return {
    id: row.id,
    status: row.status,
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    currency: row.currency,
    description: row.description,
    livemode: row.livemode,
    buyerId: row.buyerId,
    customer: {
      name: row.customer.name,
      email: row.customer.email,
      document: row.customer.document,
    },
    paymentDetails: pix,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    paidAt: row.paidAt,
    cancelledAt: row.cancelledAt,
    cancellationReason: row.cancellationReason,
    refunds: refunds.map(toRefund),
    idempotencyKey: row.idempotencyKey,
    // The browser's next step exists only while the transaction can still be paid.
    pendingAction: row.status === "PENDING" ? row.pendingAction : null,
    feeAmount: row.feeAmount,
    netAmount: row.netAmount,
    card: row.cardBrand && row.cardBin && row.cardLast4 ? { brand: row.cardBrand, first6digits: row.cardBin, last4digits: row.cardLast4 } : null,
    cardToken: row.cardToken,
    installments: row.installments,
    maxInstallments: row.maxInstallments,
    acquirer: row.acquirer,
    authorizationCode: row.authorizationCode,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    clientSecret: row.clientSecret,
    paymentLinkId: row.paymentLinkId,
    subscriptionId: row.subscriptionId,
    invoiceId: row.invoiceId,
    initiatedBy: row.initiatedBy ?? "CUSTOMER",
  };
}

/**
 * The stored view of a transaction (its `view` column): `toTransaction` with the QR image URL
 * relative to the base URL, so a change of PUBLIC_BASE_URL never leaves stale links behind.
 */
export function storedView(state: TransactionView): string {
  return JSON.stringify(toTransaction(state, ""));
}

/**
 * Stored views (one, or a page of them) with their QR image URLs made absolute. The pattern is
 * structural: inside a JSON string a quote is escaped, so `"qrCodeUrl":"/` occurs only where the
 * serializer wrote that key.
 */
export function withBaseUrl(text: string, baseUrl: string): string {
  const [relative, absolute] = qrUrlsUnder(baseUrl);
  return text.replaceAll(relative, absolute);
}

/** What withBaseUrl replaces, and with what: for a page joined elsewhere (PreparedQuery.joined). */
export function qrUrlsUnder(baseUrl: string): [relative: string, absolute: string] {
  return ['"qrCodeUrl":"/', `"qrCodeUrl":"${baseUrl}/`];
}
