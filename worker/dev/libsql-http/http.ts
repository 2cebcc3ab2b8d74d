/**
 * The `node:http` request handler: routing, request guards, body reading and JSON responses.
 *
 * Routes (what `@libsql/client` 0.18 on an `http:` URL actually uses is `POST /v2/pipeline`):
 * - `GET /` and `GET /v2`: 200, the Hrana-over-HTTP v2 version check;
 * - `POST /v2/pipeline`: run a pipeline;
 * - everything else, including `/v3` and `/v3-protobuf`: 404, so any client probing for
 *   Hrana 3 falls back to v2 (the only encoding this server speaks is v2 JSON).
 *
 * The database has no authentication, so a web page must not be able to reach it: requests
 * carrying an `Origin` header (browsers send one on cross-site requests; workerd and Node's
 * fetch do not) are refused, POST bodies must be `application/json` (which forces a CORS
 * preflight we never grant), and the Host header must name a loopback address, which defeats
 * DNS rebinding.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { decodePipelineBody } from "./decode";
import { ProtocolError } from "./errors";
import { runPipeline } from "./pipeline";
import type { StreamRegistry } from "./streams";
import { stringifyJson } from "./values";

const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** True for host names that only ever mean this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The host part of a Host header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`). */
function hostOfHeader(header: string): string {
  const bracketed = /^\[([^\]]+)\](:\d+)?$/.exec(header);
  if (bracketed) return bracketed[1]!;
  return header.replace(/:\d+$/, "");
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  // Exactly "application/json", no charset: the client only parses error bodies whose
  // content-type equals that string, and would otherwise report a bare "HTTP status 400".
  res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, message: string, code: string): void {
  send(res, status, "application/json", stringifyJson({ message, code }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit we stop buffering but keep reading, so the 413 can still be delivered.
      if (size > MAX_BODY_BYTES) reject(new ProtocolError("The request body is too large", "BODY_TOO_LARGE", 413));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function handlePipeline(req: IncomingMessage, res: ServerResponse, streams: StreamRegistry) {
  const contentType = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "application/json") {
    return sendError(res, 415, "The request body must be application/json", "UNSUPPORTED_CONTENT_TYPE");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(req));
  } catch (e) {
    if (e instanceof ProtocolError) throw e;
    throw new ProtocolError("The request body is not valid JSON", "MALFORMED_JSON");
  }
  const response = await runPipeline(decodePipelineBody(parsed), streams);
  send(res, 200, "application/json", stringifyJson(response));
}

async function route(req: IncomingMessage, res: ServerResponse, streams: StreamRegistry) {
  if (req.headers.origin !== undefined) {
    return sendError(res, 403, "Requests from web pages are not accepted", "FORBIDDEN_ORIGIN");
  }
  if (!isLoopbackHost(hostOfHeader(req.headers.host ?? ""))) {
    return sendError(res, 403, "The Host header must name a loopback address", "FORBIDDEN_HOST");
  }
  const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
  if (path === "/" || path === "/v2") {
    if (req.method !== "GET" && req.method !== "HEAD") return sendError(res, 405, "Use GET", "METHOD_NOT_ALLOWED");
    return send(res, 200, "text/plain", "libSQL dev server: Hrana over HTTP v2 (JSON)\n");
  }
  if (path === "/v2/pipeline") {
    if (req.method !== "POST") return sendError(res, 405, "Use POST", "METHOD_NOT_ALLOWED");
    return handlePipeline(req, res, streams);
  }
  return sendError(res, 404, `No route for ${req.method} ${path}`, "NOT_FOUND");
}

/** The server's request listener. */
export function createRequestListener(streams: StreamRegistry): RequestListener {
  return (req, res) => {
    route(req, res, streams).catch((e: unknown) => {
      if (res.headersSent) return res.destroy();
      if (e instanceof ProtocolError) return sendError(res, e.status, e.message, e.code);
      // Not the client's fault: show it in the dev server's terminal too.
      console.error("libsql-http-server: internal error", e);
      sendError(res, 500, e instanceof Error ? e.message : String(e), "INTERNAL_ERROR");
    });
  };
}
