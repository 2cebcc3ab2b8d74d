/**
 * The one entry both hosts call for a queued job: the Worker's `queue` handler and the Node
 * host's in-process queue. Throwing asks the host to retry the message later.
 */
import { concludeRefund } from "../domain/transactions/conclude-refund";
import type { Platform } from "../platform";
import type { Job } from "./job";

/** Runs one job against the platform. */
export async function runJob(platform: Platform, job: Job): Promise<void> {
  switch (job.type) {
    case "noop":
      platform.log({ msg: "job.noop", reason: job.reason });
      return;
    case "refund.conclude":
      await concludeRefund(platform, job.refundId);
      return;
    default:
      // A message from a newer or older deploy: fail loudly so it lands in the dead-letter queue.
      throw new Error(`Unknown job type: ${JSON.stringify(job)}`);
  }
}
