/** Small WebCrypto helpers, identical on Node and workerd. */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Lowercase hex SHA-256 of a UTF-8 string. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/**
 * Random bytes are drawn from a pool refilled 4 KB at a time (as Node does for randomUUID): each
 * getRandomValues call has a fixed cost that dwarfed the few bytes a token needs. Every byte is
 * used once.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let offset = 0;

function randomByte(): number {
  if (offset >= pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    offset = 0;
  }
  return pool[offset++]!;
}

/** `length` random bytes from the pool (e.g. an AES-GCM IV: one generator call per 4 KB, not per IV). */
export function pooledRandomBytes(length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = randomByte();
  return out;
}

/**
 * A random base62 string of `length` characters. Rejection sampling keeps every character
 * equally likely (a plain `byte % 62` would favour the first eight).
 */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

/** Compares two strings in time that depends only on their lengths (secrets, signatures). */
export function equalsConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
