/**
 * The Cloudflare host's Platform: Turso (or the local libSQL server) through the web client,
 * Cloudflare Queues for jobs, the wall clock, global fetch and console logging (which Workers
 * Logs and `wrangler tail` collect). Built from the Worker's bindings; no state of its own
 * beyond the isolate's database client.
 */
import { bindingRateLimiter } from "./rate-limiter";
import { sandboxAcquirer } from "../domain/acquirers/sandbox";
import { SANDBOX_CARD_ACQUIRERS } from "../domain/acquirers/sandbox-cards";
import { createWebVault } from "../lib/web-vault";
import type { LogLine, Observation, Platform, PlatformConfig } from "../platform";
import { databaseUrl } from "./config";
import { isolateDatabase } from "./database";
import type { Env } from "./env";
import { createBcbPixPsp } from "../connectors/bcb-pix/client";
import { pixAutomaticoOf } from "../connectors/bcb-pix/automatico-config";
import { pspAcquirer } from "../domain/acquirers/psp";
import { createLiveCards, readLiveCardsSettings } from "../connectors/live-cards";
import { fetchTransport } from "../connectors/http/fetch-transport";
import { cloudflarePspTransport, readWorkerPspSettings } from "./psp-transport";

/** Cloudflare Queues takes at most 100 messages per sendBatch call. */
const MAX_BATCH = 100;

/** One JSON line per entry, timestamped like the Node host's. */
export function consoleLog(line: LogLine): void {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", ...line }));
}

/**
 * The Worker's metrics are its log lines (Workers Logs can group and chart any field;
 * docs/operations.md): a request's route template, status and duration are on its `request`
 * line, each sweep's rows and duration on `scheduled.run`; a webhook attempt gets a line here.
 */
export function logObservation(event: Observation, log: (line: LogLine) => void = consoleLog): void {
  if (event.kind === "webhook.attempt") {
    log({ msg: "metrics.webhook_attempt", outcome: event.outcome, httpStatus: event.httpStatus, durationMs: event.durationMs });
  }
  // A received PIX already has its pix.received line (domain/pix/psp-payments.ts): nothing to add.
}

/** The live PIX acquirer over the configured PSP (through the PIX_PSP_MTLS binding), or null without one. */
function livePixAcquirer(env: Env) {
  const settings = readWorkerPspSettings(env);
  if (!settings) return null;
  const client = { ...settings, transport: cloudflarePspTransport(env), log: consoleLog };
  return pspAcquirer(createBcbPixPsp(client), pixAutomaticoOf(client, settings.receiverAccount));
}

/** Live cards when CYBERSOURCE_* and CIELO_* or REDE_* are set (connectors/live-cards.ts). */
function liveCards(env: Env) {
  const settings = readLiveCardsSettings(env);
  return settings ? createLiveCards(settings, fetchTransport(), consoleLog) : null;
}

/** Builds the platform for one Worker env and an already-read config. */
export function createCloudflarePlatform(env: Env, config: PlatformConfig): Platform {
  const { db } = isolateDatabase(databaseUrl(env), env.TURSO_AUTH_TOKEN?.trim());
  const cards = liveCards(env);
  return {
    db,
    config,
    vault: createWebVault(config.vaultKey, config.vaultPreviousKeys),
    // Live PIX through the PSP when PIX_PSP_* is set; else live charges are refused (acquirers/acquirer.ts).
    // Live cards through Cybersource's 3DS and Cielo/Rede when configured; else refused likewise.
    acquirers: { test: sandboxAcquirer, live: livePixAcquirer(env), cards: { test: SANDBOX_CARD_ACQUIRERS, live: cards?.acquirers ?? [] }, liveThreeDs: cards?.threeDs ?? null },
    now: () => new Date(),
    // Bound so callers can invoke it detached (`const { fetch } = platform`) in workerd. Webhook
    // POSTs use it as is (no webhookFetch): Cloudflare's egress reaches no private address.
    fetch: (input, init) => fetch(input, init),
    log: consoleLog,
    observe: (event) => logObservation(event),
    rateLimiter: bindingRateLimiter(env as unknown as Record<string, unknown>, consoleLog),
    // Set by Cloudflare's edge; a client cannot forge it through Cloudflare.
    clientAddress: (request) => request.headers.get("cf-connecting-ip"),
    async enqueue(jobs, opts = {}) {
      const delaySeconds = opts.delaySeconds ?? 0;
      for (let i = 0; i < jobs.length; i += MAX_BATCH) {
        await env.JOBS.sendBatch(jobs.slice(i, i + MAX_BATCH).map((body) => ({ body, delaySeconds })));
      }
    },
  };
}
