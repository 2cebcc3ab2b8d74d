/**
 * The Worker's queue consumers. The job queue runs each message through `runJob`, the same entry
 * the Node host's in-process queue calls; the dead-letter queue receives what failed every
 * attempt.
 *
 * Retries are per message: one failing job does not make the batch's other jobs run again.
 * wrangler.toml allows 4 retries 60 s apart (5 attempts, as the Node queue), then Cloudflare
 * moves the message to the dead-letter queue, whose name ends in `-dlq`.
 */
import type { Job } from "../lib/job";
import { DEFAULT_QUEUE_POLICY } from "../jobs/memory-queue";
import { deadLettered } from "../jobs/dead-letter";
import { runJob } from "../jobs/run-job";
import { describeError } from "../lib/describe-error";
import type { Platform } from "../platform";

/** Seconds before a failed job is tried again: the Node queue's policy, and wrangler.toml's. */
export const RETRY_DELAY_SECONDS = DEFAULT_QUEUE_POLICY.retryDelaySeconds;

/** True for the dead-letter queue's batches (its name is the job queue's name plus `-dlq`). */
export function isDeadLetterQueue(queueName: string): boolean {
  return queueName.endsWith("-dlq");
}

/**
 * Runs every job of a batch at once (a batch is at most 6, the Worker's simultaneous outgoing
 * connections: wrangler.toml), so a receiver that hangs delays no other message of its batch;
 * acks each one that succeeds as it does, retries the rest after a delay.
 */
export async function consumeJobs(platform: Platform, batch: MessageBatch<Job>): Promise<void> {
  await Promise.all(batch.messages.map(async (message) => {
    try {
      await runJob(platform, message.body);
      message.ack();
    } catch (err) {
      platform.log({
        msg: "queue.job_failed",
        // Retried; the dead letter, after the last attempt, is the error.
        level: "warn",
        queue: batch.queue,
        messageId: message.id,
        attempts: message.attempts,
        job: message.body,
        error: describeError(err).error,
      });
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }));
}

/** Logs and acks each dead-lettered message; a failing hook retries that message. */
export async function consumeDeadLetters(platform: Platform, batch: MessageBatch<Job>): Promise<void> {
  for (const message of batch.messages) {
    try {
      await deadLettered(platform, message.body, message.attempts);
      message.ack();
    } catch (err) {
      platform.log({ msg: "queue.dead_letter_failed", level: "error", messageId: message.id, error: describeError(err).error });
      message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
    }
  }
}
