/**
 * The Node host's settings, read from the environment in one place (domain code never reads
 * process.env). Every setting has a default that works on a fresh machine.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  checkMaxBodyBytes,
  checkPixReceiverKey,
  checkPixSigningJwk,
  checkPublicBaseUrl,
  checkSweepIntervalSeconds,
  checkVaultKey,
  checkVaultPreviousKeys,
  checkWebhookTimeoutMs,
} from "../config-rules";
import { policiesWith, type RateLimitPolicies } from "../lib/rate-limit";

import type { BcbPixSettings } from "../connectors/bcb-pix/config";
import { readLiveCardsSettings, type LiveCardsSettings } from "../connectors/live-cards";
import { readNodePspSettings } from "./psp-config";
/** Resolved Node host settings. */
export interface NodeConfig {
  host: string;
  port: number;
  databaseUrl: string;
  databaseAuthToken?: string;
  baseUrl: string;
  vaultKey: string;
  vaultPreviousKeys: string[];
  pixReceiverKey?: string;
  maxBodyBytes: number;
  pixSigningJwk: JsonWebKey;
  /** WEBHOOK_TIMEOUT_MS: a webhook POST's timeout; unset is the spec's 15 s. */
  webhookTimeoutMs?: number;
  /** SWEEP_INTERVAL_SECONDS: how often the scheduled sweeps run (default 60, as the Worker's cron). */
  sweepIntervalSeconds: number;
  /**
   * METRICS_TOKEN: with it, `GET /metrics` answers the Prometheus metrics to `Authorization: Bearer
   * <token>` (worker/node/metrics.ts); without it there are no metrics, and /metrics is a 404.
   */
  metricsToken?: string;
  /** RATE_LIMITS: the rate limits' numbers (lib/rate-limit.ts defaults, with the overrides given). */
  rateLimits: RateLimitPolicies;
  /** TRUST_PROXY=1: the client's address is the last hop of X-Forwarded-For (behind one reverse proxy), not the socket's. */
  trustProxy?: boolean;
  /** PIX_PSP_*: the PSP that receives live PIX (docs/pix.md, "Going live"); null: live PIX refused. */
  psp: BcbPixSettings | null;
  /** CYBERSOURCE_*, CIELO_*, REDE_*: live cards' 3DS server and acquirers (docs/cards.md, "Going live"); null: live cards refused. */
  cards: LiveCardsSettings | null;
  /** With NODE_ENV=production: where the first start writes the new keys (never stdout). */
  firstStartKeysFile?: string;
  /**
   * The demo shop (demo/): its port (0: any free one), and the file with its keys; null when it is
   * off (DEMO_PORT=off, or NODE_ENV=production: a demo holding keys in a file has no place there).
   */
  demo: { port: number; secretsFile: string } | null;
}

/** The local file behind a `file:` URL, or null for remote databases. */
export function localDatabasePath(url: string): string | null {
  if (url === ":memory:") return url;
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
}

/**
 * A secret from `env[name]` when set; otherwise, for a local database, one generated once and kept
 * in `file` beside it (mode 0600) so a restart still has it. A remote (Turso) database must be
 * given the variable: a secret on a laptop's disk is no secret for production data.
 */
