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
 * The request itself is node/http-request.ts's (node:http rather than fetch, which takes no
 * per-request lookup): like fetch with `redirect: "manual"`, a 3xx is returned as is, never followed.
 */
import { createHmac } from "node:crypto";
import { isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { sendNodeRequest } from "./http-request";
import { refusedDestination, WebhookRefusedError } from "../domain/webhooks/url";
import type { WebhookAnswer, WebhookPost } from "../platform";
import type { HmacSha256 } from "../../shared/webhooks";

/**
 * The Node host's HMAC-SHA256 for webhook signatures (Platform.webhookHmac): node:crypto, on the
 * calling thread. WebCrypto's sign hops to the thread pool and back (a key import and a transfer
 * each way), which cost more than the HMAC itself at a thousand deliveries a second.
 */
export const nodeWebhookHmac: HmacSha256 = (key, data) => createHmac("sha256", key).update(data).digest();

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
export function createWebhookEgress(options: WebhookEgressOptions = {}): (post: WebhookPost) => Promise<WebhookAnswer> {
  const resolve = options.lookup ?? systemLookup;
  const agents = {
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return async ({ url, body, headers, signal, livemode, excerptBytes }) => {
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
    const agent = target.protocol === "https:" ? agents["https:"] : agents["http:"];
    return sendNodeRequest(target, { method: "POST", body, headers, signal, agent, lookup: pinnedLookup(addresses), excerptBytes });
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
