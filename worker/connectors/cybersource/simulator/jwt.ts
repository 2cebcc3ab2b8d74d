/**
 * The simulator's JWTs (HS256, its own random key): the setup's and the step-up's `accessToken`,
 * which carry what Cardinal's pages need (ReferenceId; for a step-up, ReturnUrl and the
 * TransactionId). Only the simulator reads them back, as only Cardinal reads Cybersource's.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** A JWT's claims. */
export type Claims = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

/** Signs `claims` with `key`. */
export function signJwt(claims: Claims, key: Buffer): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${HEADER}.${payload}.${mac(`${HEADER}.${payload}`, key)}`;
}

/** The claims of a token this key signed and that has not expired (`exp`, seconds), else null. */
export function verifyJwt(token: string, key: Buffer, now: Date): Claims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`, key));
  const given = Buffer.from(parts[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as Claims;
    return typeof claims.exp === "number" && claims.exp * 1000 > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}

function mac(text: string, key: Buffer): string {
  return createHmac("sha256", key).update(text).digest("base64url");
}
