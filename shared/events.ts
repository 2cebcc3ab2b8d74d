/**
 * Event types: what a webhook subscribes to and what its deliveries carry in `type`. Shared by
 * the API (registration, fan-out) and consumers.
 */

/**
 * Every event type the service emits. The spec's, plus two refund outcomes of ours so a seller
 * hears of every concluded refund (docs/transactions.md). Types of features not built yet are
 * listed so a webhook can subscribe ahead of them.
 */
export const EVENT_TYPES = [
  "TRANSACTION_PAID",
  "TRANSACTION_CANCELLED",
  "TRANSACTION_REFUNDED",
  "TRANSACTION_PARTIALLY_REFUNDED",
  "TRANSACTION_REFUND_FAILED",
  "TRANSACTION_CARD_ATTEMPTS_EXCEEDED",
  "SELLER_STATUS_CHANGED",
  "CHARGEBACK_RECEIVED",
  "SETTLEMENT_PAID",
  "PAYMENT_LINK_CREATED",
  "PAYMENT_LINK_UPDATED",
  "PAYMENT_LINK_EXPIRED",
  "SUBSCRIPTION_CREATED",
  "SUBSCRIPTION_RENEWED",
  "SUBSCRIPTION_PAST_DUE",
  "SUBSCRIPTION_CANCELLED",
  // PIX Automático (docs/subscriptions.md): the payer's answer to the recurrence, from their bank.
  "SUBSCRIPTION_AUTHORIZATION_APPROVED",
  "SUBSCRIPTION_AUTHORIZATION_REJECTED",
  "SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A registration may name `ALL` instead of the types: every type, present and future. */
export const ALL_EVENTS = "ALL";

/** The statuses of a webhook delivery. */
export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED", "CANCELLED"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
