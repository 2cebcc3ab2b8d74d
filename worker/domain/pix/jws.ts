/**
 * Compact JWS (RFC 7515) signing for the PIX location URL: the URL inside a dynamic
 * BR Code serves the charge as a JWS signed by the receiving PSP, and the payer's app
 * checks it against the PSP's published JWKS before showing the charge.
 *
 * Algorithm: ES256 (ECDSA P-256 + SHA-256, RFC 7518 §3.4). PS256 is common among
 * PSPs (a published PSP JWS has header {alg:"PS256", kid, x5t, jku}); ES256 is chosen
 * here because WebCrypto signs it natively in workerd and Node, with small keys and
 * signatures. Re-check the allowed list in the BCB's Manual de Segurança do Pix
 * ("Definições do padrão JWS") before going live: that text was not at hand here.
 * The manual also asks for a `jku` header naming the JWKS URL on the location's host,
 * which {@link signJws} adds when given, and x5t/x5c tying the key to the site's
 * CA-issued certificate, which this module does not do.
 *
 * The `kid` is the RFC 7638 JWK thumbprint of the public key, so it is derived from
 * the key itself: no registry of ids, and a rotated key gets a new id for free.
 */

import { toBase64url } from "../../lib/base64url";

/** A P-256 private key ready to sign, with its public half and thumbprint kid. */
export interface SigningKey {
  readonly alg: "ES256";
  readonly kid: string;
  readonly privateKey: CryptoKey;
  /** Public JWK: kty, crv, x, y only. */
  readonly publicJwk: JsonWebKey;
}

/** A JWK with the members a JWKS entry carries; the DOM's JsonWebKey type lacks kid. */
export type PublishedJwk = JsonWebKey & { kid?: string };

/** Header fields {@link signJws} writes. */
export interface JwsHeader {
  alg: "ES256";
  kid: string;
  jku?: string;
}

export const ECDSA_P256 = { name: "ECDSA", namedCurve: "P-256" } as const;
export const ES256_SIGN = { name: "ECDSA", hash: "SHA-256" } as const;

/** Generates a new extractable ES256 key and returns its private JWK (keep it secret). */
export async function generateSigningKeyJwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey(ECDSA_P256, true, ["sign", "verify"])) as CryptoKeyPair;
  const { kty, crv, x, y, d } = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { kty, crv, x, y, d };
}

/**
 * Imports a P-256 private JWK for signing. The CryptoKey is non-extractable, so the
 * secret can't leak back out through this object.
 */
export async function importSigningKey(privateJwk: JsonWebKey): Promise<SigningKey> {
  const publicJwk = ecPublicJwk(privateJwk);
  if (typeof privateJwk.d !== "string") throw new Error("signing key JWK has no private part (d)");
  // Rebuild the JWK so stray key_ops/ext/alg members can't make importKey refuse it.
  const privateKey = await crypto.subtle.importKey("jwk", { ...publicJwk, d: privateJwk.d }, ECDSA_P256, false, ["sign"]);
  return { alg: "ES256", kid: await jwkThumbprint(publicJwk), privateKey, publicJwk };
}

/**
 * RFC 7638 thumbprint of an EC public key: base64url SHA-256 of the required members
 * (crv, kty, x, y) in lexicographic order, with no whitespace.
 */
export async function jwkThumbprint(jwk: JsonWebKey): Promise<string> {
  const { crv, kty, x, y } = ecPublicJwk(jwk);
  const canonical = JSON.stringify({ crv, kty, x, y });
  return toBase64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical))));
}

/**
 * Signs `payload` (serialised as JSON) into a compact JWS with header
 * `{alg:"ES256", kid, jku?}`. Pass `jku` as the JWKS URL the payer should fetch.
 */
export async function signJws(key: SigningKey, payload: unknown, opts?: { jku?: string }): Promise<string> {
  const json = JSON.stringify(payload);
  if (json === undefined) throw new Error("JWS payload must be JSON-serialisable");
  const header: JwsHeader = { alg: key.alg, kid: key.kid, ...(opts?.jku ? { jku: opts.jku } : {}) };
  const signingInput = `${toBase64url(utf8(JSON.stringify(header)))}.${toBase64url(utf8(json))}`;
  // WebCrypto's ECDSA output is already r||s (IEEE P1363), the JWS form; no DER to undo.
  const signature = await crypto.subtle.sign(ES256_SIGN, key.privateKey, utf8(signingInput));
  return `${signingInput}.${toBase64url(new Uint8Array(signature))}`;
}

/** The JWKS to publish (e.g. at the `jku` URL): public members only, plus kid, use, alg. */
export function publicJwks(key: SigningKey): { keys: PublishedJwk[] } {
  return { keys: [{ ...key.publicJwk, kid: key.kid, use: "sig", alg: key.alg }] };
}

/** The public members of a P-256 JWK, checked; anything else is refused. */
export function ecPublicJwk(jwk: JsonWebKey): JsonWebKey {
  const { kty, crv, x, y } = jwk;
  if (kty !== "EC" || crv !== "P-256" || typeof x !== "string" || typeof y !== "string") {
    throw new Error("expected an EC P-256 JWK with x and y");
  }
  return { kty, crv, x, y };
}

/** UTF-8 bytes of a string, as WebCrypto takes them. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
}
