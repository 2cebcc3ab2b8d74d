/**
 * Cybersource Payer Authentication and Cardinal's pages on 127.0.0.1, for the connector's tests
 * and for running live 3-D Secure on one machine: two listeners, so two origins, as the real
 * hosts are (apitest.cybersource.com and centinelapistag.cardinalcommerce.com). The API checks
 * every request's HTTP Signature (401 otherwise) and its fields (400), and answers by the card
 * table (cards.ts); the pages play device data collection and the step-up challenge. Under
 * `/__sim/` on the API origin (no signature): fault injection and what it received. README.md.
 *
 * Node-only; imported by tests and worker/cli only (test/architecture.test.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "../signing";
import { API_PATHS, operate, type ApiResult, type SimState } from "./api";
import { maskPan } from "./fields";
import { page } from "./pages";

export { CHALLENGE_CODE } from "./pages";

export interface CybersourceSimulatorOptions {
  merchantId: string;
  keyId: string;
  /** The shared secret, base64, that requests must be signed with. */
  secretKey: string;
  /** Where both listeners bind; loopback only. */
  host?: "127.0.0.1" | "localhost";
  /** 0 (default): any free port. */
  apiPort?: number;
  pagesPort?: number;
}

/** One request the simulator received (API or pages). The PAN is masked; no signature, digest or JWT is kept. */
export interface SimRequest {
  side: "api" | "pages";
  method: string;
  path: string;
  status: number;
  /** API only: the body with `paymentInformation.card.number` masked (first 6, last 4). */
  body?: unknown;
  /** API only: why the signature was refused, when it was. */
  signatureProblem?: string;
  at: string;
}

/** A fault for the next API calls: 502 with `reason`, before the work or after it (the answer lost). */
export interface FailRule {
  count?: number;
  status?: number;
  reason?: "SYSTEM_ERROR" | "SYSTEM_TIMEOUT";
  /** Only calls to this API path; default any. */
  path?: string;
  afterProcessing?: boolean;
}

export interface CybersourceSimulatorControl {
  failNext(rule?: FailRule): void;
  /** The next `count` API calls are done, then answered only after `ms` (a client's timeout). */
  delayNext(ms: number, count?: number): void;
  requests(): SimRequest[];
  /** The challenges enrolled: id, masked card, scenario and result (PENDING, Y, N). */
  challenges(): Array<{ id: string; card: string; scenario: string; result: string }>;
  /** Forgets setups, challenges, faults and the request log. */
  reset(): void;
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
  const log: SimRequest[] = [];
  let failRules: Array<Required<Omit<FailRule, "path">> & { path?: string }> = [];
  let delays: number[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const control: CybersourceSimulatorControl = {
    failNext: (rule = {}) => failRules.push({ count: rule.count ?? 1, status: rule.status ?? 502, reason: rule.reason ?? "SYSTEM_ERROR", path: rule.path, afterProcessing: rule.afterProcessing ?? false }),
    delayNext: (ms, count = 1) => delays.push(...Array<number>(count).fill(ms)),
    requests: () => structuredClone(log),
    challenges: () => [...state.challenges.values()].map((c) => ({ id: c.id, card: maskPan(c.number), scenario: c.scenario, result: c.result })),
    reset: () => {
      state.setups.clear();
      state.challenges.clear();
      failRules = [];
      delays = [];
      log.length = 0;
    },
  };

  /** The fail rule the call to `path` meets, if any (counted down). */
  const failFor = (path: string, afterProcessing: boolean) => {
    const rule = failRules.find((r) => r.afterProcessing === afterProcessing && (r.path === undefined || r.path === path));
    if (rule && --rule.count === 0) failRules.splice(failRules.indexOf(rule), 1);
    return rule;
  };
  const systemError = (rule: { status: number; reason: string }): ApiResult => ({
    status: rule.status,
    body: { submitTimeUtc: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), status: "SERVER_ERROR", reason: rule.reason, message: rule.reason === "SYSTEM_TIMEOUT" ? "Error - Server or service timeout." : "Error - General system failure." },
  });

