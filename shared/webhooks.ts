/**
 * Webhook signatures: the service signs each delivery with these functions and consumers verify
 * them with the same ones. WebCrypto only (no Node or worker imports), so one file runs in Node,
 * workerd and browsers, and the signer and the verifier can never drift apart.
 *
 * Two signatures ride on every delivery, both HMAC-SHA256 over the exact raw body bytes:
 * - `X-Service-Signature` (the spec's): lowercase hex, keyed with the UTF-8 bytes of the whole
 *   secret string, `whsec_` included, so a consumer in any stack needs only its HMAC function.
 * - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`): keyed with the
 *   base64-decoded part of the secret after `whsec_`, and covering an id and a timestamp, so the
 *   off-the-shelf libraries (npm `standardwebhooks`, Svix's) verify us and refuse stale replays.
 */

const encoder = new TextEncoder();
const SECRET_PREFIX = "whsec_";
// Key sizes `isWebhookSecret` accepts: 24 bytes is the shortest in use (Svix's secrets), and past
// 64, HMAC-SHA256's block size, a key is only hashed down to 32 bytes anyway.
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/** UTF-8 bytes of a string, or a copy of given bytes backed by a plain ArrayBuffer (WebCrypto refuses shared ones). */
function bytesOf(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  // encode() always returns a fresh ArrayBuffer; workers-types merely declares it loosely.
  return typeof data === "string" ? (encoder.encode(data) as Uint8Array<ArrayBuffer>) : new Uint8Array(data);
}

/**
 * An HMAC-SHA256 primitive: the 32-byte MAC of `data` under `key`. The default is WebCrypto's; a
 * signer may pass a synchronous one (node:crypto's `createHmac`, where WebCrypto's thread-pool
 * round trip costs tens of µs per call). Only the primitive is swapped: what is signed, and how
 * the MAC is written, stay in this file for signer and verifier alike.
 */
export type HmacSha256 = (key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>;

const webCryptoHmac: HmacSha256 = async (key, data) => {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, data));
};

async function hmacSha256(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>, hmac: HmacSha256 = webCryptoHmac): Promise<Uint8Array> {
  // An empty key would "sign" with no secret at all: that is a misconfiguration, so say so.
  if (key.length === 0) throw new TypeError("webhook secret is empty");
  return hmac(key, data);
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += HEX[b];
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Strict standard base64 (padded, canonical) to bytes, or null. atob alone would accept whitespace and missing padding. */
function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    // Re-encoding must give the same text: rejects non-zero padding bits, so each key has one spelling.
    return toBase64(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * The spec's `X-Service-Signature` of a delivery: lowercase hex HMAC-SHA256 of the exact raw body
 * bytes (a string is UTF-8 encoded), keyed with the UTF-8 bytes of the whole secret string.
 * Sign the bytes you send: re-serialized JSON is different bytes and will not verify. `hmac`
 * replaces WebCrypto's primitive (see HmacSha256).
 * @throws TypeError when the secret is empty.
 */
export async function serviceSignature(rawBody: string | Uint8Array, secret: string, hmac?: HmacSha256): Promise<string> {
  return toHex(await hmacSha256(bytesOf(secret), bytesOf(rawBody), hmac));
}

/**
 * Whether `header` is the `X-Service-Signature` of `rawBody` under `secret`. Pass the body exactly
 * as received (bytes, or the unparsed text), never JSON parsed and stringified again. A missing,
 * wrong-length, upper-case or non-hex header is false; the comparison visits every character
 * whatever the first difference, so its time reveals nothing of the expected signature.
 * @throws TypeError when the secret is empty (a configuration error, not bad input).
 */
export async function verifySignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
): Promise<boolean> {
  if (typeof secret !== "string" || secret.length === 0) throw new TypeError("webhook secret is missing");
  // The header's shape is public (64 lowercase hex digits), so rejecting a bad shape early leaks nothing.
  if (typeof header !== "string" || !/^[0-9a-f]{64}$/.test(header)) return false;
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) return false;
  const expected = await serviceSignature(rawBody, secret);
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ header.charCodeAt(i);
  return difference === 0;
}

/**
 * A new webhook secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes.
 * The same string keys both signatures, so one secret serves either kind of consumer.
 */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Whether `s` is a webhook secret: `whsec_` + canonical standard base64 (padded) of 24 to 64
 * bytes. Use it to check a secret a seller chooses; the Standard Webhooks key is those bytes.
 */
export function isWebhookSecret(s: unknown): s is string {
  return secretKey(s) !== null;
}

/** The Standard Webhooks key of a webhook secret (its bytes after `whsec_`), or null when `s` is not one. */
function secretKey(s: unknown): Uint8Array | null {
  if (typeof s !== "string" || !s.startsWith(SECRET_PREFIX)) return null;
  const key = fromBase64(s.slice(SECRET_PREFIX.length));
  return key !== null && key.length >= MIN_KEY_BYTES && key.length <= MAX_KEY_BYTES ? key : null;
}

/** The Standard Webhooks headers of one delivery (https://www.standardwebhooks.com/). */
export interface StandardWebhookHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * The Standard Webhooks headers for a delivery: `webhook-signature` is `v1,` + base64
 * HMAC-SHA256 of `${id}.${timestamp}.${rawBody}`, keyed with the base64-decoded part after `whsec_`;
 * `webhook-timestamp` is integer seconds. Keep `id` the same on every retry of one event (it is
 * what consumers de-duplicate on) and `timestamp` the time of this attempt (it is what lets them
 * refuse a replay; `standardwebhooks` refuses one more than 5 minutes off). `hmac` replaces
 * WebCrypto's primitive (see HmacSha256).
 * @throws TypeError when `secret` is not a webhook secret or `timestamp` is not a valid date.
 */
export async function standardWebhookHeaders(input: {
  id: string;
  timestamp: Date;
  rawBody: string;
  secret: string;
  hmac?: HmacSha256;
}): Promise<StandardWebhookHeaders> {
  const key = secretKey(input.secret);
  if (key === null) throw new TypeError("secret is not a whsec_ webhook secret");
  const millis = input.timestamp.getTime();
  if (!Number.isFinite(millis)) throw new TypeError("timestamp is not a valid date");
  const seconds = String(Math.floor(millis / 1000));
  const mac = await hmacSha256(new Uint8Array(key), bytesOf(`${input.id}.${seconds}.${input.rawBody}`), input.hmac);
  return { "webhook-id": input.id, "webhook-timestamp": seconds, "webhook-signature": `v1,${toBase64(mac)}` };
}
