/**
 * The vault over node:crypto: the Node host's adapter. Synchronous HMAC and AES-GCM cost a few
 * microseconds where WebCrypto's thread-pool round trip costs tens (docs/performance.md). Same
 * derivations and format as the WebCrypto adapter (a test seals with one and opens with the other).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from "node:crypto";
import { pooledRandomBytes, toHex } from "../lib/crypto";
import { formatSealed, parseSealed, unknownKeyError, VAULT_INFO, vaultKeyBytes, type Base64url, type Vault } from "../lib/vault";

interface NodeKeys {
  keyId: string;
  aes: Buffer;
  mac: Buffer;
}

const TAG_BYTES = 16;

/**
 * Buffer's base64url: the same text as lib/base64url's btoa-based pair, at a fraction of the cost
 * (btoa, a string of char codes and three regex passes cost ~50 µs for a 1.5 KB stored answer).
 */
const BUFFER_BASE64URL: Base64url = {
  encode: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url"),
  decode: (text) => {
    if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error("invalid base64url");
    const buf = Buffer.from(text, "base64url");
    return new Uint8Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  },
};
/** AES-GCM's 96-bit IV, from the random pool: one `randomBytes(12)` per seal cost 40 µs under load. */
const IV_BYTES = 12;

function nodeKeys(vaultKey: string): NodeKeys {
  const master = vaultKeyBytes(vaultKey);
  const derive = (info: string, bytes: number) => Buffer.from(hkdfSync("sha256", master, new Uint8Array(0), info, bytes));
  return { keyId: toHex(derive(VAULT_INFO.keyId, 4)), aes: derive(VAULT_INFO.encryption, 32), mac: derive(VAULT_INFO.mac, 32) };
}

/** Builds the node:crypto vault for VAULT_KEY and any previous keys still needed to open old values. */
export function createNodeVault(vaultKey: string, previousKeys: string[] = []): Vault {
  const current = nodeKeys(vaultKey);
  const byId = new Map([current, ...previousKeys.map(nodeKeys)].map((k) => [k.keyId, k]));
  return {
    async seal(plaintext) {
      const iv = pooledRandomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current.aes, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return formatSealed(current.keyId, iv, data, BUFFER_BASE64URL);
    },
    async open(sealed) {
      const { keyId, iv, data } = parseSealed(sealed, BUFFER_BASE64URL);
      const keys = byId.get(keyId);
      if (!keys) throw unknownKeyError(keyId);
      const decipher = createDecipheriv("aes-256-gcm", keys.aes, iv);
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    },
    async digests(texts) {
      return texts.map((t) => createHmac("sha256", current.mac).update(t, "utf8").digest("base64url"));
    },
  };
}
