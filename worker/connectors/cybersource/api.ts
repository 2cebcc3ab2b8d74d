/**
 * One signed Payer Authentication call: JSON in, the HTTP Signature of §1.8, the shared exchange
 * (timeout, request id, one log line without headers or body), and the answer's status turned into
 * the port's errors. 5xx, a redirect, a network failure or the timeout: ThreeDsUnavailableError
 * (nothing can be concluded; a retry is safe, as setup, enroll and validate create nothing a second
 * call could duplicate in money). 4xx: ThreeDsRejectedError with Cybersource's reason.
 */
import { ThreeDsRejectedError, ThreeDsUnavailableError } from "../../lib/threeds-server";
import { exchange, type ConnectorLog, type ConnectorTransport, type PspAnswer } from "../http/exchange";
import { malformed, objectAt, reasonOf, type Json } from "./mapping";
import { signedHeaders } from "./signing";

/** What every call needs. */
export interface ApiOptions {
  /** `https://apitest.cybersource.com`, without a trailing slash. */
  baseUrl: string;
  merchantId: string;
  keyId: string;
  secretKey: string;
  transport: ConnectorTransport;
  timeoutMs: number;
  log?: ConnectorLog;
  name: string;
  now: () => Date;
}

/** POSTs `body` to `path` and answers the 2xx answer's JSON object. */
export async function post(options: ApiOptions, path: string, body: Json): Promise<Json> {
  const url = `${options.baseUrl}${path}`;
  const text = JSON.stringify(body);
  const { host: _host, ...signed } = await signedHeaders({ method: "POST", url, body: text, merchantId: options.merchantId, keyId: options.keyId, secretKey: options.secretKey, date: options.now() });
  // Host is not sent by hand: fetch derives it from the URL, the same value the signature covers.
  const answer = await exchange(
    {
      method: "POST",
      url,
      headers: { ...signed, "Content-Type": "application/json;charset=utf-8", Accept: "application/hal+json;charset=utf-8" },
      body: text,
    },
    {
      transport: options.transport,
      timeoutMs: options.timeoutMs,
      log: options.log,
      name: options.name,
      logAs: { msg: "threeds.request", field: "threeds" },
      unavailable: (message) => new ThreeDsUnavailableError(message),
    },
  );
  const call = `POST ${path}`;
  const ids = idsOf(answer);
  if (answer.status >= 500 || (answer.status >= 300 && answer.status < 400)) {
    const reason = reasonOf(parsed(answer)?.reason);
    throw new ThreeDsUnavailableError(`${call}: Cybersource answered ${answer.status}${reason ? ` ${reason}` : ""} (${ids})`);
  }
  if (answer.status >= 400) throw refusal(call, answer, ids);
  const json = parsed(answer);
  if (!json) throw malformed(`to ${call} (${answer.status}) is not a JSON object (${ids})`);
  return json;
}

/**
 * A 4xx as the port's error: Cybersource's `reason` (MISSING_FIELD, INVALID_DATA…) and the names
 * of the fields it lists, never their values; a 401 (signature, key or date refused) has no
 * documented body and is UNAUTHORIZED.
 */
function refusal(call: string, answer: PspAnswer, ids: string): ThreeDsRejectedError {
  const json = parsed(answer);
  const reason = reasonOf(json?.reason) ?? reasonOf(objectAt(json, "errorInformation").reason) ?? (answer.status === 401 ? "UNAUTHORIZED" : `HTTP_${answer.status}`);
  const details = Array.isArray(json?.details) ? json.details : [];
  const fields = details
    .map((detail: unknown) => (detail && typeof detail === "object" ? (detail as Json).field : undefined))
    .filter((field): field is string => typeof field === "string" && /^[A-Za-z0-9_.[\]]{1,100}$/.test(field));
  return new ThreeDsRejectedError(`${call}: Cybersource refused the request (${answer.status} ${reason}${fields.length ? `: ${fields.join(", ")}` : ""}; ${ids})`, reason);
}

/** The answer's JSON object, or null. */
function parsed(answer: PspAnswer): Json | null {
  try {
    const value: unknown = JSON.parse(answer.text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** The ids support asks for: ours (X-Request-Id) and Cybersource's correlation id. */
function idsOf(answer: PspAnswer): string {
  const correlation = answer.headers.get("v-c-correlation-id");
  const safe = correlation && /^[A-Za-z0-9._-]{1,100}$/.test(correlation) ? correlation : null;
  return `request ${answer.requestId}${safe ? `, correlation id ${safe}` : ""}`;
}
