/**
 * An in-process job queue that honours delays and retries: the Node host's stand-in for
 * Cloudflare Queues, and what tests drive with a controlled clock.
 *
 * It keeps Cloudflare's semantics where they matter: at-least-once, a failed job is retried
 * after `retryDelaySeconds` up to `maxAttempts`, then dead-lettered. It is not durable: a
 * restart drops queued messages, which is why every job's work is also found by the scheduled
 * sweep (the queue is only the fast path).
 */
import type { EnqueueOptions } from "../platform";
import type { Job } from "../lib/job";

interface Entry {
  job: Job;
  dueAt: number;
  attempts: number;
}

/** Retry policy, matching wrangler.toml's consumer settings. */
export interface QueuePolicy {
  maxAttempts: number;
  retryDelaySeconds: number;
}

export const DEFAULT_QUEUE_POLICY: QueuePolicy = { maxAttempts: 5, retryDelaySeconds: 60 };

/** The in-process queue. */
export class MemoryQueue {
  private entries: Entry[] = [];
  /** Jobs that failed every attempt, oldest first. */
  readonly deadLetters: Array<{ job: Job; error: string }> = [];

  /**
   * @param onDeadLetter What a job that failed every attempt leaves behind (jobs/dead-letter.ts on
   *   both hosts); a failure of the hook itself is kept in `deadLetters`, never thrown.
   */
  constructor(
    private readonly now: () => Date,
    private readonly policy: QueuePolicy = DEFAULT_QUEUE_POLICY,
    private readonly onDeadLetter?: (job: Job, attempts: number) => Promise<void>,
  ) {}

  /** Adds jobs, due after the optional delay. */
  enqueue(jobs: Job[], opts: EnqueueOptions = {}): void {
    const dueAt = this.now().getTime() + (opts.delaySeconds ?? 0) * 1000;
    for (const job of jobs) this.entries.push({ job, dueAt, attempts: 0 });
  }

  /** How many jobs wait (due or not). */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Runs every job due now, including jobs that become due while running (enqueued with no
   * delay by a job). A failure is rescheduled or dead-lettered. Returns how many ran.
   */
  async runDue(run: (job: Job) => Promise<void>): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = this.now().getTime();
      const due = this.entries.filter((e) => e.dueAt <= now);
      if (due.length === 0) return ran;
      this.entries = this.entries.filter((e) => e.dueAt > now);
      for (const entry of due) {
        ran++;
        try {
          await run(entry.job);
        } catch (err) {
          entry.attempts++;
          if (entry.attempts >= this.policy.maxAttempts) {
            this.deadLetters.push({ job: entry.job, error: String(err) });
            await this.onDeadLetter?.(entry.job, entry.attempts).catch((hookErr: unknown) => {
              this.deadLetters.push({ job: entry.job, error: `dead-letter hook: ${String(hookErr)}` });
            });
          } else {
            this.entries.push({ ...entry, dueAt: this.now().getTime() + this.policy.retryDelaySeconds * 1000 });
          }
        }
      }
    }
  }
}
