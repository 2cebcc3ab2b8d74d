/**
 * The Node host's way to its PIX PSP (the API Pix connector's PspTransport): HTTPS with the
 * platform's client certificate (mTLS), which a PSP requires of every API Pix call.
 *
 * The certificate lives in one https.Agent, whose kept-alive connections carry every call: a TLS
 * handshake with a client certificate costs a round trip or two more than the call itself, so a
 * connection is reused while it stays warm. The request is node/http-request.ts's (Node's fetch
 * takes no client certificate without undici's dispatcher). `ca`, when given, is the only CA the
 * PSP's server certificate may chain to (a PSP's private CA, or a simulator's); without it, the
 * system's roots. Plain http is for a simulator on loopback only (config.ts enforces it).
 */
import http from "node:http";
import https from "node:https";
import type { PspTransport } from "../connectors/http/exchange";
import { sendNodeRequest } from "./http-request";

/** How long a kept-alive connection may sit unused before it is closed. */
const IDLE_SOCKET_MS = 30_000;
/** A request that arrives without a signal still ends: the connector always sends one. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** The largest answer read from the PSP. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** The TLS identity: PEM text (worker/node/psp-config.ts reads files). */
export interface PspTls {
  cert?: string;
  key?: string;
  ca?: string;
}

/** A transport with its connections, which `close()` ends (graceful shutdown, tests). */
export interface NodePspTransport {
  transport: PspTransport;
  close(): void;
}

/** Builds the transport over one pair of keep-alive agents. */
export function createNodePspTransport(tls: PspTls = {}): NodePspTransport {
  const agents = {
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, cert: tls.cert, key: tls.key, ca: tls.ca }),
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  const transport: PspTransport = async (url, init) => {
    const target = new URL(url);
    if (target.protocol !== "https:" && target.protocol !== "http:") throw new TypeError(`${target.protocol} is not http(s)`);
    return sendNodeRequest(target, {
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: bodyText(init.body),
      signal: init.signal ?? AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
      agent: agents[target.protocol],
      // API Pix answers are JSON, read whole (a page of GET /pix at most a few hundred KB).
      bufferedUpTo: MAX_ANSWER_BYTES,
    });
  };
  return {
    transport,
    close() {
      agents["https:"].destroy();
      agents["http:"].destroy();
    },
  };
}

/** The connector sends text (JSON, or the token request's form); anything else is a caller's mistake. */
function bodyText(body: RequestInit["body"]): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError("the PSP transport sends string bodies only");
}
