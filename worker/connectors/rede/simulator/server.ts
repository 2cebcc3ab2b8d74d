/**
 * Rede's e.Rede API on 127.0.0.1, for the connector's tests and for running card sales through
 * Rede on one machine: HTTP Basic (PV:key) and OAuth2 client credentials, sales (with external or
 * Rede-MPI 3DS), capture, refunds and queries in e.Rede's shapes (views.ts), its field validation
 * and a deterministic issuer (rules.ts); plus a control API under `/__sim/` (no auth) that fails or
 * loses the next answers, expires tokens and lists what it did (README.md).
 *
 * Node-only (node:http); imported by tests and worker/cli only (architecture test).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonObjectOf } from "../api";
import { redeSimulatorControl, type RedeSimulatorControl } from "./control";
import { createLedger, Refused, type Answer, type Ledger } from "./ledger";
import { intOf } from "./rules";
import { controlView, maskPan } from "./views";

export interface RedeSimulatorOptions {
  /** The affiliation number the simulator accepts (Basic user, OAuth2 client id). */
  pv: string;
  /** The integration key it accepts (Basic password, OAuth2 client secret). */
  integrationKey: string;
  host?: "127.0.0.1";
  /** 0 (default): any free port. */
  port?: number;
  /** Lifetime of an access token (expires_in); default 3600. */
  tokenSeconds?: number;
}

export interface RedeSimulator {
  /** The API base, as REDE_API_URL: `http://127.0.0.1:PORT/v1`. */
  apiUrl: string;
  /** The OAuth2 token URL, as REDE_TOKEN_URL: `http://127.0.0.1:PORT/oauth2/token`. */
  tokenUrl: string;
  /** The control API's base: `http://127.0.0.1:PORT/__sim`. */
  controlUrl: string;
  /** The control API, typed (control.ts). */
  control: RedeSimulatorControl;
  close(): Promise<void>;
}

/** What a fault rule applies to. */
export type SimOperation = "create" | "capture" | "refund" | "query" | "token";
const OPERATIONS: readonly SimOperation[] = ["create", "capture", "refund", "query", "token"];

/** A request the API side received, as `GET /__sim/requests` shows it. */
export interface SimRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  operation: SimOperation | null;
  /** How it authenticated: never the credential itself. */
  auth: "basic" | "bearer" | "none" | "invalid";
  /** Lowercase names, without Authorization. */
  headers: Record<string, string>;
  /** JSON (cardNumber masked, securityCode dropped) or the form's fields; undefined when empty. */
  body: unknown;
  /** The status answered; -1 when a `hang` rule kept it unanswered. */
  status: number;
  returnCode: string | null;
}

interface FailRule {
  operation: SimOperation;
  remaining: number;
  /** before: answer `status` without doing anything; after: do it, answer `status`; hang: do it, never answer. */
  mode: "before" | "after" | "hang";
  status: number;
}

type Json = Record<string, unknown>;
const MAX_BODY = 64 * 1024;

