/**
 * The one entry both hosts call for a queued job: the Worker's `queue` handler and the Node
 * host's in-process queue. Throwing asks the host to retry the message later.
 */
import { concludeRefund } from "../domain/transactions/conclude-refund";
import { deliverWebhook } from "../domain/webhooks/deliver";
import type { Platform } from "../platform";
import type { Job } from "../lib/job";

/** Runs one job against the platform. */
export async function runJob(platform: Platform, job: Job): Promise<void> {
  switch (job.type) {
    case "noop":
      platform.log({ msg: "job.noop", reason: job.reason });
      return;
    case "refund.conclude":
      await concludeRefund(platform, job.refundId);
      return;
    case "webhook.deliver":
      // A failed attempt asks the queue to try again (60 s later); the delivery row, not the
      // queue, says whether another attempt is due, so a duplicate message sends nothing.
      if ((await deliverWebhook(platform, job.deliveryId)) === "retry") throw new Error(`webhook delivery ${job.deliveryId} failed; retrying`);
      return;
    default:
      // A message from a newer or older deploy: fail loudly so it lands in the dead-letter queue.
      throw new Error(`Unknown job type: ${JSON.stringify(job)}`);
  }
}
