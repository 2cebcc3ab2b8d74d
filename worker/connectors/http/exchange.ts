/**
 * How a connector reaches its vendor (a PIX PSP, a 3DS server, a card acquirer): one HTTP
 * exchange at a time, through a transport the host hands in. A connector never calls the global
 * fetch itself, because reaching a PSP takes the platform's client certificate (mTLS), and each
 * host holds it its own way: Node in an undici Pool's TLS options (worker/node/psp-transport.ts),
 * the Worker in an `mtls_certificates` binding (worker/cloudflare/psp-transport.ts, through
 * fetch-transport.ts). Tests hand in plain fetch (fetchTransport) against a simulator.
 *
 * Every exchange here has a timeout, a request id sent as X-Request-Id, and one log line with
 * method, host, path, status and duration: never the headers (tokens, keys, signatures), never a
 * body (payer documents, card numbers), never the query.
 */
import { PspUnavailableError } from "../../lib/acquirer";
import type { LogLine } from "../../platform";

/**
 * One request as a transport sends it: the exchange's, with its request id among the headers.
 * The URL is parsed once, by the exchange, which logs its host and path.
 */
export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The body, already serialised (JSON, or the token request's form); none for GET. */
  body?: string;
  /**
   * The whole exchange's budget: past it the transport ends the request at whatever stage it is
   * (connecting, waiting for the answer, reading its body) and fails with an error named
   * `TimeoutError` (what fetch fails with under AbortSignal.timeout).
   */
  timeoutMs: number;
}

/** An answer's headers, looked up by name (case-insensitive); web Headers is one. */
export interface AnswerHeaders {
  get(name: string): string | null;
}

/** An answer read whole. A 3xx is answered as it is, never followed. */
export interface TransportAnswer {
  status: number;
  headers: AnswerHeaders;
  /** The body as text ("" when there was none). */
  text: string;
}

/**
 * Sends one request and answers it read whole, with the host's TLS identity: the Node host's
 * undici pool (worker/node/psp-transport.ts), or any fetch (fetch-transport.ts: the Worker's mTLS
 * binding, tests). Not fetch's own shape: a connector needs the status, a header or two and the
 * text, and on Node the web Headers, Response and stream built around each answer were a good part
 * of a call's CPU (docs/performance.md, "Live PIX through a PSP").
 */
export type PspTransport = (request: TransportRequest) => Promise<TransportAnswer>;
/** The same, for any connector. */
export type ConnectorTransport = PspTransport;

/** Where an exchange's log line goes (Platform.log); absent: nowhere. */
export type PspLog = (line: LogLine) => void;
/** The same, for any connector. */
export type ConnectorLog = PspLog;

/** A response whose body has been read, within the exchange's timeout. */
export interface PspAnswer extends TransportAnswer {
  requestId: string;
}

/** One request, as the client builds it. */
export interface PspRequest {
  method: "GET" | "PUT" | "PATCH" | "POST" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What every exchange needs from the connector's settings. */
export interface ExchangeOptions {
  transport: PspTransport;
  timeoutMs: number;
  log?: PspLog;
  /** The connector's name in the log lines (`psp`). */
  name: string;
  /** The log line's `msg` and the field naming the connector; default `psp.request` and `psp`. */
  logAs?: { msg: string; field: string };
  /** The error a network failure or timeout becomes; default PspUnavailableError. */
  unavailable?: (message: string) => Error;
}

/**
 * Sends `request` and reads its whole answer before the timeout. A network failure or the
 * timeout is PspUnavailableError: nothing can be concluded about what the PSP did (the caller's
 * retry re-sends the same txid or devolução id, which is what makes that safe). Any HTTP status
 * is returned: what a 4xx or 5xx means is the caller's to say.
 */
export async function exchange(request: PspRequest, options: ExchangeOptions): Promise<PspAnswer> {
  const requestId = crypto.randomUUID();
  const target = new URL(request.url);
  const started = Date.now();
  const record = (status: number | null, extra: Partial<LogLine> = {}) =>
    options.log?.({
      msg: options.logAs?.msg ?? "psp.request",
      level: status === null || status >= 500 ? "warn" : "info",
      [options.logAs?.field ?? "psp"]: options.name,
      requestId,
      method: request.method,
      host: target.host,
      path: target.pathname,
      status,
      durationMs: Date.now() - started,
      ...extra,
    });
  try {
    // The transport reads the body under the same budget: a PSP that sends headers and then stalls is a timeout too.
    const answer = await options.transport({
      method: request.method,
      url: target,
      headers: { ...request.headers, "X-Request-Id": requestId },
      body: request.body,
      timeoutMs: options.timeoutMs,
    });
    record(answer.status);
    return { status: answer.status, headers: answer.headers, text: answer.text, requestId };
  } catch (err) {
    const timedOut = (err as { name?: unknown } | null)?.name === "TimeoutError";
    // The error's name and system code (ECONNREFUSED, CERT_HAS_EXPIRED), not its message: what an
    // operator acts on, and nothing a transport might have quoted from the request.
    record(null, timedOut ? { error: "timeout" } : { error: err instanceof Error ? err.name : "error", errorCode: systemCode(err) });
    const message = timedOut
      ? `${request.method} ${target.host}${target.pathname} timed out after ${options.timeoutMs} ms (request ${requestId})`
      : `${request.method} ${target.host}${target.pathname} failed: ${options.logAs ? "the vendor" : "the PSP"} could not be reached (request ${requestId})`;
    throw options.unavailable ? options.unavailable(message) : new PspUnavailableError(message);
  }
}

/** The system or TLS error code of a failed request (fetch puts it on `cause`), if any. */
function systemCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
