/**
 * Response examples of webhooks, their deliveries, notification settings and the events feed:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */
import { TRANSACTION_EXAMPLE } from "./transactions";

/** Webhook. */
export const WEBHOOK_EXAMPLE = {
  id: "92c82cf0-c882-4693-80a8-21e0c95ae8e6",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  url: "https://hooks.example.com/pay",
  eventTypes: ["TRANSACTION_PAID"],
  isActive: true,
  description: "ERP",
  livemode: false,
  createdAt: "2026-01-15T12:00:02.000Z",
  updatedAt: "2026-01-15T12:00:02.000Z",
};

/** WebhookWithSecret. */
export const WEBHOOK_WITH_SECRET_EXAMPLE = { ...WEBHOOK_EXAMPLE, secret: "whsec_s67oNcP10vlj0lI1KHQ2770tXMriB3ueI2PGDB8ut74=" };

/** WebhookList. */
export const WEBHOOK_LIST_EXAMPLE = { items: [WEBHOOK_EXAMPLE], totalItems: 1 };

/** WebhookDelivery. */
export const WEBHOOK_DELIVERY_EXAMPLE = {
  id: "770330cb-892d-4cec-8b34-ae32d384283d",
  webhookId: "92c82cf0-c882-4693-80a8-21e0c95ae8e6",
  eventId: "343f1436-aa79-48cd-afe0-32537db9d551",
  eventType: "TRANSACTION_PAID",
  status: "DELIVERED",
  attempts: 1,
  attemptLimit: 5,
  nextAttemptAt: null,
  lastHttpStatus: 200,
  lastError: null,
  createdAt: "2026-01-15T12:00:02.000Z",
  completedAt: "2026-01-15T12:00:02.000Z",
  attemptsLog: [
    {
      attempt: 1,
      startedAt: "2026-01-15T12:00:02.000Z",
      durationMs: 1,
      httpStatus: 200,
      error: null,
      responseExcerpt: "ok",
    },
  ],
};

/** WebhookDeliveryList. */
export const WEBHOOK_DELIVERY_LIST_EXAMPLE = { items: [WEBHOOK_DELIVERY_EXAMPLE] };

/** WebhookReplayResult. */
export const WEBHOOK_REPLAY_RESULT_EXAMPLE = {
  webhookId: "92c82cf0-c882-4693-80a8-21e0c95ae8e6",
  from: "2026-01-01T00:00:00Z",
  to: "2026-01-15T12:00:02.000Z",
  deliveries: 1,
  alreadyPending: 0,
  hasMore: false,
  nextFrom: null,
};

/** NotificationSettings. */
export const NOTIFICATION_SETTINGS_EXAMPLE = {
  webhook: {
    TRANSACTION_PAID: true,
    TRANSACTION_CANCELLED: true,
    TRANSACTION_REFUNDED: true,
    TRANSACTION_PARTIALLY_REFUNDED: true,
    TRANSACTION_REFUND_FAILED: true,
    TRANSACTION_CARD_ATTEMPTS_EXCEEDED: true,
    SELLER_STATUS_CHANGED: true,
    CHARGEBACK_RECEIVED: true,
    SETTLEMENT_PAID: true,
    PAYMENT_LINK_CREATED: true,
    PAYMENT_LINK_UPDATED: true,
    PAYMENT_LINK_EXPIRED: true,
    SUBSCRIPTION_CREATED: true,
    SUBSCRIPTION_RENEWED: true,
    SUBSCRIPTION_PAST_DUE: true,
    SUBSCRIPTION_CANCELLED: true,
    SUBSCRIPTION_AUTHORIZATION_APPROVED: true,
    SUBSCRIPTION_AUTHORIZATION_REJECTED: true,
    SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER: true,
  },
};

/** EventFeed. */
export const EVENT_FEED_EXAMPLE = {
  items: [
    {
      id: "7986c442-5185-4def-acf3-30c53181b840",
      type: "TRANSACTION_PAID",
      sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
      livemode: false,
      occurredAt: "2026-01-15T12:00:00.000Z",
      data: { transaction: { ...TRANSACTION_EXAMPLE, updatedAt: "2026-01-15T12:00:00.000Z", refunds: [] } },
    },
  ],
  hasMore: false,
  nextAfter: "7986c442-5185-4def-acf3-30c53181b840",
};
