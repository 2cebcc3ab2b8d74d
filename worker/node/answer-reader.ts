/**
 * One request through an undici dispatcher, its answer read whole into one Buffer: the Node PSP
 * transport's (psp-transport.ts) request with nothing around it. undici's `request` would wrap
 * the body in a Readable and fetch in a web Response and stream; a dispatch handler gets the
 * status, the raw headers and the chunks, and nothing is built that the connector does not read.
 *
 * Like fetch with `redirect: "manual"`, a 3xx is answered as it is, never followed (the core
 * dispatcher follows nothing).
 */
import type { Dispatcher } from "undici";
import type { AnswerHeaders, TransportAnswer } from "../connectors/http/exchange";

/** What one request is made of: `path` with its query, the headers, the body already serialised. */
export interface DispatchedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request's limits. */
export interface AnswerLimits {
  /** Past this the request ends at whatever stage it is, failing with a TimeoutError (as fetch's AbortSignal.timeout). */
  timeoutMs: number;
  /** A longer answer fails the request instead of being held. */
  maxBytes: number;
}

/** Sends `request` through `dispatcher` and answers its status, headers and whole body as text. */
export function readAnswer(dispatcher: Dispatcher, request: DispatchedRequest, limits: AnswerLimits): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    let abort: ((err: Error) => void) | null = null;
    let settled = false;
    /** Why the request failed before undici handed over its abort (still connecting): onConnect ends it then. */
    let failedEarly: Error | null = null;
    let status = 0;
    let rawHeaders: Buffer[] = [];
    const chunks: Buffer[] = [];
    let size = 0;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (abort) abort(err);
      else failedEarly = err;
      reject(err);
    };
    const timer = setTimeout(() => fail(new DOMException(`no whole answer within ${limits.timeoutMs} ms`, "TimeoutError")), limits.timeoutMs);
    const handler: Dispatcher.DispatchHandlers = {
      onConnect(abortRequest) {
        if (failedEarly) return abortRequest(failedEarly);
        abort = abortRequest;
      },
      onHeaders(statusCode, headers) {
        // 1xx (100 Continue, 103 Early Hints) come before the answer; the last call is the answer's.
        status = statusCode;
        rawHeaders = headers;
        return true;
      },
      onData(chunk) {
        size += chunk.length;
        if (size > limits.maxBytes) {
          fail(new Error(`the answer is over ${limits.maxBytes} bytes`));
          return false;
        }
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // What fetch's text() answers: UTF-8, a byte order mark dropped.
        const text = Buffer.concat(chunks, size).toString("utf8");
        resolve({ status, headers: new RawAnswerHeaders(rawHeaders), text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
      },
      onError(err) {
        // A connection refused or reset, a TLS failure, an answer cut short ("other side closed").
        fail(err);
      },
      onUpgrade() {
        fail(new Error("the server upgraded the connection"));
      },
    };
    try {
      dispatcher.dispatch({ ...request, method: request.method as Dispatcher.HttpMethod }, handler);
    } catch (err) {
      // What undici refuses before sending (a path it will not write): the request fails, nothing sent.
      fail(err as Error);
    }
  });
}

/**
 * The answer's headers as undici hands them (name, value, name, value… as bytes), decoded only
 * for a name asked for: a connector reads one or two (Retry-After, a correlation id). Repeated
 * names are joined with ", ", as web Headers does.
 */
class RawAnswerHeaders implements AnswerHeaders {
  constructor(private readonly raw: Buffer[]) {}

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    let found: string | null = null;
    for (let i = 0; i + 1 < this.raw.length; i += 2) {
      if (this.raw[i]!.toString("latin1").toLowerCase() !== wanted) continue;
      const value = this.raw[i + 1]!.toString("latin1").trim();
      found = found === null ? value : `${found}, ${value}`;
    }
    return found;
  }
}
