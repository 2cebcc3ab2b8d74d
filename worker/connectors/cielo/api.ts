/**
 * One call to Cielo's API E-commerce 3.0: the transaction host (POST, PUT) or the query host (GET),
 * the merchant's headers, JSON in and out, through the shared exchange (timeout, request id, one
 * log line). What an answer means is the caller's to say; here an answer is only classified:
 * Cielo's `[{Code, Message}]` validation array is read, and the codes that say the merchant's
 * credentials or network are wrong are told apart from those that say the request was.
 */
import { exchange, type ConnectorLog, type ConnectorTransport, type PspAnswer } from "../http/exchange";

/** Cielo could not be reached, timed out, or answered 5xx: nothing is known of what it did. */
export class CieloUnavailableError extends Error {
  override name = "CieloUnavailableError";
}

/** Cielo refused a call (4xx other than "not found"): its status and error codes, never a card value. */
export class CieloRejectedError extends Error {
  override name = "CieloRejectedError";
  constructor(
    readonly status: number,
    readonly codes: readonly number[],
  ) {
    super(`Cielo refused the call (HTTP ${status}${codes.length ? `, codes ${codes.join(", ")}` : ""})`);
  }
}

/** Where a call goes: transactions (POST, PUT) or queries (GET). */
export type CieloHost = "api" | "query";

/** What every call needs. */
export interface CieloApiOptions {
  apiUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
  transport: ConnectorTransport;
  timeoutMs: number;
  log?: ConnectorLog;
  name: string;
}

/** An answer, its body read; `json` is undefined when the body is empty or not JSON. */
export interface CieloAnswer extends PspAnswer {
  json: unknown;
}

/**
 * API error codes that name the merchant's credentials, account or network rather than the
 * request: MerchantId/MerchantKey missing, malformed, unknown or blocked, and IP restrictions
 * (101, 114, 115, 116, 120, 131, 132, 172, 216, 300, 301, 306). Answered with any status, they are
 * a configuration error: nothing was authorized, and nothing a buyer did caused it.
 */
const CREDENTIAL_CODES = new Set([101, 114, 115, 116, 120, 131, 132, 172, 216, 300, 301, 306]);

/** Sends one call and reads its answer. Network failure or timeout: CieloUnavailableError. */
export async function callCielo(
  options: CieloApiOptions,
  method: "GET" | "POST" | "PUT",
  host: CieloHost,
  path: string,
  extra: { query?: Record<string, string>; body?: unknown } = {},
): Promise<CieloAnswer> {
  const base = host === "api" ? options.apiUrl : options.queryUrl;
  const query = extra.query ? `?${new URLSearchParams(extra.query)}` : "";
  const answer = await exchange(
    {
      method,
      url: `${base}${path}${query}`,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        MerchantId: options.merchantId,
        MerchantKey: options.merchantKey,
        // Cielo's own request identifier (a GUID); the exchange's X-Request-Id is the same idea
        // for our logs, and both are fresh per call.
        RequestId: crypto.randomUUID(),
      },
      ...(extra.body !== undefined && { body: JSON.stringify(extra.body) }),
    },
    {
      transport: options.transport,
      timeoutMs: options.timeoutMs,
      log: options.log,
      name: options.name,
      logAs: { msg: "acquirer.request", field: "acquirer" },
      unavailable: (message) => new CieloUnavailableError(message),
    },
  );
  return { ...answer, json: parseJson(answer.text) };
}

/** The codes of Cielo's `[{Code, Message}]` error array (numbers; other shapes give none). */
export function errorCodesOf(answer: CieloAnswer): number[] {
  if (!Array.isArray(answer.json)) return [];
  return answer.json.map((e: { Code?: unknown }) => Number(e?.Code)).filter((code) => Number.isInteger(code));
}

/**
 * Whether the answer says the merchant's configuration is wrong (credentials, IP, blocked
 * account): 401 and 403 always, or a credential code in any 4xx.
 */
export function isConfigurationProblem(answer: CieloAnswer): boolean {
  if (answer.status === 401 || answer.status === 403) return true;
  return answer.status >= 400 && answer.status < 500 && errorCodesOf(answer).some((code) => CREDENTIAL_CODES.has(code));
}

/** Whether nothing can be concluded from the answer: a 5xx, or a redirect (not followed). */
export function isInconclusive(answer: CieloAnswer): boolean {
  return answer.status >= 500 || (answer.status >= 300 && answer.status < 400);
}

/** Logs a configuration problem once per call: the status and codes, never a header or a body. */
export function logConfigurationProblem(options: CieloApiOptions, answer: CieloAnswer, call: string): void {
  options.log?.({
    msg: "acquirer.configuration_error",
    level: "error",
    acquirer: options.name,
    call,
    status: answer.status,
    codes: errorCodesOf(answer),
    requestId: answer.requestId,
  });
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
