/**
 * Cielo's API E-commerce 3.0 on 127.0.0.1, for the connector's tests and for running the live card
 * path on one machine: two listeners, as Cielo has two hosts (transactions: `POST /1/sales/`,
 * `PUT …/capture`, `PUT …/void`; queries: `GET /1/sales/{PaymentId}`, `GET /1/sales?merchantOrderId=`,
 * `GET /1/sales/acquirerTid/{tid}`), the merchant's headers checked on every call, the request
 * validated (validation.ts), the sandbox's last-digit results (sales.ts), the Notification Post
 * (notifier.ts), and a control API under `/__sim/` on the transaction host (control.ts) that makes
 * calls fail or lose their answers and counts what was done. README.md says what it decides.
 *
 * Node-only (node:http); imported by tests and worker/cli only (test/architecture.test.ts).
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createControl, type CieloSimulatorControl, type FailRule, type ReceivedRequest, type SimOperation } from "./control";
import { createNotifier } from "./notifier";
import { createSaleBook, type SimAnswer } from "./sales";
import { maskPan } from "./views";
import { cieloError, saleErrors } from "./validation";

export interface CieloSimulatorOptions {
  /** The merchant's credentials the simulator accepts (MerchantId a GUID). */
  merchantId: string;
  merchantKey: string;
  /** Where the Notification Post goes (none: no notifications), with the merchant's headers. */
  notificationUrl?: string;
  notificationHeaders?: Record<string, string>;
  /** Attempts per notification (default 4) and the pause between them (default 20 ms). */
  notificationAttempts?: number;
  notificationRetryDelayMs?: number;
  host?: "127.0.0.1";
  /** Refuse a MerchantOrderId already used with error 302 (default: repeats allowed, as Cielo documents). */
  rejectDuplicateOrderIds?: boolean;
  /** Refuse a second void of a sale within this many ms with ReturnCode 10 (Cielo asks 5 s; default: not enforced). */
  voidIntervalMs?: number;
  /** One line per API call (method, host, path, status); never a header value or a body. */
  log?: (line: string) => void;
}

export interface CieloSimulator {
  /** The transaction host's origin (CIELO_API_URL). */
  apiUrl: string;
  /** The query host's origin (CIELO_QUERY_URL). */
  queryUrl: string;
  /** `{apiUrl}/__sim`. */
  controlUrl: string;
  merchantId: string;
  merchantKey: string;
  control: CieloSimulatorControl;
  close(): Promise<void>;
}

export type { CieloSimulatorControl, FailRule, ReceivedRequest, SimOperation } from "./control";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_BODY = 1 << 20;

