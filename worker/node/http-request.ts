/**
 * One webhook POST made with node:http(s), its answer read as the delivery records it: the status
 * and the first bytes of the body as text (node/webhook-egress.ts, which pins the addresses it
 * checked through `lookup`). The PSP and card vendors have a transport of their own
 * (node/psp-transport.ts).
 *
 * node:http rather than the global fetch: Node's fetch takes no per-request `lookup`. Like fetch
 * with `redirect: "manual"`, a 3xx is answered as it is, never followed. The answer is read from
 * the socket's chunks, with no web Response, Headers or stream around it: at a thousand
 * deliveries a second those cost a tenth of the host's CPU (docs/performance.md, "Issue 33, item 5").
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { WebhookAnswer } from "../platform";

/** Statuses whose answer has no body (fetch's Response has a null body for them). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** UTF-8, a byte order mark dropped, invalid bytes as U+FFFD: what the delivery's excerpt always was. */
const utf8 = new TextDecoder();

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
  /** How much of the answer's body is kept; past it the answer is not read further. */
  excerptBytes: number;
}

/**
 * Sends the request and answers its status and excerpt once the body has ended or the excerpt is
 * full (then the connection is closed rather than drained, as fetch's cancelled body was). The
 * signal ends it at any stage, before the answer or while its body is read, with its reason.
 */
export function sendNodeRequest(target: URL, { method, headers, body, signal, agent, lookup, excerptBytes }: NodeRequest): Promise<WebhookAnswer> {
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<WebhookAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const request = transport.request(target, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent,
      ...(lookup && { lookup }),
    });
    let answer: http.IncomingMessage | undefined;
    const abort = () => (answer ?? request).destroy(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    const settle = (outcome: WebhookAnswer | Error) => {
      signal.removeEventListener("abort", abort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    request.on("error", settle);
    request.on("response", (res) => {
      answer = res;
      const status = res.statusCode ?? 0;
      // What fetch's Response refuses (a status outside 200-599) is the peer's fault: a network error.
      if (status < 200 || status > 599) {
        res.destroy();
        return settle(new RangeError(`the answer's status ${status} is outside 200-599`));
      }
      if (NULL_BODY_STATUSES.has(status)) {
        res.resume();
        return settle({ status, excerpt: null });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      const excerpt = () => utf8.decode(Buffer.concat(chunks, size).subarray(0, excerptBytes));
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size < excerptBytes) return;
        settle({ status, excerpt: excerpt() });
        res.destroy();
      });
      res.on("end", () => settle({ status, excerpt: excerpt() }));
      res.on("error", settle);
    });
    request.end(body);
  });
}
