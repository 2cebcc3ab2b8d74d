/**
 * POST …/webhooks/{id}/test: a sample event of the webhook's first configured type (the first
 * real type for ALL), carrying a fictitious transaction and `test: true`, delivered to that
 * webhook only through the same path as real events (fan-out row, queue, lease, signature).
 * Sent even when the webhook is inactive or the type's channel is off: the seller asked for it.
 */
import { ALL_EVENTS, EVENT_TYPES, type EventType } from "../../../shared/events";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { CUSTOMER_INITIATED, NO_CARD_COLUMNS, toTransaction } from "../transactions/serialize";
import { deliveryIdsOf } from "../events/fan-out";
import { newEvent, Outbox } from "../events/outbox";
import { findDelivery } from "./history";
import { assertManages, findWebhook } from "./manage";

/** The status a sample transaction of each type is in. */
const SAMPLE_STATUS: Partial<Record<EventType, "PAID" | "CANCELLED" | "REFUNDED">> = {
  TRANSACTION_PAID: "PAID",
  TRANSACTION_CANCELLED: "CANCELLED",
  TRANSACTION_REFUNDED: "REFUNDED",
  TRANSACTION_PARTIALLY_REFUNDED: "PAID",
  TRANSACTION_REFUND_FAILED: "PAID",
};

/** A fictitious transaction in the API's shape, so a receiver can parse it as a real one. */
function sampleTransaction(type: EventType, livemode: boolean, at: string) {
  const status = SAMPLE_STATUS[type] ?? "PAID";
  return toTransaction(
    {
      row: {
        id: "00000000-0000-4000-8000-000000000000",
        clientSecret: null,
        status,
        paymentMethod: "PIX",
        amount: 1050,
        currency: "BRL",
        description: "Test event",
        livemode,
        buyerId: null,
        customer: { name: "Test Buyer", email: "buyer@example.com", documentType: "CPF", document: "***.456.789-**" },
        pixQrCode: null,
        pixLocationId: null,
        expiresAt: null,
        createdAt: at,
        updatedAt: at,
        paidAt: status === "CANCELLED" ? null : at,
        cancelledAt: status === "CANCELLED" ? at : null,
        cancellationReason: status === "CANCELLED" ? "REQUESTED" : null,
        idempotencyKey: "test-event",
        feeAmount: status === "CANCELLED" ? null : 10,
        netAmount: status === "CANCELLED" ? null : 1040,
        ...NO_CARD_COLUMNS,
        ...CUSTOMER_INITIATED,
        paymentLinkId: null,
        pixEndToEndId: null,
      },
      refunds: [],
    },
    "",
  );
}

/** Sends the sample and returns the delivery it created. */
export async function sendTestEvent(platform: Platform, caller: Scope, sellerId: string, webhookId: string) {
  await assertManages(platform.db, caller, sellerId);
  const webhook = await findWebhook(platform.db, caller, sellerId, webhookId);
  const first = webhook.eventTypes[0];
  const type = (first === ALL_EVENTS || !first ? EVENT_TYPES[0] : first) as EventType;
  const at = platform.now().toISOString();
  const data = SAMPLE_STATUS[type] ? { transaction: sampleTransaction(type, caller.livemode, at) } : { details: { sample: true } };
  const outbox = new Outbox(platform);
  outbox.emit(newEvent({ type, sellerId, livemode: caller.livemode, occurredAt: at, data }), null, { only: webhook.id, test: true });
  const [deliveryId] = deliveryIdsOf((await outbox.commit())[1]);
  if (!deliveryId) throw new ApiError("INTERNAL_ERROR", "The test delivery could not be created.");
  return findDelivery(platform, caller, sellerId, deliveryId);
}
