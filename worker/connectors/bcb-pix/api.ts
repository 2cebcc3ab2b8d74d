/**
 * One authorised API Pix call: the path under the PSP's base URL, the bearer token, JSON in and
 * out, and the one retry a 401 earns. What the answer means (a 404 that is "none", a 400 that is
 * "already there") is the client's to say; the rest becomes the port's errors here.
 */
import { PspRejectedError, PspUnavailableError } from "../../lib/acquirer";
import { InvalidRequestError, MalformedAnswerError } from "./mapping";
import type { AccessTokens } from "./oauth";
import { errorOf } from "./problem";
import { exchange, type ExchangeOptions, type PspAnswer } from "../http/exchange";

/** What every call needs. */
export interface ApiOptions extends ExchangeOptions {
  /** The API Pix base URL, without a trailing slash (`https://pix.example-psp.com.br/v2`). */
  baseUrl: string;
  tokens: AccessTokens;
}

/** An answer to a call, with its JSON body read on demand. */
export interface ApiAnswer extends PspAnswer {
  /** The call as logged and named in errors: `PUT /cob/{txid}`. */
  call: string;
}

/** The segments of a path, each percent-encoded (a DICT key may be an e-mail or a +55 phone). */
export function pathOf(...segments: string[]): string {
  return segments.map((s) => `/${encodeURIComponent(s)}`).join("");
}

/**
 * Sends `method path` with the current token. A 401 means the PSP no longer takes that token
 * (revoked, or expired before we thought): it is forgotten and the call is sent once more with a
 * new one; a second 401 is answered as is (the client's credentials or scopes are wrong).
 */
export async function callApi(
  options: ApiOptions,
  method: "GET" | "PUT" | "PATCH" | "POST",
  path: string,
  body?: unknown,
  query?: URLSearchParams,
): Promise<ApiAnswer> {
  const url = `${options.baseUrl}${path}${query ? `?${query}` : ""}`;
  const send = async (token: string) =>
    exchange(
      {
        method,
        url,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          ...(body !== undefined && { "Content-Type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      options,
    );
  const token = await options.tokens.current();
  let answer = await send(token);
  if (answer.status === 401) {
    options.tokens.refused(token);
    answer = await send(await options.tokens.current());
  }
  return { ...answer, call: `${method} ${path}` };
}

/** The answer's JSON body; an answer that is not JSON breaks the document (MalformedAnswerError). */
export function jsonOf(answer: ApiAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new MalformedAnswerError(`${answer.call}: the PSP's ${answer.status} answer is not JSON`);
  }
}

/** Throws the port's error for an answer of status 400 or more (PspRejectedError, PspUnavailableError). */
export function failOn(answer: ApiAnswer): void {
  if (answer.status >= 400) throw errorOf(answer, answer.call);
  // A 3xx is not an API Pix answer: the redirect is not followed (it could lead anywhere with the token).
  if (answer.status >= 300) throw new PspUnavailableError(`${answer.call}: the PSP answered ${answer.status}, a redirect (request ${answer.requestId})`);
}

/**
 * Runs `work` with the connector's own errors turned into the port's: a request the document
 * would refuse is PspRejectedError 400 before anything is sent (the answer the PSP would give),
 * and an answer off the document is PspUnavailableError (nothing can be concluded from it).
 */
export async function asPortErrors<T>(work: () => Promise<T>, log?: ExchangeOptions["log"], name?: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InvalidRequestError) throw new PspRejectedError(400, "Invalid request (not sent)", err.message);
    if (err instanceof MalformedAnswerError) {
      log?.({ msg: "psp.malformed_answer", level: "error", psp: name, error: err.message });
      throw new PspUnavailableError(`the PSP's answer does not follow the API Pix: ${err.message}`);
    }
    throw err;
  }
}
