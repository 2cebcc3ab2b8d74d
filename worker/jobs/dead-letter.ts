/**
 * What happens to a job that failed every attempt, on both hosts: the Worker's dead-letter queue
 * consumer and the Node host's in-process queue call this one function.
 *
 * Jobs only name rows and the minute sweeps find due work in the database by themselves, so
 * giving up loses nothing; this is where a kind whose row must record the give-up (a webhook
 * delivery marked FAILED once its attempts are spent) does so. Every kind must choose here: a new
 * one fails to compile until it has its case.
 */
import { closeSpentDeliveries } from "../domain/webhooks/sweep";
import type { Job } from "../lib/job";
import type { Platform } from "../platform";

/** Records that `job` gave up after `attempts` attempts (logged, and its row closed where it has one). */
export async function deadLettered(platform: Platform, job: Job, attempts: number): Promise<void> {
  platform.log({ msg: "queue.dead_letter", level: "error", job, attempts });
  switch (job.type) {
    case "noop":
      return;
    case "refund.conclude":
      // The refunds sweep concludes a refund whose job gave up: nothing to record.
      return;
    case "webhook.deliver":
      // Its attempts are spent: the delivery is FAILED (unless an attempt is still running).
      await closeSpentDeliveries(platform, job.deliveryId);
      return;
    default: {
      // Only a message from another deploy gets here at run time: the log line is all we can do.
      const unhandled: never = job;
      return void unhandled;
    }
  }
}
