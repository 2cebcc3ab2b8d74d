/**
 * The Worker's `PlatformConfig`, read from its bindings. A missing or malformed secret is a
 * deploy mistake, reported with the binding's name (never its value) so the operator can fix it
 * with `wrangler secret put`; nothing falls back to an insecure default.
 */
import { readLiveCardsSettings } from "../connectors/live-cards";
import {
  checkMaxBodyBytes,
  checkPixReceiverKey,
  checkPixSigningJwk,
  checkPublicBaseUrl,
  checkVaultKey,
  checkVaultPreviousKeys,
  checkWebhookTimeoutMs,
  ConfigError,
} from "../config-rules";
import type { PlatformConfig } from "../platform";
import type { Env } from "./env";

export { ConfigError };

function required(env: Env, name: "TURSO_DATABASE_URL" | "VAULT_KEY" | "PIX_SIGNING_JWK"): string {
  const value = env[name];
  if (typeof value !== "string" || value.trim() === "") {
    throw new ConfigError(`${name} is not set: add it with \`wrangler secret put ${name}\` (see docs/cloudflare.md).`);
  }
  return value.trim();
}

/** The database URL, checked here so a missing one is a ConfigError, not a driver error per request. */
export function databaseUrl(env: Env): string {
  const url = required(env, "TURSO_DATABASE_URL");
  if (!/^(libsql|https?|wss?):\/\/[^/\s]/i.test(url)) {
    throw new ConfigError("TURSO_DATABASE_URL must be a libsql://, https:// or http:// URL (ws:// and wss:// work too; see docs/cloudflare.md).");
  }
  return url;
}

/**
 * Reads and checks the whole config; throws ConfigError naming the first bad binding. The public
 * base URL is required: taking it from each request's Host header would let a caller choose the
 * links (and the BR Code) a charge is stored with, and cron and queue runs have no request.
 */
export function readCloudflareConfig(env: Env): PlatformConfig {
  databaseUrl(env);
  const config: PlatformConfig = {
    baseUrl: checkPublicBaseUrl(env.PUBLIC_BASE_URL),
    vaultKey: checkVaultKey(required(env, "VAULT_KEY")),
    vaultPreviousKeys: checkVaultPreviousKeys(env.VAULT_PREVIOUS_KEYS),
    pixReceiverKey: checkPixReceiverKey(env.PIX_RECEIVER_KEY),
    maxBodyBytes: checkMaxBodyBytes(env.MAX_BODY_BYTES),
    webhookTimeoutMs: checkWebhookTimeoutMs(env.WEBHOOK_TIMEOUT_MS),
    pixSigningJwk: checkPixSigningJwk(required(env, "PIX_SIGNING_JWK")),
  };
  // Checked here so a half-configured live card set-up fails the Worker's config, not a buyer's payment.
  readLiveCardsSettings(env);
  return config;
}
