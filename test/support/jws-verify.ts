/**
 * Verifies a compact ES256 JWS as a payer's bank does before showing a PIX charge. Test code
 * only: the service signs (worker/domain/pix/jws.ts), it never verifies.
 */
import { fromBase64url } from "../../worker/lib/base64url";
import { ECDSA_P256, ecPublicJwk, ES256_SIGN, jwkThumbprint, utf8, type JwsHeader, type PublishedJwk } from "../../worker/domain/pix/jws";

/**
 * Verifies a compact ES256 JWS against `publicJwk` and returns its parsed payload.
 * Throws when the JWS is malformed, its alg isn't ES256 (no "none", no alg swapping),
 * its kid names another key, or the signature doesn't verify.
 */
export async function verifyJws(publicJwk: PublishedJwk, jws: string): Promise<unknown> {
  const parts = jws.split(".");
  if (parts.length !== 3) throw new Error("JWS must have 3 dot-separated parts");
  const [h, p, s] = parts as [string, string, string];
  const header = parseJson(fromBase64url(h), "header") as Partial<JwsHeader> | null;
  if (header?.alg !== "ES256") throw new Error(`unsupported JWS alg: ${String(header?.alg)}`);
  const jwk = ecPublicJwk(publicJwk);
  if (header.kid !== undefined && header.kid !== (publicJwk.kid ?? (await jwkThumbprint(jwk)))) {
    throw new Error("JWS kid does not match the verification key");
  }
  const signature = fromBase64url(s);
  if (signature.length !== 64) throw new Error("ES256 signature must be 64 bytes");
  const key = await crypto.subtle.importKey("jwk", jwk, ECDSA_P256, false, ["verify"]);
  if (!(await crypto.subtle.verify(ES256_SIGN, key, signature, utf8(`${h}.${p}`)))) {
    throw new Error("JWS signature verification failed");
  }
  return parseJson(fromBase64url(p), "payload");
}


function parseJson(bytes: Uint8Array, part: string): unknown {
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw new Error(`JWS ${part} is not valid UTF-8 JSON`);
  }
}
