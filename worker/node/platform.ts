/**
 * The Node host's Platform: the database, an in-process queue whose jobs run on a timer, and the
 * scheduled job every minute, the same one the Worker's cron trigger runs.
 */
import type { Client } from "@libsql/client";
import { createDb } from "../db/client";
import { deadLettered } from "../jobs/dead-letter";
import { DEFAULT_QUEUE_POLICY, MemoryQueue } from "../jobs/memory-queue";
import { runJob } from "../jobs/run-job";
import { runScheduledJob } from "../jobs/scheduled";
import { sandboxAcquirer } from "../domain/acquirers/sandbox";
import { SANDBOX_CARD_ACQUIRERS } from "../domain/acquirers/sandbox-cards";
import type { LogLine, Platform, PlatformConfig } from "../platform";
import type { NodeMetrics } from "./metrics";
import { createNodeVault } from "./node-vault";

/** A Platform plus the timers that drive its queue and scheduled job. */
export interface NodePlatform extends Platform {
  queue: MemoryQueue;
  /**
   * Starts the queue pump and the sweep timer (every `sweepIntervalSeconds`, default 60). The
   * sweeps also run once at start: the queue lived in memory, so a restart finds its work again.
   */
  startTimers(sweepIntervalSeconds?: number): void;
  /** Stops the timers (the database stays open). */
  stopTimers(): void;
  /**
   * Graceful shutdown's hook (node/shutdown.ts): stops the timers, then resolves once the job
   * pass and the sweep run in progress have finished. Jobs still waiting stay in memory and are
   * lost with the process; the sweeps find their work after the restart.
   */
  drain(): Promise<void>;
}

/**
 * Prints one JSON line per log entry. Lines are gathered and written once per turn of the event
 * loop: a write to a pipe is a system call, and one per request was a tenth of a read's CPU
 * under load (docs/performance.md). Whatever is pending is written before the process exits.
 */
export function jsonLogger(write: (chunk: string) => void = (chunk) => process.stdout.write(chunk)) {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const chunk = pending.join("");
    pending = [];
    write(chunk);
  };
  process.on("exit", flush);
  return (line: LogLine) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(`${JSON.stringify({ time: new Date().toISOString(), level: "info", ...line })}\n`);
  };
}

/** Builds the Node platform over an open libSQL client. */
export function createNodePlatform(
  client: Client,
  config: PlatformConfig,
  log: (line: LogLine) => void = jsonLogger(),
  /** When given (METRICS_TOKEN set), the platform feeds it: observations, database time, queue depth. */
  metrics?: NodeMetrics,
): NodePlatform {
  const now = () => new Date();
  // `platform` is assigned below, before any job can run.
  const queue = new MemoryQueue(now, DEFAULT_QUEUE_POLICY, (job, attempts) => deadLettered(platform, job, attempts));
  let pump: ReturnType<typeof setInterval> | undefined;
  let minute: ReturnType<typeof setInterval> | undefined;
  let pumping = false;
  // What drain() waits for: the queue pass and the sweep run in progress, if any.
  let pass: Promise<unknown> = Promise.resolve();
  let sweep: Promise<unknown> = Promise.resolve();

  const platform: NodePlatform = {
    db: createDb(metrics ? metrics.timeClient(client) : client),
    config,
    vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys),
    // No live connector exists yet: live charges are refused (domain/acquirers/acquirer.ts).
    acquirers: { test: sandboxAcquirer, live: null, cards: { test: SANDBOX_CARD_ACQUIRERS, live: [] } },
    now,
    fetch: (input, init) => fetch(input, init),
    log,
    ...(metrics && { observe: metrics.observe }),
    queue,
    async enqueue(jobs, opts) {
      queue.enqueue(jobs, opts);
    },
    startTimers(sweepIntervalSeconds = 60) {
      // A short poll keeps "within seconds" true for queued work without a timer per job.
      pump = setInterval(async () => {
        if (pumping) return;
        pumping = true;
        try {
          await (pass = queue.runDue((job) => runJob(platform, job)));
        } finally {
          pumping = false;
        }
      }, 250);
      sweep = runScheduledJob(platform);
      minute = setInterval(() => void (sweep = runScheduledJob(platform)), sweepIntervalSeconds * 1000);
      pump.unref?.();
      minute.unref?.();
    },
    stopTimers() {
      clearInterval(pump);
      clearInterval(minute);
    },
    async drain() {
      platform.stopTimers();
      await Promise.allSettled([pass, sweep]);
    },
  };
  metrics?.watchQueue(() => queue.size);
  return platform;
}
