/**
 * The vault: how personal data and other secrets are encrypted at rest, and how a value is
 * fingerprinted without being kept. One port, two adapters with the same bytes on the wire:
 * WebCrypto (`web-vault.ts`, the Worker) and node:crypto (`node/node-vault.ts`, the Node host,
 * where WebCrypto's thread-pool round trip made a single HMAC cost ~20 µs of CPU and ~80 µs of
 * latency against ~2.5 µs synchronously; docs/performance.md).
 *
 * Keys: VAULT_KEY (32 random bytes) is never used directly. HKDF-SHA256 derives from it an
 * AES-256-GCM key, an HMAC-SHA256 key and a short key id, so the two algorithms never share a
 * key and a ciphertext names the key that sealed it (rotation: docs/security.md).
 *
 * Sealed format: `v1.<keyId>.<iv, base64url>.<ciphertext with its 16-byte tag, base64url>`.
 */
import { fromBase64url, toBase64url } from "./base64url";

/** What the domain sees of the vault. */
export interface Vault {
  /** Encrypts UTF-8 text (AES-256-GCM, random 96-bit IV). */
  seal(plaintext: string): Promise<string>;
  /** Decrypts a sealed value; throws when no configured key has its id or it was tampered with. */
  open(sealed: string): Promise<string>;
  /** Keyed digests (HMAC-SHA256, base64url) of each text, for fingerprints and lookups. */
  digests(texts: string[]): Promise<string[]>;
}

/** HKDF `info` labels: changing one changes every derived key. */
export const VAULT_INFO = {
  encryption: "pay vault v1 aes-256-gcm",
  mac: "pay vault v1 hmac-sha256",
  keyId: "pay vault v1 key id",
} as const;

const PREFIX = "v1";

/** The parts of a sealed value. */
export interface SealedParts {
  keyId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: Uint8Array<ArrayBuffer>;
}

/** base64url both ways: the portable pair, or a host's faster one (Node's Buffer). */
export interface Base64url {
  encode(bytes: Uint8Array): string;
  decode(text: string): Uint8Array<ArrayBuffer>;
}
const PORTABLE: Base64url = { encode: toBase64url, decode: fromBase64url };

/** Formats a sealed value. */
export function formatSealed(keyId: string, iv: Uint8Array, data: Uint8Array, codec: Base64url = PORTABLE): string {
  return `${PREFIX}.${keyId}.${codec.encode(iv)}.${codec.encode(data)}`;
}

/** True for a value this vault sealed (as opposed to legacy clear text). */
export function isSealed(value: string): boolean {
  return value.startsWith(`${PREFIX}.`);
}

/** Splits a sealed value; throws on anything else. */
export function parseSealed(sealed: string, codec: Base64url = PORTABLE): SealedParts {
  const [prefix, keyId, iv, data, ...rest] = sealed.split(".");
  if (prefix !== PREFIX || !keyId || !iv || !data || rest.length) throw new Error("not a sealed vault value");
  return { keyId, iv: codec.decode(iv), data: codec.decode(data) };
}

/** Decodes VAULT_KEY (base64 of 32 bytes; checked at start by config-rules). */
export function vaultKeyBytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));
}

/** Error for a value sealed under a key this installation no longer has. */
export function unknownKeyError(keyId: string): Error {
  return new Error(`value sealed under vault key ${keyId}, which is neither VAULT_KEY nor in VAULT_PREVIOUS_KEYS`);
}
