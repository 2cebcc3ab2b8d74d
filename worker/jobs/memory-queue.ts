/**
 * An in-process job queue that honours delays and retries: the Node host's stand-in for
 * Cloudflare Queues, and what tests drive with a controlled clock.
 *
 * It keeps Cloudflare's semantics where they matter: at-least-once, a failed job is retried
 * after `retryDelaySeconds` up to `maxAttempts`, then dead-lettered. It is not durable: a
 * restart drops queued messages, which is why every job's work is also found by the scheduled
 * sweep (the queue is only the fast path).
 *
 * Two ways to run it:
 * - `runDue(run)`: every due job, one after another, then returns. Tests call it with a
 *   controlled clock, so what runs, and in which order, is deterministic.
 * - `start(run, limits)`: the Node host's runner. A job enqueued with no delay starts at once (no
 *   polling), up to `concurrency` jobs at a time and at most `perKey` of one key (a webhook
 *   endpoint: see `jobKey`), taking keys in turn; delayed jobs and retries start when due. A key
 *   whose jobs hang (a receiver that never answers) holds only its own `perKey` slots, so other
 *   keys' jobs go on; once one of its jobs has failed it gets a single slot until one succeeds,
 *   so a dead receiver costs the others one slot, not `perKey` (docs/webhooks.md).
 */
import type { EnqueueOptions } from "../platform";
import type { Job } from "../lib/job";

interface Entry {
  job: Job;
  dueAt: number;
  attempts: number;
  /** Enqueue order: `runDue` runs due jobs in it. */
  seq: number;
}

/** Retry policy, matching wrangler.toml's consumer settings. */
export interface QueuePolicy {
  maxAttempts: number;
  retryDelaySeconds: number;
}

export const DEFAULT_QUEUE_POLICY: QueuePolicy = { maxAttempts: 5, retryDelaySeconds: 60 };

/** How many jobs the runner (`start`) keeps in flight. */
export interface RunnerLimits {
  /** In flight in all (each is mostly an outgoing HTTP request waiting for its answer). */
  concurrency: number;
  /** In flight per key: per webhook endpoint, so one that hangs holds only these. */
  perKey: number;
}

/**
 * The Node host's limits: 128 in flight, 32 per webhook endpoint, 1 for an endpoint whose last
 * attempt failed until one succeeds (docs/webhooks.md, "Delivery speed").
 */
export const DEFAULT_RUNNER_LIMITS: RunnerLimits = { concurrency: 128, perKey: 32 };

/**
 * The key a job's concurrency is counted under: its webhook for a delivery (the same endpoint
 * URL is the same receiver), else its kind. A delivery message without its webhook id (from an
 * older deploy) counts under its own id.
 */
export function jobKey(job: Job): string {
  if (job.type === "webhook.deliver") return `webhook:${job.webhookId ?? job.deliveryId}`;
  return job.type;
}

/**
 * The row a job works on, for jobs that name one: a second message for a row whose message still
 * waits is dropped (the waiting one does the work). Without it, the minute sweep would add a copy
 * of every due delivery each minute while a slow endpoint's backlog waits for its slots.
 */
function rowOf(job: Job): string | null {
  if (job.type === "webhook.deliver") return `webhook.deliver:${job.deliveryId}`;
  if (job.type === "refund.conclude") return `refund.conclude:${job.refundId}`;
  return null;
}

/** The in-process queue. */
export class MemoryQueue {
  /** Due jobs per key, each in enqueue order. */
  private ready = new Map<string, Entry[]>();
  /** Jobs not yet due (delays, retries). */
  private delayed: Entry[] = [];
  private seq = 0;
  private count = 0;
  /** `rowOf` of every waiting job (not those running). */
  private readonly waitingRows = new Set<string>();
  /** Jobs that failed every attempt, oldest first. */
  readonly deadLetters: Array<{ job: Job; error: string }> = [];

  // The runner's state (`start`).
  private run: ((job: Job) => Promise<void>) | undefined;
  private limits: RunnerLimits = DEFAULT_RUNNER_LIMITS;
  private inFlight = 0;
  private readonly inFlightByKey = new Map<string, number>();
  /** Keys whose last job failed (a receiver down or hanging): one job in flight until one succeeds. */
  private readonly failingKeys = new Set<string>();
  private dispatchQueued = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Infinity;
  private idleWaiters: Array<() => void> = [];

  /**
   * @param onDeadLetter What a job that failed every attempt leaves behind (jobs/dead-letter.ts on
   *   both hosts); a failure of the hook itself is kept in `deadLetters`, never thrown.
   */
  constructor(
    private readonly now: () => Date,
    private readonly policy: QueuePolicy = DEFAULT_QUEUE_POLICY,
    private readonly onDeadLetter?: (job: Job, attempts: number) => Promise<void>,
  ) {}

  /**
   * Adds jobs, due after the optional delay; with a runner started, due ones start at once. A job
   * for a row (a delivery, a refund) whose message already waits is dropped: that one does it.
   */
  enqueue(jobs: Job[], opts: EnqueueOptions = {}): void {
    const dueAt = this.now().getTime() + (opts.delaySeconds ?? 0) * 1000;
    for (const job of jobs) this.add({ job, dueAt, attempts: 0, seq: this.seq++ });
  }

  /** How many jobs wait (due or not; not those running). */
  get size(): number {
    return this.count;
  }

  /** How many jobs the runner is running now. */
  get running(): number {
    return this.inFlight;
  }

