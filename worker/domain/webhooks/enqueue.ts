/**
 * Hands new webhook deliveries to the queue: the fast path. Losing the message loses nothing:
 * the minute sweep finds PENDING deliveries that are due and enqueues them again.
 */
import type { Platform } from "../../platform";

/** Enqueues one `webhook.deliver` job per delivery; a queue failure is logged, not thrown. */
export async function enqueueDeliveries(platform: Platform, deliveryIds: string[], delaySeconds = 0): Promise<void> {
  if (deliveryIds.length === 0) return;
  try {
    await platform.enqueue(
      deliveryIds.map((deliveryId) => ({ type: "webhook.deliver", deliveryId })),
      { delaySeconds },
    );
  } catch (err) {
    platform.log({ msg: "webhooks.enqueue_failed", deliveries: deliveryIds.length, error: String(err) });
  }
}
