/**
 * Cybersource's HTTP Signature with a shared secret (card-connectors.md §1.8), as its SDKs compute
 * it: a `digest` (plain SHA-256 of the exact body bytes, base64) for requests with a body, and a
 * `signature` that is HMAC-SHA256, keyed with the base64-decoded secret, over five
 * `name: value` lines joined by "\n": host, date, request-target (`post /path?query`, the literal
 * token without parentheses), digest, v-c-merchant-id. WebCrypto only, so it runs in workerd.
 *
 * The verifier is the simulator's; both sides sharing this code is kept honest by the fixed
 * vectors in test/connectors/cybersource-signing.test.ts, computed by Cybersource's own SDK.
 */

/** What a signature covers: the request and the credentials. */
export interface SigningInput {
  method: string;
  /** The absolute URL; its host (with a non-default port) and path with query are signed. */
  url: string;
  /** The exact body text sent ("" for none). */
  body: string;
  merchantId: string;
  keyId: string;
  /** The shared secret as Cybersource hands it out: base64. */
  secretKey: string;
  date: Date;
}

/** Methods whose requests carry a body, hence a digest. */
const WITH_BODY = new Set(["post", "put", "patch"]);
const HEADERS_WITH_DIGEST = "host date request-target digest v-c-merchant-id";
const HEADERS_WITHOUT_DIGEST = "host date request-target v-c-merchant-id";
const encoder = new TextEncoder();

/** `SHA-256=<base64 of SHA-256(body bytes)>`, the `digest` header's value. */
export async function digestOf(body: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  return `SHA-256=${toBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)))}`;
}

/**
 * The headers that authenticate one request: `v-c-merchant-id`, `date` (RFC 7231), `host`,
 * `digest` (methods with a body) and `signature`. `host` is what the signature covers; the
 * runtime sends the same value from the URL (fetch does not let a caller choose it).
 */
export async function signedHeaders(input: SigningInput): Promise<Record<string, string>> {
  const url = new URL(input.url);
  const method = input.method.toLowerCase();
  const date = input.date.toUTCString();
  const digest = WITH_BODY.has(method) ? await digestOf(input.body) : undefined;
  const text = stringToSign({ host: url.host, date, target: `${method} ${url.pathname}${url.search}`, digest, merchantId: input.merchantId });
  const signature = toBase64(await hmac(input.secretKey, text));
  return {
    "v-c-merchant-id": input.merchantId,
    date,
    host: url.host,
    ...(digest !== undefined && { digest }),
    signature: `keyid="${input.keyId}", algorithm="HmacSHA256", headers="${digest !== undefined ? HEADERS_WITH_DIGEST : HEADERS_WITHOUT_DIGEST}", signature="${signature}"`,
  };
}

/** A request as a server received it, for {@link verifySignature}. */
export interface ReceivedRequest {
  method: string;
  /** Path and query, as on the request line. */
  target: string;
  /** Lowercase names. */
  headers: Record<string, string | undefined>;
  /** The raw body bytes. */
  body: Uint8Array<ArrayBuffer>;
}

/** The credentials a server holds for a merchant. */
export interface SigningCredentials {
  merchantId: string;
  keyId: string;
  secretKey: string;
}

/**
 * Checks a request's signature, digest, merchant and date (at most `maxSkewMs` from `now`).
 * Answers null when it holds, else why not (for the server's own log; never the secret).
 */
export async function verifySignature(request: ReceivedRequest, credentials: SigningCredentials, now: Date, maxSkewMs = 5 * 60_000): Promise<string | null> {
  const { headers } = request;
  const params = parseSignatureHeader(headers.signature ?? "");
  if (!params) return "missing or malformed signature header";
  const method = request.method.toLowerCase();
  const withBody = WITH_BODY.has(method);
  if (params.keyid !== credentials.keyId) return "unknown keyid";
  if (params.algorithm !== "HmacSHA256") return "algorithm is not HmacSHA256";
  if (params.headers !== (withBody ? HEADERS_WITH_DIGEST : HEADERS_WITHOUT_DIGEST)) return "signed headers list is not the expected one";
  if (headers["v-c-merchant-id"] !== credentials.merchantId) return "v-c-merchant-id is not this merchant";
  const date = headers.date ?? "";
  const at = Date.parse(date);
  if (!/GMT$/.test(date) || Number.isNaN(at)) return "date is not an RFC 7231 date";
  if (Math.abs(now.getTime() - at) > maxSkewMs) return "date is too far from now";
  if (withBody && headers.digest !== (await digestOf(request.body))) return "digest does not match the body";
  const text = stringToSign({ host: headers.host ?? "", date, target: `${method} ${request.target}`, digest: withBody ? headers.digest : undefined, merchantId: credentials.merchantId });
  let given: Uint8Array<ArrayBuffer>;
  try {
    given = Uint8Array.from(atob(params.signature ?? ""), (c) => c.charCodeAt(0));
  } catch {
    return "signature is not base64";
  }
  // subtle.verify compares in constant time.
  const key = await importKey(credentials.secretKey, "verify");
  return (await crypto.subtle.verify("HMAC", key, given, encoder.encode(text))) ? null : "signature does not match";
}

/** The lines the signature covers, in the SDK's order, without a trailing newline. */
function stringToSign(parts: { host: string; date: string; target: string; digest: string | undefined; merchantId: string }): string {
  return [
    `host: ${parts.host}`,
    `date: ${parts.date}`,
    `request-target: ${parts.target}`,
    ...(parts.digest !== undefined ? [`digest: ${parts.digest}`] : []),
    `v-c-merchant-id: ${parts.merchantId}`,
  ].join("\n");
}

/** `keyid="…", algorithm="…", headers="…", signature="…"` as a record; null when malformed. */
function parseSignatureHeader(value: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const part of value.split(/,\s*/)) {
    const match = /^([a-z]+)="([^"]*)"$/.exec(part.trim());
    if (!match) return null;
    params[match[1]!] = match[2]!;
  }
  return params.keyid && params.signature ? params : null;
}

async function hmac(secretKey: string, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await importKey(secretKey, "sign"), encoder.encode(text)));
}

function importKey(secretKey: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const raw = Uint8Array.from(atob(secretKey), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** Standard base64 (with padding), as the digest and signature are written. */
function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)); // 32 bytes at most: no argument-limit concern
}