/** Starts the simulator on 127.0.0.1. */
export async function startRedeSimulator(options: RedeSimulatorOptions): Promise<RedeSimulator> {
  const tokenSeconds = options.tokenSeconds ?? 3600;
  let ledger: Ledger;
  let requests: SimRequest[] = [];
  let rules: FailRule[] = [];
  const tokens = new Map<string, number>(); // token → expiry (ms)

  const credentialsMatch = (header: string) => {
    const pair = Buffer.from(header, "base64").toString("utf8");
    const colon = pair.indexOf(":");
    return colon > 0 && same(pair.slice(0, colon), options.pv) && same(pair.slice(colon + 1), options.integrationKey);
  };
  const authOf = (header: string): SimRequest["auth"] => {
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    if (basic) return credentialsMatch(basic[1]!) ? "basic" : "invalid";
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    if (bearer) return (tokens.get(bearer[1]!) ?? 0) > Date.now() ? "bearer" : "invalid";
    return "none";
  };

  // ---- the API

  function token(req: IncomingMessage, raw: string): Answer {
    const oauthError = (status: number, error: string, description: string): Answer => ({ status, body: { error, error_description: description, error_code: error.toUpperCase() } });
    const basic = /^Basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ""));
    if (!basic || !credentialsMatch(basic[1]!)) return oauthError(401, "invalid_client", "Client authentication failed: HTTP Basic with the PV and the integration key.");
    if (!/^application\/x-www-form-urlencoded\b/i.test(String(req.headers["content-type"] ?? ""))) return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded.");
    if (new URLSearchParams(raw).get("grant_type") !== "client_credentials") return oauthError(400, "unsupported_grant_type", "Only client_credentials is supported.");
    const accessToken = randomBytes(32).toString("base64url");
    tokens.set(accessToken, Date.now() + tokenSeconds * 1000);
    return { status: 200, body: { access_token: accessToken, token_type: "Bearer", expires_in: tokenSeconds }, headers: { "Cache-Control": "no-store" } };
  }

  function operationOf(method: string, path: string): SimOperation | null {
    if (path === "/oauth2/token") return "token";
    if (!path.startsWith("/v1/transactions")) return null;
    if (method === "GET") return "query";
    if (method === "PUT") return "capture";
    return path.endsWith("/refunds") ? "refund" : "create";
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req);
    if (url.pathname.startsWith("/__sim/")) return control(req, res, url.pathname.slice("/__sim".length), raw);
    const method = req.method ?? "GET";
    const operation = operationOf(method, url.pathname);
    const record: SimRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      operation,
      auth: authOf(String(req.headers.authorization ?? "")),
      headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== "authorization").map(([name, value]) => [name, String(value)])),
      body: recordedBody(raw, String(req.headers["content-type"] ?? "")),
      status: 0,
      returnCode: null,
    };
    requests.push(record);
    const rule = operation ? rules.find((r) => r.operation === operation && r.remaining > 0) : undefined;
    if (rule) rule.remaining--;
    let answer: Answer;
    if (rule?.mode === "before") {
      answer = { status: rule.status, body: { returnMessage: "Service unavailable (simulated)." } };
    } else {
      answer = serve(req, method, url, raw, operation, record.auth);
      if (rule?.mode === "hang") return void (record.status = -1); // done, never answered: the socket stays open until close()
      if (rule) answer = { status: rule.status, body: { returnMessage: "Service unavailable (simulated)." } };
    }
    record.status = answer.status;
    record.returnCode = typeof (answer.body as Json)?.returnCode === "string" ? ((answer.body as Json).returnCode as string) : null;
    sendJson(res, answer);
  }

  function serve(req: IncomingMessage, method: string, url: URL, raw: string, operation: SimOperation | null, auth: SimRequest["auth"]): Answer {
    if (operation === "token" && method === "POST") return token(req, raw);
    try {
      if (auth !== "basic" && auth !== "bearer") {
        const bearer = /^Bearer/i.test(String(req.headers.authorization ?? ""));
        throw new Refused({ status: 401, body: { returnMessage: "Unauthorized." }, headers: bearer ? { "WWW-Authenticate": 'Bearer error="invalid_token"' } : { "WWW-Authenticate": 'Basic realm="erede"' } });
      }
      let body: Json = {};
      if (method === "POST" || method === "PUT") {
        if (!/^application\/json\b/i.test(String(req.headers["content-type"] ?? ""))) throw new Refused({ status: 415, body: { returnMessage: "Content-Type must be application/json." } });
        const parsed = jsonObjectOf(raw);
        if (!parsed) throw new Refused({ status: 400, body: { returnCode: "99", returnMessage: "The body is not a JSON object." } });
        body = parsed;
      }
      return ledger.route(method, url.pathname, url.searchParams, body, /brand-return-opened/i.test(String(req.headers["transaction-response"] ?? "")));
    } catch (err) {
      if (err instanceof Refused) return err.answer;
      throw err;
    }
  }

  // ---- the control API

  function control(req: IncomingMessage, res: ServerResponse, path: string, raw: string): void {
    const ok = (body: unknown) => sendJson(res, { status: 200, body });
    const body = jsonObjectOf(raw) ?? {};
    if (req.method === "POST" && path === "/fail-next") {
      const operation = body.operation as SimOperation;
      const mode = (body.mode ?? "before") as FailRule["mode"];
      if (!OPERATIONS.includes(operation) || !["before", "after", "hang"].includes(mode)) return sendJson(res, { status: 400, body: { error: `operation is one of ${OPERATIONS.join(", ")}; mode before, after or hang` } });
      rules.push({ operation, mode, remaining: intOf(body.count ?? 1), status: intOf(body.status ?? 503) });
      return ok({ ok: true });
    }
    if (req.method === "POST" && path === "/tokens/expire") return ok((tokens.forEach((_, t) => tokens.set(t, 0)), { ok: true }));
    if (req.method === "POST" && path === "/reset") {
      [ledger, requests, rules] = [createLedger(apiUrl, options.pv), [], []];
      return ok({ ok: true });
    }
    if (req.method === "GET" && path === "/transactions") return ok(ledger.sales().map(controlView));
    if (req.method === "GET" && path === "/refunds") return ok(ledger.sales().flatMap((s) => s.refunds.map((r) => ({ tid: s.tid, reference: s.reference, ...r }))));
    if (req.method === "GET" && path === "/requests") return ok(requests);
    sendJson(res, { status: 404, body: { error: `no control route ${req.method} /__sim${path}` } });
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiUrl = `${origin}/v1`;
  ledger = createLedger(apiUrl, options.pv);
  return {
    apiUrl,
    tokenUrl: `${origin}/oauth2/token`,
    controlUrl: `${origin}/__sim`,
    control: redeSimulatorControl(`${origin}/__sim`),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- helpers

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, answer: Answer): void {
  const text = JSON.stringify(answer.body);
  res.writeHead(answer.status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), ...answer.headers }).end(text);
}

/** The body as kept in the request log: the PAN masked, the CVV dropped, a form's secret never. */
function recordedBody(raw: string, contentType: string): unknown {
  if (!raw) return undefined;
  if (/x-www-form-urlencoded/i.test(contentType)) return Object.fromEntries([...new URLSearchParams(raw)].filter(([k]) => k !== "client_secret"));
  const json = jsonObjectOf(raw);
  if (!json) return "(not a JSON object)";
  const { securityCode: _cvv, ...kept } = json;
  return typeof kept.cardNumber === "string" ? { ...kept, cardNumber: maskPan(kept.cardNumber) } : kept;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
