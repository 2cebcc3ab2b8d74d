/**
 * The Node host's way to its PIX PSP and card vendors (the connectors' PspTransport): HTTPS with
 * the platform's client certificate (mTLS), which a PSP requires of every API Pix call.
 *
 * One undici Pool per origin holds the certificate and the kept-alive connections that carry
 * every call: a TLS handshake with a client certificate costs a round trip or two more than the
 * call itself, so a connection is reused while it stays warm. undici rather than node:http, and
 * its `dispatch` rather than `request` or fetch: a live PIX create's own CPU was mostly the HTTP
 * client's (a ClientRequest, its agent, a web Response and stream around each answer;
 * docs/performance.md, "Live PIX through a PSP"), and a dispatch handler reads the answer into
 * one Buffer with nothing in between (answer-reader.ts). `ca`, when given, is the only CA the
 * PSP's server certificate may chain to (a PSP's private CA, or a simulator's); without it, the
 * system's roots. Plain http is for a simulator on loopback only (config.ts enforces it).
 */
import { Pool } from "undici";
import type { PspTransport } from "../connectors/http/exchange";
import { readAnswer } from "./answer-reader";

/** How long a kept-alive connection may sit unused before it is closed (less when the server says so). */
const IDLE_SOCKET_MS = 30_000;
/** The largest answer read from the PSP: API Pix answers are JSON, a page of GET /pix at most a few hundred KB. */
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

/** Builds the transport: a pool per origin it is asked for (the API's, the token URL's), made on first use. */
export function createNodePspTransport(tls: PspTls = {}, maxAnswerBytes = MAX_ANSWER_BYTES): NodePspTransport {
  const pools = new Map<string, Pool>();
  const poolFor = (target: URL): Pool => {
    let pool = pools.get(target.origin);
    if (!pool) {
      if (target.protocol !== "https:" && target.protocol !== "http:") throw new TypeError(`${target.protocol} is not http(s)`);
      pool = new Pool(target.origin, {
        connect: { cert: tls.cert, key: tls.key, ca: tls.ca },
        keepAliveTimeout: IDLE_SOCKET_MS,
        keepAliveMaxTimeout: IDLE_SOCKET_MS,
      });
      pools.set(target.origin, pool);
    }
    return pool;
  };
  const transport: PspTransport = async (request) => {
    const pool = poolFor(request.url);
    return readAnswer(
      pool,
      { path: request.url.pathname + request.url.search, method: request.method, headers: request.headers, body: request.body },
      { timeoutMs: request.timeoutMs, maxBytes: maxAnswerBytes },
    );
  };
  return {
    transport,
    close() {
      for (const pool of pools.values()) void pool.destroy();
      pools.clear();
    },
  };
}