/** Starts both listeners on 127.0.0.1, on free ports. */
export async function startCieloSimulator(options: CieloSimulatorOptions): Promise<CieloSimulator> {
  const host = options.host ?? "127.0.0.1";
  const apiServer = createServer((req, res) => void handle("api", req, res));
  const queryServer = createServer((req, res) => void handle("query", req, res));
  const [apiUrl, queryUrl] = await Promise.all([listen(apiServer, host), listen(queryServer, host)]);
  const book = createSaleBook({ api: apiUrl, query: queryUrl }, { voidIntervalMs: options.voidIntervalMs });
  const notifier = createNotifier({ url: options.notificationUrl, headers: options.notificationHeaders, attempts: options.notificationAttempts, retryDelayMs: options.notificationRetryDelayMs });
  const control = createControl(book, notifier);

  async function handle(which: "api" | "query", req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const url = new URL(req.url ?? "/", "http://simulator");
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      return void res.writeHead(413).end();
    }
    if (which === "api" && url.pathname.startsWith("/__sim/")) return control.serveHttp(req.method ?? "GET", url, raw.toString("utf8"), res);

    const route = routeOf(which, req.method ?? "GET", url.pathname);
    const record = control.record(which, req, url, maskedBody(raw));
    const rule = route ? control.takeRule(route.operation) : undefined;
    let answer: SimAnswer;
    if (rule?.mode === "before") answer = { status: rule.status };
    else answer = route ? (checkHeaders(req, route.operation) ?? serve(route, url, raw)) : { status: 404 };
    if (answer.changed) notifier.notify(answer.changed.paymentId);
    if (rule && rule.mode !== "before") {
      // The work is done; only its answer is lost: a 5xx, or no answer at all (the caller times out).
      if (rule.mode === "hang") return void (record.status = -1);
      answer = { status: rule.status };
    }
    record.status = answer.status;
    const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
    res.writeHead(answer.status, text ? { "Content-Type": "application/json; charset=utf-8" } : {}).end(text);
    options.log?.(`${req.method} ${which} ${url.pathname} → ${answer.status} (${Date.now() - started} ms)`);
  }

  /** MerchantId and MerchantKey, as Cielo's table names their faults; all answered 401. */
  function checkHeaders(req: IncomingMessage, operation: SimOperation): SimAnswer | undefined {
    const id = String(req.headers.merchantid ?? "");
    const key = String(req.headers.merchantkey ?? "");
    const fault = !id ? 101 : !GUID.test(id) ? 114 : id.toLowerCase() !== options.merchantId.toLowerCase() ? 115 : !key ? 131 : !same(key, options.merchantKey) ? 132 : 0;
    if (fault) return { status: 401, body: [cieloError(fault, FAULTS[fault])] };
    const requestId = req.headers.requestid;
    if (requestId !== undefined && !GUID.test(String(requestId))) return { status: 400, body: [cieloError(100, "RequestId is required")] };
    if (operation === "sale" && !/^application\/json\b/i.test(String(req.headers["content-type"] ?? ""))) {
      return { status: 415, body: [cieloError(0, "Content-Type must be application/json")] };
    }
    return undefined;
  }

  function serve(route: Route, url: URL, raw: Buffer): SimAnswer {
    const amount = url.searchParams.has("amount") ? Number(url.searchParams.get("amount")) : undefined;
    switch (route.operation) {
      case "sale": {
        let body: unknown;
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          return { status: 400, body: [cieloError(184, "Request could not be empty")] };
        }
        const errors = saleErrors(body);
        if (errors.length) return { status: 400, body: errors };
        const valid = body as Parameters<typeof book.create>[0];
        if (options.rejectDuplicateOrderIds && book.byOrder(valid.MerchantOrderId).length) return { status: 400, body: [cieloError(302, "Sent MerchantOrderId is duplicated")] };
        const forced = control.takeForcedStatus();
        return { status: 201, body: book.view(book.create(valid, forced === undefined ? undefined : { status: forced })) };
      }
      case "capture":
        return book.capture(route.id!, amount);
      case "void":
        return book.voidSale(route.id!, amount);
      case "query": {
        if (route.tid !== undefined) return found(book.byTid(route.tid));
        if (route.id !== undefined) return found(book.get(route.id));
        const orderId = url.searchParams.get("merchantOrderId");
        if (!orderId) return { status: 400, body: [cieloError(122, "MerchantOrderId is required")] };
        const sales = book.byOrder(orderId);
        return sales.length ? { status: 200, body: { Payment: sales.map(book.orderEntry) } } : { status: 404 };
      }
    }
  }

  function found(sale: ReturnType<typeof book.get>): SimAnswer {
    return sale ? { status: 200, body: book.view(sale) } : { status: 404 };
  }

  return {
    apiUrl,
    queryUrl,
    controlUrl: `${apiUrl}/__sim`,
    merchantId: options.merchantId,
    merchantKey: options.merchantKey,
    control,
    async close() {
      await notifier.idle();
      await Promise.all(
        [apiServer, queryServer].map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolve) => server.close(() => resolve()));
        }),
      );
    },
  };
}

const FAULTS: Record<number, string> = {
  101: "MerchantId is required",
  114: "The provided MerchantId is not in correct format",
  115: "The provided MerchantId was not found",
  131: "MerchantKey is required",
  132: "MerchantKey is invalid",
};

/** A call the simulator serves, with its path's ids. */
interface Route {
  operation: SimOperation;
  id?: string;
  tid?: string;
}

function routeOf(which: "api" | "query", method: string, path: string): Route | undefined {
  if (which === "api") {
    if (method === "POST" && /^\/1\/sales\/?$/.test(path)) return { operation: "sale" };
    const op = /^\/1\/sales\/([^/]+)\/(capture|void)$/.exec(path);
    if (method === "PUT" && op) return { operation: op[2] as "capture" | "void", id: decodeURIComponent(op[1]!) };
    return undefined;
  }
  if (method !== "GET") return undefined;
  if (/^\/1\/sales\/?$/.test(path)) return { operation: "query" };
  const tid = /^\/1\/sales\/acquirerTid\/([^/]+)$/.exec(path);
  if (tid) return { operation: "query", tid: decodeURIComponent(tid[1]!) };
  const id = /^\/1\/sales\/([^/]+)$/.exec(path);
  return id ? { operation: "query", id: decodeURIComponent(id[1]!) } : undefined;
}

/** The body as kept in the request log: JSON with the card number masked and no security code. */
function maskedBody(raw: Buffer): ReceivedRequest["body"] {
  if (!raw.length) return undefined;
  try {
    const body = JSON.parse(raw.toString("utf8")) as { Payment?: { CreditCard?: Record<string, unknown> } };
    const card = body?.Payment?.CreditCard;
    if (card && typeof card === "object") {
      if (typeof card.CardNumber === "string") card.CardNumber = maskPan(card.CardNumber);
      delete card.SecurityCode;
    }
    return body;
  } catch {
    // Not JSON: nothing of it is kept, since it could hold a card number.
    return `[${raw.length} bytes, not JSON]`;
  }
}

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`));
  });
}

/** The request's body, up to MAX_BODY bytes (more: an error, answered 413). */
async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if ((size += chunk.length) > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
