/**
 * Hands new webhook deliveries to the queue: the fast path. Losing the message loses nothing:
 * the minute sweep finds PENDING deliveries that are due and enqueues them again.
 */
import type { Platform } from "../../platform";

/** A delivery to enqueue: its id, and its webhook's where known (the Node queue's per-endpoint cap). */
export type QueuedDelivery = string | { id: string; webhookId: string };

/** Enqueues one `webhook.deliver` job per delivery; a queue failure is logged, not thrown. */
export async function enqueueDeliveries(platform: Platform, deliveries: QueuedDelivery[], delaySeconds = 0): Promise<void> {
  if (deliveries.length === 0) return;
  try {
    await platform.enqueue(
      deliveries.map((d) => (typeof d === "string" ? { type: "webhook.deliver", deliveryId: d } : { type: "webhook.deliver", deliveryId: d.id, webhookId: d.webhookId })),
      { delaySeconds },
    );
  } catch (err) {
    platform.log({ msg: "webhooks.enqueue_failed", deliveries: deliveries.length, error: String(err) });
  }
}
