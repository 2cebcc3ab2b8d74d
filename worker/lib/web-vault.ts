/**
 * The vault over WebCrypto: the Worker's adapter (in workerd WebCrypto runs in the isolate, with
 * no thread hop). Same derivations and format as the Node adapter; see vault.ts.
 */
import { toBase64url } from "./base64url";
import { toHex } from "./crypto";
import { formatSealed, parseSealed, unknownKeyError, VAULT_INFO, vaultKeyBytes, type Vault } from "./vault";

interface WebKeys {
  keyId: string;
  aes: CryptoKey;
  mac: CryptoKey;
}

const encoder = new TextEncoder();

async function derive(master: CryptoKey, info: string, bits: number): Promise<Uint8Array<ArrayBuffer>> {
  const params = { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) };
  return new Uint8Array(await crypto.subtle.deriveBits(params, master, bits));
}

async function webKeys(vaultKey: string): Promise<WebKeys> {
  const master = await crypto.subtle.importKey("raw", vaultKeyBytes(vaultKey), "HKDF", false, ["deriveBits"]);
  const [enc, mac, id] = await Promise.all([
    derive(master, VAULT_INFO.encryption, 256),
    derive(master, VAULT_INFO.mac, 256),
    derive(master, VAULT_INFO.keyId, 32),
  ]);
  return {
    keyId: toHex(id),
    aes: await crypto.subtle.importKey("raw", enc, "AES-GCM", false, ["encrypt", "decrypt"]),
    mac: await crypto.subtle.importKey("raw", mac, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
  };
}

/**
 * Builds the WebCrypto vault for VAULT_KEY and any previous keys still needed to open old values.
 * Keys are derived on first use (derivation is async; building a platform is not).
 */
export function createWebVault(vaultKey: string, previousKeys: string[] = []): Vault {
  let derived: Promise<{ current: WebKeys; byId: Map<string, WebKeys> }> | undefined;
  const keys = () =>
    (derived ??= Promise.all([vaultKey, ...previousKeys].map(webKeys)).then(([current, ...previous]) => ({
      current: current!,
      byId: new Map([current!, ...previous].map((k) => [k.keyId, k])),
    })));
  return {
    async seal(plaintext) {
      const { current } = await keys();
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, current.aes, encoder.encode(plaintext));
      return formatSealed(current.keyId, iv, new Uint8Array(data));
    },
    async open(sealed) {
      const { keyId, iv, data } = parseSealed(sealed);
      const found = (await keys()).byId.get(keyId);
      if (!found) throw unknownKeyError(keyId);
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv }, found.aes, data));
    },
    async digests(texts) {
      const { current } = await keys();
      const macs = await Promise.all(texts.map((t) => crypto.subtle.sign("HMAC", current.mac, encoder.encode(t))));
      return macs.map((m) => toBase64url(new Uint8Array(m)));
    },
  };
}
