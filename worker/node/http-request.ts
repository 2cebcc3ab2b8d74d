/**
 * One HTTP request made with node:http(s) and answered as a web Response, its body streamed on
 * demand: the Node host's webhook egress (node/webhook-egress.ts), which reads an excerpt of the
 * answer and pins the addresses it checked (`lookup`). The PSP and card vendors have a leaner
 * transport of their own (node/psp-transport.ts).
 *
 * node:http rather than the global fetch: Node's fetch takes no per-request `lookup`. Like fetch
 * with `redirect: "manual"`, a 3xx is returned as is, never followed.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** What one request is made of. */
export interface NodeRequest {
  method: string;
  headers: Record<string, string>;
  /** The body, already serialised; none for GET. */
  body?: string;
  /** Ends the request at any stage, with its reason (a TimeoutError from AbortSignal.timeout), as fetch does. */
  signal: AbortSignal;
  /** The agent that holds the kept-alive connections (and, for https, the TLS options). */
  agent: http.Agent;
  /** Where the connection may go (webhooks pin the addresses they checked); default: DNS. */
  lookup?: LookupFunction;
}

/**
 * Sends the request. The signal ends it at any stage: before the answer (the request is
 * destroyed) or while its body is read (the answer is destroyed), with the signal's reason.
 */
export function sendNodeRequest(target: URL, { method, headers, body, signal, agent, lookup }: NodeRequest): Promise<Response> {
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const request = transport.request(target, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent,
      ...(lookup && { lookup }),
    });
    const abortRequest = () => request.destroy(signal.reason);
    signal.addEventListener("abort", abortRequest, { once: true });
    request.on("error", (err) => {
      signal.removeEventListener("abort", abortRequest);
      reject(err);
    });
    request.on("response", (answer) => {
      signal.removeEventListener("abort", abortRequest);
      const abortAnswer = () => answer.destroy(signal.reason);
      signal.addEventListener("abort", abortAnswer, { once: true });
      answer.on("close", () => signal.removeEventListener("abort", abortAnswer));
      try {
        resolve(toResponse(answer));
      } catch (err) {
        // What the Response class refuses (a status outside 200-599) is the peer's fault: the
        // request fails as a network error rather than the listener throwing.
        answer.destroy();
        reject(err);
      }
    });
    request.end(body);
  });
}

/** The answer as a web Response: its status and headers, and its body as a stream read on demand. */
function toResponse(answer: http.IncomingMessage): Response {
  const status = answer.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    try {
      headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
    } catch {
      // A header the Headers class refuses is left out: callers read status, body and a few known headers.
    }
  }
  if (NULL_BODY_STATUSES.has(status)) {
    const response = new Response(null, { status, headers });
    answer.resume();
    return response;
  }
  return new Response(Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>, { status, headers });
}
