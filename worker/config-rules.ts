/**
 * The rules every host applies to its configuration, in one place: the Node host reads env
 * variables and files, the Worker reads bindings, and both check the values here, so a bad value
 * fails the same way at start on either host instead of at the first charge.
 */

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
