/**
 * The jobs that travel on the queue. Each kind is a small JSON message that names the row to
 * work on, never the work itself, so a duplicate or late message is harmless: the handler
 * re-reads the row and does nothing if the work is already done.
 */

/** A job message. New kinds are added here and handled in `runJob`. */
export type Job =
  | { type: "noop"; reason: string }
  /** Ask the (sandbox) acquirer to conclude a PENDING refund. */
  | { type: "refund.conclude"; refundId: string }
  /**
   * Attempt a PENDING webhook delivery (domain/webhooks/deliver.ts). `webhookId`, its endpoint, lets
   * the Node queue cap deliveries in flight per endpoint (jobs/memory-queue.ts); absent in older messages.
   */
  | { type: "webhook.deliver"; deliveryId: string; webhookId?: string };

/** The type names of all jobs. */
export type JobType = Job["type"];
