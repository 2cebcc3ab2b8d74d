/**
 * One authorised e.Rede call: the path under the API base (`…/v1`), the credentials (HTTP Basic
 * PV:key, or an OAuth2 bearer token when a token URL is configured), e.Rede's headers, JSON in and
 * out, and the one retry a 401 earns a cached token. What an answer means is the caller's to say;
 * here only the answers nobody can read a sale from become errors:
 *
 * - RedeUnavailableError: Rede could not be reached, timed out or answered 5xx/429. `sent: false`
 *   when the request certainly never left (no token, connection refused, name unresolved), so a
 *   sale is known not to exist; otherwise its fate is unknown.
 * - RedeAuthError: Rede refused the credentials (401/403, or the token URL refused them). Nothing
 *   was processed. Logged once as `rede.auth_refused`, naming the settings, never their values.
 */
import { PspRejectedError } from "../../lib/acquirer";
import { basicCredentials, type AccessTokens } from "../bcb-pix/oauth";
import { exchange, type ExchangeOptions, type PspAnswer } from "../http/exchange";

/** Rede's answer could not be had; `sent` says whether the request may have reached it. */
export class RedeUnavailableError extends Error {
  override name = "RedeUnavailableError";
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

/** Rede (or its token URL) refused the PV and key: a configuration to fix, not a sale to retry. */
export class RedeAuthError extends Error {
  override name = "RedeAuthError";
}

/** What every call needs. */
export interface RedeApiOptions extends ExchangeOptions {
  /** The API base with its version, no trailing slash: `https://api.userede.com.br/erede/v1`. */
  apiUrl: string;
  pv: string;
  integrationKey: string;
  /** OAuth2 mode's tokens; null: HTTP Basic. */
  tokens: AccessTokens | null;
}

/** An answer with its JSON body (an object, or {} when there was none or it was not JSON). */
export interface RedeAnswer extends PspAnswer {
  body: Record<string, unknown>;
  /** `returnCode` as text ("" when absent). */
  returnCode: string;
  /** The call as logged and named in errors: `POST /transactions`. */
  call: string;
}

/** Failures of the connection phase: the request never reached Rede. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** Sends `method path` (path under the API base, query already encoded) with `body` as JSON. */
export async function callRede(options: RedeApiOptions, method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<RedeAnswer> {
  const call = `${method} ${path.split("?")[0]}`;
  const send = async (authorization: string): Promise<PspAnswer> => {
    let failure: unknown;
    const transport: ExchangeOptions["transport"] = (request) =>
      options.transport(request).catch((err: unknown) => {
        failure = err;
        throw err;
      });
    return exchange(
      {
        method,
        url: `${options.apiUrl}${path}`,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          "Transaction-Response": "brand-return-opened",
          ...(body !== undefined && { "Content-Type": "application/json; charset=utf8" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      { ...options, transport, unavailable: (message) => new RedeUnavailableError(message, !NOT_SENT.has(systemCode(failure))) },
    );
  };

  let token = await currentToken(options, call);
  let answer = await send(token ? `Bearer ${token}` : `Basic ${basicCredentials(options.pv, options.integrationKey)}`);
  if (answer.status === 401 && token && options.tokens) {
    // A token Rede no longer takes (expired early, revoked): forget it and try once with a new one.
    options.tokens.refused(token);
    token = await currentToken(options, call);
    answer = await send(`Bearer ${token}`);
  }
  if (answer.status === 401 || answer.status === 403) throw authRefused(options, call, `answered ${answer.status}`);
  if (answer.status >= 500 || answer.status === 429) {
    throw new RedeUnavailableError(`${call}: Rede answered ${answer.status} (request ${answer.requestId})`, true);
  }
  const parsed = jsonObjectOf(answer.text) ?? {};
  return { ...answer, body: parsed, returnCode: typeof parsed.returnCode === "string" || typeof parsed.returnCode === "number" ? String(parsed.returnCode) : "", call };
}

/** OAuth2 mode: the current token (null in Basic mode). The token URL's failures are the call's. */
async function currentToken(options: RedeApiOptions, call: string): Promise<string | null> {
  if (!options.tokens) return null;
  try {
    return await options.tokens.current();
  } catch (err) {
    if (err instanceof PspRejectedError) throw authRefused(options, call, "could not get a token: the token URL refused the PV and key");
    // No token, so the call itself was never sent.
    throw new RedeUnavailableError(`${call}: no OAuth2 token (${err instanceof Error ? err.name : "error"})`, false);
  }
}

function authRefused(options: RedeApiOptions, call: string, what: string): RedeAuthError {
  options.log?.({
    msg: "rede.auth_refused",
    level: "error",
    [options.logAs?.field ?? "acquirer"]: options.name,
    call,
    hint: "check REDE_PV, REDE_KEY and REDE_TOKEN_URL (OAuth2 is mandatory at Rede from 2026-01-05)",
  });
  return new RedeAuthError(`${call}: Rede ${what}`);
}

/** The system code of a failed fetch (Node's fetch puts it on `cause`), or "". */
function systemCode(err: unknown): string {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = typeof code === "string" ? code : cause?.code;
  return typeof found === "string" ? found : "";
}

/** The JSON object `text` holds, or null (an HTML error page or an empty body holds none). */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
