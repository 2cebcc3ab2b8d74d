/**
 * The Node host's metrics: `GET /metrics` in the Prometheus text format (prom-client), off unless
 * `METRICS_TOKEN` is set, and then only for `Authorization: Bearer <METRICS_TOKEN>`; every other
 * caller gets the same 404 as any unknown path (docs/operations.md, "Metrics").
 *
 * The counts come in through `Platform.observe` (plain `Observation`s from the request log, the
 * webhook attempt and the scheduled job), from the database client (timed here, wrapped around
 * the host's client) and from the queue (its depth, read when scraped). Nothing outside
 * worker/node/ imports prom-client, so the Worker's bundle never carries it.
 */
import { timingSafeEqual } from "node:crypto";
import type { Client } from "@libsql/client";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Observation } from "../platform";

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Latency buckets in seconds: from a cached read (~1 ms) to a webhook POST's 15 s timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
/** Database statements and batches: mostly well under a millisecond on the embedded file. */
const DB_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** The host's registry and what feeds it. */
export interface NodeMetrics {
  registry: Registry;
  /** `Platform.observe`: counts one observation. */
  observe(event: Observation): void;
  /** Reports `depth()` as `pay_queue_depth` whenever the metrics are read. */
  watchQueue(depth: () => number): void;
  /** `client`, with the time of each execute and batch counted as `pay_db_duration_seconds`. */
  timeClient<C extends Client>(client: C): C;
}

/** A fresh registry (one per host; tests make their own) with the process's default metrics. */
export function createNodeMetrics(): NodeMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "pay_" });
  const requests = new Counter({
    name: "pay_http_requests_total",
    help: "Requests answered, by method, declared route template and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: "pay_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const attempts = new Counter({
    name: "pay_webhook_attempts_total",
    help: "Webhook POSTs made, by outcome: delivered (2xx), retry (failed, another attempt is due), failed (attempts spent).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const attemptSeconds = new Histogram({
    name: "pay_webhook_attempt_duration_seconds",
    help: "Time a webhook POST took, by outcome.",
    labelNames: ["outcome"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const sweepSeconds = new Histogram({
    name: "pay_sweep_duration_seconds",
    help: "Time each sweep of the scheduled job took.",
    labelNames: ["sweep"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const sweepRows = new Gauge({
    name: "pay_sweep_rows",
    help: "Rows the last run of each sweep found due (its backlog at that run); -1 when it failed.",
    labelNames: ["sweep"] as const,
    registers: [registry],
  });
  const sweepFailures = new Counter({
    name: "pay_sweep_failures_total",
    help: "Sweep runs that threw.",
    labelNames: ["sweep"] as const,
    registers: [registry],
  });
  const dbSeconds = new Histogram({
    name: "pay_db_duration_seconds",
    help: "Time of the database client's calls, by operation (execute: one statement; batch: one transaction).",
    labelNames: ["op"] as const,
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  const pixReceived = new Counter({
    name: "pay_pix_received_total",
    help: "PIX the PSP received, as its callback or reconciliation found them (each once; one seen before is not counted again): settled, unknown (no transaction has the txid), mismatched (another amount, or a charge cancelled or expired here: the operator refunds it).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const depths: Array<() => number> = [];
  new Gauge({
    name: "pay_queue_depth",
    help: "Jobs waiting in the in-process queue (due or delayed), read when scraped.",
    registers: [registry],
    collect() {
      this.set(depths.reduce((n, depth) => n + depth(), 0));
    },
  });

  return {
    registry,
    observe(event) {
      switch (event.kind) {
        case "request": {
          const labels = { method: event.method, route: event.route, status: String(event.status) };
          requests.inc(labels);
          requestSeconds.observe(labels, event.durationMs / 1000);
          return;
        }
        case "webhook.attempt":
          attempts.inc({ outcome: event.outcome });
          attemptSeconds.observe({ outcome: event.outcome }, event.durationMs / 1000);
          return;
        case "sweep":
          sweepSeconds.observe({ sweep: event.sweep }, event.durationMs / 1000);
          sweepRows.set({ sweep: event.sweep }, event.rows);
          if (event.rows < 0) sweepFailures.inc({ sweep: event.sweep });
          return;
        case "pix.received":
          pixReceived.inc({ outcome: event.outcome });
          return;
      }
    },
    watchQueue(depth) {
      depths.push(depth);
    },
    timeClient(client) {
      const timed = <A extends unknown[], R>(op: string, fn: (...args: A) => Promise<R>) =>
        async (...args: A): Promise<R> => {
          const started = performance.now();
          try {
            return await fn.apply(client, args);
          } finally {
            dbSeconds.observe({ op }, (performance.now() - started) / 1000);
          }
        };
      const own = client as unknown as Record<string, unknown>;
      const wrapped: Record<string, unknown> = {
        execute: timed("execute", client.execute),
        batch: timed("batch", client.batch),
      };
      // SqliteClient's row-array reads (db/prepared.ts uses them when the client has them).
      for (const read of ["executeRows", "executeRow", "executeJoined"]) {
        if (typeof own[read] === "function") wrapped[read] = timed("execute", own[read] as (...a: unknown[]) => Promise<unknown>);
      }
      return new Proxy(client, {
        get(target, prop) {
          if (typeof prop === "string" && prop in wrapped) return wrapped[prop];
          const value = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
}

/** True when `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | null, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Answers `GET /metrics` before `next` when the host has metrics and a token: with the registry's
 * text for the right bearer token, else 404 (the same answer as a host without metrics, so the
 * path reveals nothing). Every other request goes to `next` untouched.
 */
export function withMetricsEndpoint(next: { fetch: FetchHandler }, metrics: NodeMetrics | undefined, token: string | undefined): { fetch: FetchHandler } {
  if (!metrics || !token) return next;
  return {
    async fetch(request, env) {
      const url = request.url;
      const pathStart = url.indexOf("/", url.indexOf("//") + 2);
      const path = pathStart === -1 ? "/" : url.slice(pathStart).replace(/[?#].*$/, "");
      if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) return next.fetch(request, env);
      if (!bearerMatches(request.headers.get("authorization"), token)) return next.fetch(request, env);
      const body = await metrics.registry.metrics();
      return new Response(request.method === "HEAD" ? null : body, {
        status: 200,
        headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" },
      });
    },
  };
}
