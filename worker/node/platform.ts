/**
 * The Node host's Platform: the database, an in-process queue whose jobs start as they are
 * enqueued (bounded, per webhook endpoint too), and the scheduled job every minute, the same one
 * the Worker's cron trigger runs.
 */
import type { Client } from "@libsql/client";
import { MemoryRateLimiter, RATE_LIMIT_POLICIES } from "../lib/rate-limit";
import { whileSweeping } from "./heap-growth";
import { createDb } from "../db/client";
import { deadLettered } from "../jobs/dead-letter";
import { DEFAULT_QUEUE_POLICY, DEFAULT_RUNNER_LIMITS, MemoryQueue } from "../jobs/memory-queue";
import { runJob } from "../jobs/run-job";
import { runScheduledJob } from "../jobs/scheduled";
import { sandboxAcquirer } from "../domain/acquirers/sandbox";
import { SANDBOX_CARD_ACQUIRERS } from "../domain/acquirers/sandbox-cards";
import type { LogLine, Platform, PlatformConfig } from "../platform";
import type { NodeMetrics } from "./metrics";
import { createNodeVault } from "./node-vault";
import { createWebhookEgress, nodeWebhookHmac } from "./webhook-egress";

import type { BcbPixSettings } from "../connectors/bcb-pix/config";
import { createBcbPixPsp } from "../connectors/bcb-pix/client";
import { pixAutomaticoOf } from "../connectors/bcb-pix/automatico-config";
import { pspAcquirer } from "../domain/acquirers/psp";
import { createLiveCards, type LiveCards, type LiveCardsSettings } from "../connectors/live-cards";
import { createNodePspTransport } from "./psp-transport";
/** A Platform plus the timers that drive its queue and scheduled job. */
export interface NodePlatform extends Platform {
  queue: MemoryQueue;
  /**
   * Starts the queue's runner and the sweep timer (every `sweepIntervalSeconds`, default 60). The
   * sweeps also run once at start: the queue lived in memory, so a restart finds its work again.
   */
  startTimers(sweepIntervalSeconds?: number): void;
  /** Stops the timers and the queue's runner (jobs in flight finish: `queue.idle()`); the database stays open. */
  stopTimers(): void;
  /**
   * Graceful shutdown's hook (node/shutdown.ts): stops the timers, then resolves once the jobs
   * in flight and the sweep run in progress have finished. Jobs still waiting stay in memory and are
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

/**
 * The client's address: the socket's (@hono/node-server passes the IncomingMessage as
 * `env.incoming`), or behind a reverse proxy (TRUST_PROXY=1) the address it appended last to
 * X-Forwarded-For, the one hop a client cannot forge.
 */
export function clientAddressOf(request: Request, env: unknown, trustProxy: boolean): string | null {
  if (trustProxy) {
    const hops = request.headers.get("x-forwarded-for")?.split(",").map((h) => h.trim()).filter(Boolean);
    if (hops?.length) return hops[hops.length - 1]!;
  }
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? null;
}

/** The live PIX acquirer over the configured PSP (mTLS through node:https), or null without one. */
function livePixAcquirer(config: PlatformConfig, log: (line: LogLine) => void) {
  const settings = (config as { psp?: BcbPixSettings | null }).psp;
  if (!settings) return null;
  const client = { ...settings, transport: createNodePspTransport(settings.tls).transport, log };
  return pspAcquirer(createBcbPixPsp(client), pixAutomaticoOf(client, settings.receiverAccount));
}

/** Live cards when CYBERSOURCE_* and CIELO_* or REDE_* are set (their calls over the same keep-alive https as the PSP's, without a client certificate). */
function liveCards(config: PlatformConfig, log: (line: LogLine) => void): LiveCards | null {
  const settings = (config as { cards?: LiveCardsSettings | null }).cards;
  return settings ? createLiveCards(settings, createNodePspTransport({}).transport, log) : null;
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
  let minute: ReturnType<typeof setInterval> | undefined;
  // What drain() waits for (with the queue's jobs in flight): the sweep run in progress, if any.
  let sweep: Promise<unknown> = Promise.resolve();

  const cards = liveCards(config, log);
  const platform: NodePlatform = {
    db: createDb(metrics ? metrics.timeClient(client) : client),
    config,
    vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys),
    // Live PIX through the PSP when PIX_PSP_* is set; else live charges are refused (acquirers/acquirer.ts).
    // Live cards through Cybersource's 3DS and Cielo/Rede when configured; else refused likewise.
    acquirers: { test: sandboxAcquirer, live: livePixAcquirer(config, log), cards: { test: SANDBOX_CARD_ACQUIRERS, live: cards?.acquirers ?? [] }, liveThreeDs: cards?.threeDs ?? null },
    now,
    fetch: (input, init) => fetch(input, init),
    // Webhook POSTs connect only to the public addresses their host resolved to (docs/webhooks.md).
    webhookFetch: createWebhookEgress(),
    webhookHmac: nodeWebhookHmac,
    log,
    ...(metrics && { observe: metrics.observe }),
    rateLimiter: new MemoryRateLimiter(config.rateLimits ?? RATE_LIMIT_POLICIES, now),
    clientAddress: (request, env) => clientAddressOf(request, env, (config as { trustProxy?: boolean }).trustProxy === true),
    queue,
    async enqueue(jobs, opts) {
      queue.enqueue(jobs, opts);
    },
    startTimers(sweepIntervalSeconds = 60) {
      // No poll: a job enqueued with no delay starts at once, within the runner's limits (128 in
      // flight, 32 per webhook endpoint: jobs/memory-queue.ts); delayed ones when due.
      queue.start((job) => runJob(platform, job), DEFAULT_RUNNER_LIMITS);
      // A sweep run is batch work: the heap's growth is bounded while it runs (heap-growth.ts).
      const runSweeps = () => (sweep = whileSweeping(() => runScheduledJob(platform)));
      runSweeps();
      minute = setInterval(runSweeps, sweepIntervalSeconds * 1000);
      minute.unref?.();
    },
    stopTimers() {
      queue.stop();
      clearInterval(minute);
    },
    async drain() {
      platform.stopTimers();
      await Promise.allSettled([queue.idle(), sweep]);
    },
  };
  metrics?.watchQueue(() => queue.size);
  return platform;
}
