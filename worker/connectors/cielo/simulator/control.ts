/**
 * The simulator's control API: the faults tests ask for (the next calls of an operation answer a
 * 5xx before doing anything, or do their work and then answer a 5xx or nothing at all), sales that
 * stay pending until settled, and what the simulator received and did (sales with their masked
 * requests, voids, notifications). The same functions serve tests in-process (`control`) and over
 * HTTP under `/__sim/` on the transaction host (README.md lists the routes).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Notifier, SentNotification } from "./notifier";
import type { SaleBook, SimVoid } from "./sales";

/** The calls faults apply to: `POST /1/sales/`, the capture and void PUTs, and every query-host GET. */
export type SimOperation = "sale" | "capture" | "void" | "query";

/**
 * A fault for the next `remaining` calls of an operation. `before`: answer `status` and do
 * nothing; `after`: do the work, then answer `status` (the answer is lost); `hang`: do the work and
 * never answer (the caller's timeout fires).
 */
export interface FailRule {
  operation: SimOperation;
  remaining: number;
  mode: "before" | "after" | "hang";
  status: number;
}

/** One API call as received (control calls are not kept): never the MerchantKey, never a full card number. */
export interface ReceivedRequest {
  host: "api" | "query";
  method: string;
  path: string;
  query: Record<string, string>;
  merchantId: string | null;
  requestId: string | null;
  hasMerchantKey: boolean;
  /** JSON with CreditCard.CardNumber masked and SecurityCode dropped. */
  body: unknown;
  /** What was answered; -1 while in flight or when the answer was withheld (`hang`). */
  status: number;
  at: string;
}

/** A sale as the control API lists it: Cielo's view of it (masked card) and whether a CVV came. */
export interface SaleRecord {
  paymentId: string;
  status: number;
  securityCodeSent: boolean;
  sale: unknown;
}

export interface CieloSimulatorControl {
  failNext(operation: SimOperation, count?: number, opts?: { mode?: FailRule["mode"]; status?: number }): void;
  /** The next `count` sales are created NotFinished (0) or Pending (12), whatever the card. */
  nextStatus(status: 0 | 12, count?: number): void;
  /** Ends a sale's pending state (1, 2, 3 or 13) and notifies; false when there is no such sale. */
  settle(paymentId: string, status: 1 | 2 | 3 | 13, returnCode?: string): boolean;
  /** Moves a sale's dates back, so a total void of it is Refunded (11) rather than Voided (10). */
  age(paymentId: string, days: number): boolean;
  configureNotifications(url: string | undefined, headers?: Record<string, string>): void;
  sales(): SaleRecord[];
  voids(): SimVoid[];
  requests(): ReceivedRequest[];
  notifications(): SentNotification[];
  /** Resolves when every notification under way has been delivered or given up. */
  notificationsIdle(): Promise<void>;
  /** Forgets sales, voids, records, faults and forced statuses (not the notification target). */
  reset(): void;
}

