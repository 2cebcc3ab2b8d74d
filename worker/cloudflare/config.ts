/**
 * The Worker's `PlatformConfig`, read from its bindings. A missing or malformed secret is a
 * deploy mistake, reported with the binding's name (never its value) so the operator can fix it
 * with `wrangler secret put`; nothing falls back to an insecure default.
 */
import type { PlatformConfig } from "../platform";
import type { Env } from "./env";

/** A binding is missing or malformed. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

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

/** The vault key must decode to exactly 32 bytes, or every encryption would fail later. */
function vaultKey(env: Env): string {
  const key = required(env, "VAULT_KEY");
  let bytes: number;
  try {
    bytes = atob(key).length;
  } catch {
    throw new ConfigError("VAULT_KEY is not base64.");
  }
  if (bytes !== 32) throw new ConfigError(`VAULT_KEY must be base64 of 32 bytes, not ${bytes}.`);
  return key;
}

/** The PIX signing key: a private EC P-256 JWK, checked now rather than at the first charge. */
function pixSigningJwk(env: Env): JsonWebKey {
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(required(env, "PIX_SIGNING_JWK")) as JsonWebKey;
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError("PIX_SIGNING_JWK is not JSON: it must be a private P-256 JWK.");
  }
  if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d) {
    throw new ConfigError("PIX_SIGNING_JWK must be a private EC P-256 JWK (kty EC, crv P-256, with d).");
  }
  return jwk;
}

function maxBodyBytes(env: Env): number {
  if (env.MAX_BODY_BYTES === undefined || env.MAX_BODY_BYTES === "") return DEFAULT_MAX_BODY_BYTES;
  const n = Number(env.MAX_BODY_BYTES);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`MAX_BODY_BYTES must be a positive integer, not ${env.MAX_BODY_BYTES}.`);
  return n;
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
    vaultKey: vaultKey(env),
    maxBodyBytes: maxBodyBytes(env),
    pixSigningJwk: pixSigningJwk(env),
  };
}
