/**
 * The closed vocabularies of a payment: methods and statuses. Shared by the API (schemas, state
 * machine, database enums) and the widget (which shows and reacts to a transaction's status).
 */

/** The payment methods of the spec. */
export const PAYMENT_METHODS = ["PIX", "CREDIT_CARD", "DEBIT_CARD"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Transaction statuses (the spec's "States and transitions"). */
export const TRANSACTION_STATUSES = ["PENDING", "PAID", "FAILED", "CANCELLED", "REFUND_PENDING", "REFUNDED"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Payment link statuses (the spec's "Payment link states"). */
export const PAYMENT_LINK_STATUSES = ["DRAFT", "ACTIVE", "INACTIVE", "EXPIRED"] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** Refund statuses. */
export const REFUND_STATUSES = ["PENDING", "COMPLETED", "FAILED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