/** The control API over `book` and `notifier`, plus the hooks the server needs. */
export function createControl(book: SaleBook, notifier: Notifier) {
  const rules: FailRule[] = [];
  const received: ReceivedRequest[] = [];
  /** Statuses the next sales are created with, whatever their card (nextStatus). */
  const forced: number[] = [];

  const control: CieloSimulatorControl = {
    failNext(operation, count = 1, opts = {}) {
      rules.push({ operation, remaining: count, mode: opts.mode ?? "before", status: opts.status ?? 503 });
    },
    nextStatus: (status, count = 1) => void forced.push(...Array<number>(count).fill(status)),
    settle(paymentId, status, returnCode) {
      const sale = book.settle(paymentId, status, returnCode);
      if (sale) notifier.notify(sale.paymentId);
      return sale !== undefined;
    },
    age: (paymentId, days) => book.age(paymentId, days),
    configureNotifications: (url, headers) => notifier.configure({ url, ...(headers && { headers }) }),
    sales: () => book.list().map((s) => ({ paymentId: s.paymentId, status: s.status, securityCodeSent: s.securityCodeSent, sale: book.view(s) })),
    voids: () => book.voids(),
    requests: () => received.map((r) => ({ ...r })),
    notifications: () => notifier.sent(),
    notificationsIdle: () => notifier.idle(),
    reset() {
      rules.length = 0;
      received.length = 0;
      book.reset();
      notifier.reset();
      forced.length = 0;
    },
  };

  /** The HTTP face of `control` (`/__sim/…`). */
  function serveHttp(method: string, url: URL, text: string, res: ServerResponse): void {
    let input: Record<string, unknown> = {};
    try {
      input = text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return reply(res, 400, { error: "the body is not JSON" });
    }
    const path = url.pathname.slice("/__sim".length);
    const num = (v: unknown, fallback?: number) => (v === undefined ? fallback : Number(v));
    const sale = /^\/sales\/([^/]+)\/(status|age)$/.exec(path);
    if (method === "GET" && path === "/sales") return reply(res, 200, { count: book.list().length, sales: control.sales() });
    if (method === "GET" && path === "/voids") return reply(res, 200, { count: book.voids().length, voids: control.voids() });
    if (method === "GET" && path === "/requests") return reply(res, 200, { requests: control.requests() });
    if (method === "GET" && path === "/notifications") return reply(res, 200, { notifications: control.notifications() });
    if (method === "POST" && path === "/fail-next") {
      if (!["sale", "capture", "void", "query"].includes(String(input.operation))) return reply(res, 400, { error: "operation must be sale, capture, void or query" });
      if (input.mode !== undefined && !["before", "after", "hang"].includes(String(input.mode))) return reply(res, 400, { error: "mode must be before, after or hang" });
      control.failNext(input.operation as SimOperation, num(input.count, 1), { mode: input.mode as FailRule["mode"] | undefined, status: num(input.status) });
      return reply(res, 204);
    }
    if (method === "POST" && path === "/sales/next-status") {
      if (input.status !== 0 && input.status !== 12) return reply(res, 400, { error: "status must be 0 or 12" });
      control.nextStatus(input.status, num(input.count, 1));
      return reply(res, 204);
    }
    if (method === "POST" && sale?.[2] === "status") {
      if (![1, 2, 3, 13].includes(Number(input.status))) return reply(res, 400, { error: "status must be 1, 2, 3 or 13" });
      const done = control.settle(decodeURIComponent(sale[1]!), Number(input.status) as 1 | 2 | 3 | 13, input.returnCode === undefined ? undefined : String(input.returnCode));
      return reply(res, done ? 204 : 404);
    }
    if (method === "POST" && sale?.[2] === "age") return reply(res, control.age(decodeURIComponent(sale[1]!), num(input.days, 1)!) ? 204 : 404);
    if (method === "POST" && path === "/notification") {
      control.configureNotifications(typeof input.url === "string" ? input.url : undefined, input.headers as Record<string, string> | undefined);
      return reply(res, 204);
    }
    if (method === "POST" && path === "/reset") {
      control.reset();
      return reply(res, 204);
    }
    reply(res, 404, { error: `no control route ${method} /__sim${path}` });
  }

  return {
    ...control,
    serveHttp,
    /** The fault that applies to this call, if any (consumed). */
    takeRule(operation: SimOperation): FailRule | undefined {
      const rule = rules.find((r) => r.operation === operation && r.remaining > 0);
      if (rule) rule.remaining -= 1;
      return rule;
    },
    /** Keeps an API call in the request log; the server fills in its status. */
    record(host: "api" | "query", req: IncomingMessage, url: URL, body: unknown): ReceivedRequest {
      const header = (name: string) => (req.headers[name] === undefined ? null : String(req.headers[name]));
      const entry: ReceivedRequest = {
        host,
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        merchantId: header("merchantid"),
        requestId: header("requestid"),
        hasMerchantKey: req.headers.merchantkey !== undefined,
        body,
        status: -1,
        at: new Date().toISOString(),
      };
      received.push(entry);
      return entry;
    },
    /** The status the next sale must be created with, if a test forced one (consumed). */
    takeForcedStatus: (): number | undefined => forced.shift(),
  };
}

function reply(res: ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, text ? { "Content-Type": "application/json; charset=utf-8" } : {}).end(text);
}