function resolveSecret(env: NodeJS.ProcessEnv, name: string, dbPath: string | null, file: string, generate: () => string): string {
  const given = env[name];
  if (given) return given;
  if (!dbPath || dbPath === ":memory:") {
    if (dbPath === ":memory:") return generate();
    throw new Error(`${name} must be set when DATABASE_URL is a remote database.`);
  }
  const path = join(dirname(dbPath), file);
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const secret = generate();
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** 32 random bytes, base64: the vault key. */
function newVaultKey(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
}

/** A new ES256 private JWK as JSON (synchronous, so config reading stays synchronous). */
function newPixSigningJwk(): string {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { kty, crv, x, y, d } = privateKey.export({ format: "jwk" });
  return JSON.stringify({ kty, crv, x, y, d });
}

/** Reads the Node host's configuration from the environment. */
export function readNodeConfig(env: NodeJS.ProcessEnv = process.env): NodeConfig {
  // An empty variable (`PORT= npm start`, a blank line in a .env file) means "use the default".
  const host = env.HOST?.trim() || "127.0.0.1";
  const port = env.PORT?.trim() ? Number(env.PORT) : 8787;
  // Port 0 would listen on a random port while every link we hand out named port 0.
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (1-65535), got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim() || "file:.data/pay.db";
  const displayHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const dbPath = localDatabasePath(databaseUrl);
  const baseUrl = checkPublicBaseUrl(env.PUBLIC_BASE_URL?.trim() || `http://${displayHost}:${port}`);
  return {
    host,
    port,
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    baseUrl,
    vaultKey: checkVaultKey(resolveSecret(env, "VAULT_KEY", dbPath, "vault.key", newVaultKey)),
    vaultPreviousKeys: checkVaultPreviousKeys(env.VAULT_PREVIOUS_KEYS),
    pixReceiverKey: checkPixReceiverKey(env.PIX_RECEIVER_KEY),
    maxBodyBytes: checkMaxBodyBytes(env.MAX_BODY_BYTES),
    webhookTimeoutMs: checkWebhookTimeoutMs(env.WEBHOOK_TIMEOUT_MS),
    sweepIntervalSeconds: checkSweepIntervalSeconds(env.SWEEP_INTERVAL_SECONDS),
    pixSigningJwk: checkPixSigningJwk(resolveSecret(env, "PIX_SIGNING_JWK", dbPath, "pix-signing.jwk", newPixSigningJwk)),
    firstStartKeysFile:
      env.NODE_ENV === "production" ? join(dbPath && dbPath !== ":memory:" ? dirname(dbPath) : ".data", "first-start-keys.txt") : undefined,
    demo: checkDemo(env, dbPath),
    metricsToken: checkMetricsToken(env.METRICS_TOKEN),
    rateLimits: checkRateLimits(env.RATE_LIMITS),
    trustProxy: env.TRUST_PROXY?.trim() === "1",
    psp: readNodePspSettings(env),
    cards: readLiveCardsSettings({ ...env, PUBLIC_BASE_URL: baseUrl }),
  };
}

/**
 * RATE_LIMITS: JSON overriding policies of lib/rate-limit.ts, e.g. '{"secretLive":{"limit":2000}}'
 * (docs/security.md); unset: the defaults.
 */
function checkRateLimits(raw: string | undefined) {
  if (!raw?.trim()) return policiesWith({});
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("RATE_LIMITS must be JSON, e.g. {\"secretLive\":{\"limit\":2000}}");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("RATE_LIMITS must be a JSON object of policies");
  return policiesWith(parsed as Record<string, { limit?: number; period?: number }>);
}

/**
 * DEMO_PORT: where the demo shop listens. Default 8789 beside the default PORT, and any free port
 * when PORT was chosen (several hosts, e.g. tests, then never fight over one); `off` disables it.
 */
function checkDemo(env: NodeJS.ProcessEnv, dbPath: string | null): NodeConfig["demo"] {
  const raw = env.DEMO_PORT?.trim();
  if (env.NODE_ENV === "production" || raw === "off") return null;
  const port = raw ? Number(raw) : env.PORT?.trim() ? 0 : 8789;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`DEMO_PORT must be a port number (0-65535) or off, got ${raw}`);
  const dir = dbPath && dbPath !== ":memory:" ? dirname(dbPath) : ".data";
  return { port, secretsFile: join(dir, "demo-shop.json") };
}

/** METRICS_TOKEN: unset or blank is off; a token guessable in a scrape config's lifetime is refused. */
function checkMetricsToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token)) throw new Error("METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 24)");
  return token;
}
