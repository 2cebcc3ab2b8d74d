/**
 * The rules every host applies to its configuration, in one place: the Node host reads env
 * variables and files, the Worker reads bindings, and both check the values here, so a bad value
 * fails the same way at start on either host instead of at the first charge.
 */

import { MAX_BASE_URL_LENGTH } from "./domain/pix/location";
import { PIX_KEY_FORMATS, pixKeyType } from "./domain/pix/receiver-key";

/** A setting is missing or malformed; the message names it, never its value. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export const DEFAULT_MAX_BODY_BYTES = 100 * 1024;

/** VAULT_KEY: base64 of exactly 32 bytes (AES-256-GCM), or every encryption would fail later. */
export function checkVaultKey(value: string): string {
  let bytes: number;
  try {
    bytes = atob(value.trim()).length;
  } catch {
    throw new ConfigError("VAULT_KEY is not base64.");
  }
  if (bytes !== 32) throw new ConfigError(`VAULT_KEY must be base64 of 32 bytes, not ${bytes}.`);
  return value.trim();
}

/** PIX_SIGNING_JWK: a private EC P-256 JWK as JSON text. */
export function checkPixSigningJwk(text: string): JsonWebKey {
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(text) as JsonWebKey;
  } catch {
    throw new ConfigError("PIX_SIGNING_JWK is not JSON: it must be a private P-256 JWK.");
  }
  if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d) {
    throw new ConfigError("PIX_SIGNING_JWK must be a private EC P-256 JWK (kty EC, crv P-256, with d).");
  }
  return jwk;
}

/**
 * MAX_BODY_BYTES: a positive integer; empty means the default. A NaN limit would switch the body
 * limit off (`size > NaN` is never true) and 0 would refuse every body.
 */
export function checkMaxBodyBytes(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return DEFAULT_MAX_BODY_BYTES;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`MAX_BODY_BYTES must be a positive integer, not ${value}.`);
  return n;
}

/**
 * WEBHOOK_TIMEOUT_MS: how long a webhook POST may take before the attempt fails; unset means the
 * spec's 15 s. Bounded so a typo cannot make every attempt fail at once or hold leases for hours.
 */
export function checkWebhookTimeoutMs(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 100 || n > 60_000) throw new ConfigError(`WEBHOOK_TIMEOUT_MS must be an integer from 100 to 60000, not ${value}.`);
  return n;
}

/** SWEEP_INTERVAL_SECONDS (Node host): how often the minute sweeps run; default 60, as the Worker's cron. */
export function checkSweepIntervalSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 60;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 3600) throw new ConfigError(`SWEEP_INTERVAL_SECONDS must be an integer from 1 to 3600, not ${value}.`);
  return n;
}

/**
 * PUBLIC_BASE_URL: an absolute http(s) URL without query or fragment, short enough that the PIX
 * location URLs built on it fit a BR Code (MAX_BASE_URL_LENGTH characters once the scheme is
 * dropped). A longer one would make every PIX charge fail, so it fails here, at start.
 */
export function checkPublicBaseUrl(value: string | undefined): string {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") throw new ConfigError("PUBLIC_BASE_URL is not set: it is the base of every link the API hands out (see docs/cloudflare.md).");
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL such as https://pay.example.com, not ${trimmed}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigError("PUBLIC_BASE_URL must be an http:// or https:// URL.");
  if (url.search || url.hash || url.username || url.password) {
    throw new ConfigError("PUBLIC_BASE_URL must not carry a query, a fragment or credentials.");
  }
  const base = trimmed.replace(/\/+$/, "");
  const length = base.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").length;
  if (length > MAX_BASE_URL_LENGTH) {
    throw new ConfigError(
      `PUBLIC_BASE_URL is ${length} characters without its scheme; PIX location URLs built on it would not fit a BR Code, ` +
        `which allows a base of at most ${MAX_BASE_URL_LENGTH} (docs/pix.md). Use a shorter host or path.`,
    );
  }
  return base;
}

/** PIX_RECEIVER_KEY: empty, or a DICT key in one of its formats. */
export function checkPixReceiverKey(value: string | undefined): string | undefined {
  const key = value?.trim();
  if (!key) return undefined;
  if (!pixKeyType(key)) throw new ConfigError(`PIX_RECEIVER_KEY must be ${PIX_KEY_FORMATS}.`);
  return key;
}

/** VAULT_PREVIOUS_KEYS: comma-separated earlier vault keys, each like VAULT_KEY. */
export function checkVaultPreviousKeys(value: string | undefined): string[] {
  const keys = (value ?? "").split(",").map((k) => k.trim()).filter(Boolean);
  return keys.map((k, i) => {
    try {
      return checkVaultKey(k);
    } catch (err) {
      throw new ConfigError(`VAULT_PREVIOUS_KEYS entry ${i + 1}: ${(err as Error).message.replace("VAULT_KEY ", "")}`);
    }
  });
}