  const api = createServer((req, res) => {
    void readBody(req).then(async (raw) => {
      const path = (req.url ?? "/").split("?")[0]!;
      if (path.startsWith("/__sim/")) return controlRoute(control, req.method ?? "GET", path, raw, res);
      const entry: SimRequest = { side: "api", method: req.method ?? "", path, status: 0, at: new Date().toISOString() };
      log.push(entry);
      const send = (result: ApiResult) => {
        entry.status = result.status;
        res.writeHead(result.status, { "Content-Type": "application/hal+json;charset=utf-8", "v-c-correlation-id": randomUUID() });
        res.end(JSON.stringify(result.body));
      };
      if (req.method !== "POST" || !API_PATHS.includes(path)) return send({ status: 404, body: { message: "Resource not found" } });
      const early = failFor(path, false);
      if (early) return send(systemError(early));
      const problem = await verifySignature({ method: "POST", target: req.url ?? "/", headers: req.headers as Record<string, string | undefined>, body: new Uint8Array(raw) }, options, new Date());
      if (problem) {
        entry.signatureProblem = problem;
        // The 401's body is not documented: this is the shape commonly seen from Cybersource.
        return send({ status: 401, body: { response: { rmsg: "Authentication Failed" } } });
      }
      const body = /^application\/json\b/.test(req.headers["content-type"] ?? "") ? parseJson(raw) : undefined;
      if (body === undefined) return send({ status: 400, body: { status: "INVALID_REQUEST", reason: "INVALID_DATA", message: "The body must be JSON, sent as application/json", details: [] } });
      entry.body = masked(body);
      const result = operate(state, path, body);
      const late = failFor(path, true);
      const delay = delays.shift();
      if (delay === undefined) return send(late ? systemError(late) : result);
      const timer = setTimeout(() => (timers.delete(timer), send(late ? systemError(late) : result)), delay);
      timers.add(timer);
    }, (err: Error) => (res.writeHead(413), res.end(err.message)));
  });

  const pages = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = (req.url ?? "/").split("?")[0]!;
      const found = req.method === "POST" ? page(state, path, new URLSearchParams(raw.toString("utf8"))) : null;
      log.push({ side: "pages", method: req.method ?? "", path, status: found?.status ?? 404, at: new Date().toISOString() });
      if (!found) return res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      res.writeHead(found.status, {
        "Content-Type": "text/html;charset=utf-8",
        "Content-Security-Policy": found.csp,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
      });
      res.end(found.html);
    }, (err: Error) => (res.writeHead(413), res.end(err.message)));
  });

  const apiUrl = await listen(api, host, options.apiPort ?? 0);
  state.pagesOrigin = await listen(pages, host, options.pagesPort ?? 0);
  return {
    apiUrl,
    pagesOrigin: state.pagesOrigin,
    controlUrl: `${apiUrl}/__sim`,
    control,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([api, pages].map((server) => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())))));
    },
  };
}

/** The control API over HTTP, for the CLI and for tests that prefer it (README.md). */
function controlRoute(control: CybersourceSimulatorControl, method: string, path: string, raw: Buffer, res: ServerResponse): void {
  const json = (status: number, body: unknown): void => {
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };
  const input = (raw.length ? parseJson(raw) : {}) as Record<string, unknown> | undefined;
  if (!input || typeof input !== "object") return json(400, { error: "body must be a JSON object" });
  switch (`${method} ${path}`) {
    case "POST /__sim/fail-next":
      control.failNext(input as FailRule);
      return json(200, { ok: true });
    case "POST /__sim/delay-next":
      control.delayNext(Number(input.ms ?? 0), Number(input.count ?? 1));
      return json(200, { ok: true });
    case "POST /__sim/reset":
      control.reset();
      return json(200, { ok: true });
    case "GET /__sim/requests":
      return json(200, control.requests());
    case "GET /__sim/challenges":
      return json(200, control.challenges());
    default:
      return json(404, { error: "unknown control route" });
  }
}

/** The JSON of a body, or undefined when it is not JSON. */
function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** The body with its card number masked: all the request log keeps of a PAN. */
function masked(body: unknown): unknown {
  const copy = structuredClone(body) as { paymentInformation?: { card?: { number?: unknown } } };
  const card = copy?.paymentInformation?.card;
  if (card && typeof card.number === "string") card.number = maskPan(card.number);
  return copy;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) return reject(new Error("body too large")), req.destroy();
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function listen(server: Server, host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });
}
