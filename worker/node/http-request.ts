/**
 * One HTTP request made with node:http(s) and answered as a web Response: what the Node host's
 * egresses (webhook POSTs, node/webhook-egress.ts; the PIX PSP, node/psp-transport.ts) share.
 *
 * node:http rather than the global fetch: Node's fetch (undici) takes no per-request `lookup`
 * and no client certificate without a `dispatcher` from the undici package, a dependency the two
 * need no more than these ~80 lines. Like fetch with `redirect: "manual"`, a 3xx is returned as
 * is, never followed.
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
  /**
   * Read the whole answer before resolving, at most this many bytes (more fails the request): a
   * Response over a Buffer, not a web stream over the socket, which costs a small JSON answer
   * several times its parse (the PSP's answers). Unset: the body is streamed on demand (webhooks,
   * which read only an excerpt).
   */
  bufferedUpTo?: number;
}

/**
 * Sends the request. The signal ends it at any stage: before the answer (the request is
 * destroyed) or while its body is read (the answer is destroyed), with the signal's reason.
 */
export function sendNodeRequest(target: URL, { method, headers, body, signal, agent, lookup, bufferedUpTo }: NodeRequest): Promise<Response> {
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
        if (bufferedUpTo === undefined) resolve(toResponse(answer));
        else readWhole(answer, bufferedUpTo).then((bytes) => resolve(toResponse(answer, bytes)), reject);
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

/** The whole body of `answer`, failing past `limit` bytes. */
function readWhole(answer: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) answer.destroy(new Error(`the answer is over ${limit} bytes`));
      else chunks.push(chunk);
    });
    answer.on("end", () => resolve(Buffer.concat(chunks, size)));
    answer.on("error", reject);
    answer.on("close", () => {
      if (!answer.complete) reject(new Error("the answer ended early"));
    });
  });
}

/** The answer as a web Response: its status and headers, and its body (`bytes` read already, else a stream read on demand). */
function toResponse(answer: http.IncomingMessage, bytes?: Buffer): Response {
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
  if (bytes) return new Response(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) as Uint8Array<ArrayBuffer>, { status, headers });
  return new Response(Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>, { status, headers });
}