  /** Drops every waiting job (what a restart of the process does); returns how many. */
  clear(): number {
    const dropped = this.count;
    this.ready.clear();
    this.delayed = [];
    this.count = 0;
    this.waitingRows.clear();
    return dropped;
  }

  /**
   * Runs every job due now, one after another in enqueue order, including jobs that become due
   * while running (enqueued with no delay by a job). A failure is rescheduled or dead-lettered.
   * Returns how many ran.
   */
  async runDue(run: (job: Job) => Promise<void>): Promise<number> {
    let ran = 0;
    for (;;) {
      this.promote();
      const due = [...this.ready.values()].flat().sort((a, b) => a.seq - b.seq);
      if (due.length === 0) return ran;
      this.ready.clear();
      this.count -= due.length;
      for (const entry of due) this.leave(entry);
      for (const entry of due) {
        ran++;
        try {
          await run(entry.job);
        } catch (err) {
          await this.failed(entry, err);
        }
      }
    }
  }

  /**
   * Starts the runner: from now on due jobs run as they arrive, within `limits`, until `stop()`.
   * Jobs already waiting start at once.
   */
  start(run: (job: Job) => Promise<void>, limits: RunnerLimits = DEFAULT_RUNNER_LIMITS): void {
    this.run = run;
    this.limits = limits;
    this.dispatch();
  }

  /** Stops starting jobs (those in flight finish; `idle()` says when). Waiting jobs stay. */
  stop(): void {
    this.run = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }

  /** Resolves once no job is in flight. */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private add(entry: Entry, promoted = false): void {
    if (!promoted) {
      const row = rowOf(entry.job);
      if (row !== null && this.waitingRows.has(row)) return;
      if (row !== null) this.waitingRows.add(row);
    }
    this.count++;
    if (entry.dueAt > this.now().getTime()) {
      this.delayed.push(entry);
      if (this.run) this.armTimer(entry.dueAt);
      return;
    }
    const key = jobKey(entry.job);
    const list = this.ready.get(key);
    if (list) list.push(entry);
    else this.ready.set(key, [entry]);
    if (this.run) this.scheduleDispatch();
  }

  /** Moves delayed jobs that are now due to their key's ready list, earliest first. */
  private promote(): void {
    if (this.delayed.length === 0) return;
    const now = this.now().getTime();
    const due = this.delayed.filter((e) => e.dueAt <= now);
    if (due.length === 0) return;
    this.delayed = this.delayed.filter((e) => e.dueAt > now);
    this.count -= due.length;
    due.sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
    for (const entry of due) this.add(entry, true);
  }

  /** The entry no longer waits (it runs): a new message for its row is queued again. */
  private leave(entry: Entry): void {
    const row = rowOf(entry.job);
    if (row !== null) this.waitingRows.delete(row);
  }

  /** A job threw: retried after the policy's delay, or dead-lettered once its attempts are spent. */
  private async failed(entry: Entry, err: unknown): Promise<void> {
    entry.attempts++;
    if (entry.attempts >= this.policy.maxAttempts) {
      this.deadLetters.push({ job: entry.job, error: String(err) });
      await this.onDeadLetter?.(entry.job, entry.attempts).catch((hookErr: unknown) => {
        this.deadLetters.push({ job: entry.job, error: `dead-letter hook: ${String(hookErr)}` });
      });
    } else {
      this.add({ ...entry, dueAt: this.now().getTime() + this.policy.retryDelaySeconds * 1000, seq: this.seq++ });
    }
  }

  /** One dispatch per turn, however many jobs were enqueued in it (a fan-out enqueues several). */
  private scheduleDispatch(): void {
    if (this.dispatchQueued) return;
    this.dispatchQueued = true;
    queueMicrotask(() => {
      this.dispatchQueued = false;
      this.dispatch();
    });
  }

  /** Starts due jobs while slots are free, taking one job of each key in turn. */
  private dispatch(): void {
    const run = this.run;
    if (!run) return;
    this.promote();
    const { concurrency, perKey } = this.limits;
    let started = true;
    while (started && this.inFlight < concurrency) {
      started = false;
      for (const [key, list] of this.ready) {
        if (this.inFlight >= concurrency) break;
        const busy = this.inFlightByKey.get(key) ?? 0;
        if (busy >= (this.failingKeys.has(key) ? 1 : perKey)) continue;
        const entry = list.shift()!;
        // Deleted and re-set when it still has jobs: Map order makes the keys take turns.
        this.ready.delete(key);
        if (list.length > 0) this.ready.set(key, list);
        this.count--;
        this.leave(entry);
        this.inFlight++;
        this.inFlightByKey.set(key, busy + 1);
        started = true;
        void this.runOne(run, key, entry);
      }
    }
    this.armTimer(this.delayed.reduce((min, e) => Math.min(min, e.dueAt), Infinity));
  }

  private async runOne(run: (job: Job) => Promise<void>, key: string, entry: Entry): Promise<void> {
    try {
      await run(entry.job);
      this.failingKeys.delete(key);
    } catch (err) {
      this.failingKeys.add(key);
      await this.failed(entry, err);
    } finally {
      this.inFlight--;
      const busy = (this.inFlightByKey.get(key) ?? 1) - 1;
      if (busy === 0) this.inFlightByKey.delete(key);
      else this.inFlightByKey.set(key, busy);
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      this.scheduleDispatch();
    }
  }

  /** Wakes the runner when the earliest delayed job is due. */
  private armTimer(at: number): void {
    if (!this.run || at === Infinity || at >= this.timerAt) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.dispatch();
    }, Math.max(0, at - this.now().getTime()));
    (this.timer as { unref?: () => void }).unref?.();
  }
}
