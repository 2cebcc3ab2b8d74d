/**
 * Cybersource Payer Authentication and Cardinal's pages on 127.0.0.1, for the connector's tests
 * and for running live 3-D Secure on one machine: two listeners, so two origins, as the real
 * hosts are (apitest.cybersource.com and centinelapistag.cardinalcommerce.com). The API checks
 * every request's HTTP Signature (401 otherwise) and its fields (400), and answers by the card
 * table (cards.ts); the pages play device data collection and the step-up challenge (pages.ts).
 * Under `/__sim/` on the API origin, without a signature: faults and records (control.ts).
 *
 * Node-only; imported by tests and worker/cli only (test/architecture.test.ts). README.md.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "../signing";
import { API_PATHS, operate, type ApiResult, type SimState } from "./api";
import { controlRoute, createControls, masked, type Controls, type CybersourceSimulatorControl, type SimRequest } from "./control";
import { page } from "./pages";

export type { CybersourceSimulatorControl, FailRule, SimRequest } from "./control";
export { CHALLENGE_CODE } from "./pages";

export interface CybersourceSimulatorOptions {
  merchantId: string;
  keyId: string;
  /** The shared secret, base64, that requests must be signed with. */
  secretKey: string;
  /** Where both listeners bind: loopback only. */
  host?: "127.0.0.1" | "localhost";
  /** 0 (default): any free port. */
  apiPort?: number;
  pagesPort?: number;
}

export interface CybersourceSimulator {
  /** The REST base URL (CYBERSOURCE_HOST): `http://127.0.0.1:PORT`. */
  apiUrl: string;
  /** Cardinal's stand-in (CYBERSOURCE_PAGES_ORIGIN): `http://127.0.0.1:PORT2`. */
  pagesOrigin: string;
  /** `{apiUrl}/__sim` */
  controlUrl: string;
  control: CybersourceSimulatorControl;
  close(): Promise<void>;
}

const MAX_BODY = 1 << 20;

/** Starts both listeners. */
export async function startCybersourceSimulator(options: CybersourceSimulatorOptions): Promise<CybersourceSimulator> {
  const host = options.host ?? "127.0.0.1";
  const state: SimState = { setups: new Map(), challenges: new Map(), jwtKey: randomBytes(32), pagesOrigin: "" };
  const controls = createControls(state);
  const timers = new Set<NodeJS.Timeout>();

  const api = createServer((req, res) =>
    handle(res, async () => {
      const raw = await readBody(req);
      const path = (req.url ?? "/").split("?")[0]!;
      if (path.startsWith("/__sim/")) return controlRoute(controls.control, req.method ?? "GET", path, raw.length ? parseJson(raw) : {}, res);
      const entry: SimRequest = { side: "api", method: req.method ?? "", path, status: 0, at: new Date().toISOString() };
      controls.log.push(entry);
      const result = await answerApi(req, raw, path, entry, state, controls, options);
      const send = () => {
        entry.status = result.status;
        res.writeHead(result.status, { "Content-Type": "application/hal+json;charset=utf-8", "v-c-correlation-id": randomUUID() });
        res.end(JSON.stringify(result.body));
      };
      const delay = controls.nextDelay();
      if (delay === undefined) return send();
      const timer = setTimeout(() => (timers.delete(timer), send()), delay);
      timers.add(timer);
    }),
  );

  const pages = createServer((req, res) =>
    handle(res, async () => {
      const raw = await readBody(req);
      const path = (req.url ?? "/").split("?")[0]!;
      const found = req.method === "POST" ? page(state, path, new URLSearchParams(raw.toString("utf8"))) : null;
      controls.log.push({ side: "pages", method: req.method ?? "", path, status: found?.status ?? 404, at: new Date().toISOString() });
      if (!found) return void res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      res.writeHead(found.status, {
        "Content-Type": "text/html;charset=utf-8",
        "Content-Security-Policy": found.csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
      });
      res.end(found.html);
    }),
  );

  const apiUrl = await listen(api, host, options.apiPort ?? 0);
  state.pagesOrigin = await listen(pages, host, options.pagesPort ?? 0);
  return {
    apiUrl,
    pagesOrigin: state.pagesOrigin,
    controlUrl: `${apiUrl}/__sim`,
    control: controls.control,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([api, pages].map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))));
    },
  };
}

/**
 * An API call, in Cybersource's order: a fault asked for "before anything", the signature (401),
 * the body (400), the operation, and a fault asked for "after the work" (its answer lost).
 */
async function answerApi(req: IncomingMessage, raw: Buffer, path: string, entry: SimRequest, state: SimState, controls: Controls, credentials: CybersourceSimulatorOptions): Promise<ApiResult> {
  if (req.method !== "POST" || !API_PATHS.includes(path)) return { status: 404, body: { message: "Resource not found" } };
  const early = controls.faultFor(path, false);
  if (early) return early;
  const problem = await verifySignature({ method: "POST", target: req.url ?? "/", headers: req.headers as Record<string, string | undefined>, body: new Uint8Array(raw) }, credentials, new Date());
  if (problem) {
    entry.signatureProblem = problem;
    // The 401's body is not documented: this is the shape commonly seen from Cybersource.
    return { status: 401, body: { response: { rmsg: "Authentication Failed" } } };
  }
  const body = /^application\/json\b/.test(req.headers["content-type"] ?? "") ? parseJson(raw) : undefined;
  if (body === undefined) return { status: 400, body: { status: "INVALID_REQUEST", reason: "INVALID_DATA", message: "The body must be JSON, sent as application/json", details: [] } };
  entry.body = masked(body);
  const result = operate(state, path, body);
  return controls.faultFor(path, true) ?? result;
}

/** Runs a handler; a request that could not be read is answered its status, any other error (a bug of the simulator) is a 500 and is thrown. */
function handle(res: ServerResponse, work: () => Promise<void>): void {
  work().catch((err: unknown) => {
    const unreadable = err instanceof UnreadableRequest;
    if (!res.headersSent) res.writeHead(unreadable ? err.status : 500, { "Content-Type": "text/plain" }).end(unreadable ? err.message : "Simulator error");
    if (!unreadable) throw err;
  });
}

/** A body too large, or a client gone while sending it: the client's problem, not the simulator's. */
class UnreadableRequest extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      if ((size += chunk.length) > MAX_BODY) throw new UnreadableRequest(413, "Request body too large");
      chunks.push(chunk);
    }
  } catch (err) {
    throw err instanceof UnreadableRequest ? err : new UnreadableRequest(400, "The request body could not be read");
  }
  return Buffer.concat(chunks);
}

/** The JSON of a body, or undefined when it is not JSON. */
function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });
}
