/**
 * A software passkey authenticator for tests that have no browser (in process and in workerd):
 * it answers WebAuthn registration and sign-in options as a platform authenticator does, with an
 * ES256 key made by WebCrypto, "none" attestation, and the user-present and user-verified flags
 * (unless told otherwise). It signs for whatever `origin` it is given, so a test can also play a
 * phishing page. The browser test uses Chromium's own virtual authenticator instead.
 */

const enc = new TextEncoder();

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromB64url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** CBOR (RFC 8949) for what WebAuthn needs: unsigned and negative integers, bytes, text and maps. */
function cbor(value: unknown): Uint8Array {
  const head = (major: number, n: number) =>
    n < 24 ? Uint8Array.of((major << 5) | n) : n < 256 ? Uint8Array.of((major << 5) | 24, n) : Uint8Array.of((major << 5) | 25, n >> 8, n & 255);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  if (typeof value === "string") return concat(head(3, enc.encode(value).length), enc.encode(value));
  if (value instanceof Map) return concat(head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]));
  throw new TypeError(`cbor: ${typeof value}`);
}

/** An ECDSA signature as WebCrypto gives it (r ‖ s) in the DER form WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.slice(i);
    const body = v[0]! & 0x80 ? concat(Uint8Array.of(0), v) : v;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(Uint8Array.of(0x30, seq.length), seq);
}

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

/** Flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/** One passkey held by the test. */
export interface TestPasskey {
  id: string;
  userHandle: string;
  keys: CryptoKeyPair;
  rpId: string;
  signCount: number;
}

/** Registration options (JSON, as the server sends them) → a new passkey and the response to send. */
export async function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string, opts: { userVerified?: boolean; credentialId?: string } = {}) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const cose = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
  const credId = opts.credentialId ? fromB64url(opts.credentialId) : crypto.getRandomValues(new Uint8Array(16));
  const flags = UP | AT | (opts.userVerified === false ? 0 : UV);
  const authData = concat(await sha256(enc.encode(rpId)), Uint8Array.of(flags, 0, 0, 0, 0), new Uint8Array(16), Uint8Array.of(0, credId.length), credId, cose);
  const attestationObject = cbor(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
  const clientDataJSON = enc.encode(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
  const passkey: TestPasskey = { id: b64url(credId), userHandle: options.user.id, keys, rpId, signCount: 0 };
  const response = {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ["internal"] },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
  return { passkey, response };
}

/** Sign-in options (JSON) → the signed response of `passkey`, as a browser would send it from `origin`. */
export async function signWithPasskey(passkey: TestPasskey, options: { challenge: string }, origin: string, opts: { userVerified?: boolean } = {}) {
  const authData = concat(await sha256(enc.encode(passkey.rpId)), Uint8Array.of(UP | (opts.userVerified === false ? 0 : UV), 0, 0, 0, 0));
  const clientDataJSON = enc.encode(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
  const signed = concat(authData, await sha256(clientDataJSON));
  const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, passkey.keys.privateKey, signed as Uint8Array<ArrayBuffer>));
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(der(raw)), userHandle: passkey.userHandle },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
