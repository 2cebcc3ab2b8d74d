/**
 * The Node host's egress for webhook POSTs (Platform.webhookFetch): where a POST may connect is
 * decided on the addresses it would really reach, not on the URL's spelling.
 *
 * The URL's host is resolved once, every address it resolves to is checked with the rules of
 * registration (refusedDestination: public unicast only; loopback only for a test webhook whose
 * URL names loopback), and the connection is made by node:http(s) with a `lookup` that hands out
 * exactly the checked addresses. A name that resolves to a private or loopback address
 * (`localtest.me`, a container's `vm`) is refused before any socket is opened, and a name whose
 * DNS answer changes between the check and the connection (DNS rebinding) cannot reach the second
 * answer: the connection never asks DNS again. TLS still verifies the certificate against the
 * name (Node sets the SNI from the host, not from the address).
 *
 * node:http rather than the global fetch: Node's fetch (undici) takes no per-request lookup
 * without a `dispatcher` from the undici package, a dependency this needs no more than the
 * ~100 lines below. Like fetch with `redirect: "manual"`, a 3xx is returned as is, never followed.
 */
import { isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { refusedDestination, WebhookRefusedError } from "../domain/webhooks/url";
import type { WebhookPost } from "../platform";

/** One address a name resolves to, as dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (dns.lookup with `all`); tests pass their own. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Options of the egress. */
export interface WebhookEgressOptions {
  /** The resolver; default the system's (getaddrinfo: /etc/hosts, then DNS), as fetch uses. */
  lookup?: Resolve;
}

/** How long a kept-alive connection may sit unused before it is closed. */
const IDLE_SOCKET_MS = 5_000;
/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const systemLookup: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/**
 * A `lookup` for net.connect that answers only `addresses`, the ones already checked, so the
 * connection goes where the check looked and nowhere else.
 */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => family === 0 || a.family === family);
    if (usable.length === 0) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), "", 0);
    if (options.all) return callback(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  };
}

/** Builds the egress: one pair of keep-alive agents, so a busy receiver sees few connections. */
export function createWebhookEgress(options: WebhookEgressOptions = {}): (post: WebhookPost) => Promise<Response> {
  const resolve = options.lookup ?? systemLookup;
  const agents = {
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return async ({ url, body, headers, signal, livemode }) => {
    signal.throwIfAborted();
    const target = new URL(url);
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new WebhookRefusedError(`${target.protocol} is not http(s)`);
    const host = target.hostname.replace(/^\[|\]$/g, "");
    // An IP literal is connected to as written (net.connect does not look it up): check it as is.
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await untilAborted(resolve(host), signal);
    if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: "ENOTFOUND" });
    for (const { address } of addresses) {
      const refused = refusedDestination(host, address, livemode);
      if (refused) throw new WebhookRefusedError(refused);
    }
    return post(target, body, headers, signal, target.protocol === "https:" ? agents["https:"] : agents["http:"], pinnedLookup(addresses));
  };
}

/** `promise`, or the signal's reason once it aborts (a lookup cannot be cancelled, only left behind). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * The POST itself. The signal ends it at any stage: before the answer (the request is destroyed)
 * or while its body is read (the answer is destroyed), with the signal's reason (TimeoutError),
 * as fetch does.
 */
function post(target: URL, body: string, headers: Record<string, string>, signal: AbortSignal, agent: http.Agent, lookup: LookupFunction): Promise<Response> {
  const transport = target.protocol === "https:" ? https : http;
  return new Promise<Response>((resolve, reject) => {
    const request = transport.request(target, {
      method: "POST",
      headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
      agent,
      lookup,
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
        // What the Response class refuses (a status outside 200-599) is the receiver's fault: the
        // attempt fails as a network error rather than the listener throwing.
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
      // A header the Headers class refuses is left out: the domain reads only status and body.
    }
  }
  if (NULL_BODY_STATUSES.has(status)) {
    const response = new Response(null, { status, headers });
    answer.resume();
    return response;
  }
  return new Response(Readable.toWeb(answer) as unknown as ReadableStream<Uint8Array>, { status, headers });
}
