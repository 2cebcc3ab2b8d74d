/**
 * The Worker's `PlatformConfig`, read from its bindings. A missing or malformed secret is a
 * deploy mistake, reported with the binding's name (never its value) so the operator can fix it
 * with `wrangler secret put`; nothing falls back to an insecure default.
 */
import { checkMaxBodyBytes, checkPixSigningJwk, checkVaultKey, ConfigError } from "../config-rules";
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
 * The base URL links are built from: PUBLIC_BASE_URL, else the origin of the request being served.
 * Queue and cron runs pass no request, so for them PUBLIC_BASE_URL is required.
 */
export function resolveBaseUrl(env: Env, requestUrl?: string): string {
  const configured = env.PUBLIC_BASE_URL?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  if (requestUrl) return new URL(requestUrl).origin;
  throw new ConfigError("PUBLIC_BASE_URL is not set: queue and cron runs need it to build links (wrangler.toml [vars]).");
}

/** Reads and checks the whole config; throws ConfigError naming the first bad binding. */
export function readCloudflareConfig(env: Env, requestUrl?: string): PlatformConfig {
  databaseUrl(env);
  return {
    baseUrl: resolveBaseUrl(env, requestUrl),
    vaultKey: checkVaultKey(required(env, "VAULT_KEY")),
    maxBodyBytes: checkMaxBodyBytes(env.MAX_BODY_BYTES),
    pixSigningJwk: checkPixSigningJwk(required(env, "PIX_SIGNING_JWK")),
  };
}
