/**
 * One timed load run with autocannon, driven from this process: N keep-alive connections, each
 * sending its next request as soon as the previous answer arrives (closed loop), for a fixed time.
 *
 * Latencies are collected here from autocannon's `response` events rather than read from its
 * histogram, which records whole milliseconds: sub-millisecond floors would all read as 0 or 1.
 */
import autocannon from "autocannon";

/** One HTTP request shape, the same for the project and its floor apart from the path. */
export interface RequestSpec {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A header given a fresh value on every request (e.g. Idempotency-Key). */
  uniqueHeader?: string;
  /**
   * An operation of several requests, sent in order on each connection (autocannon's `requests`:
   * a step reads the previous answer from the connection's context). Replaces the request above;
   * rps then counts whole operations (responses ÷ steps), latencies stay per request.
   */
  sequence?: autocannon.Request[];
}

/** What one run measured. */
export interface Sample {
  /** Responses per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  responses: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Responses with a status not in `expected`, plus connection errors (timeouts included). */
  errors: number;
  seconds: number;
}

/** How to run the load. */
export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Status codes that count as success. */
  expected: number[];
  /** Seconds before a request counts as timed out. */
  timeout?: number;
}

let uniqueCounter = 0;
const runId = `${Date.now().toString(36)}-${process.pid}`;

/** Exact percentile of sorted values (nearest rank). */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Runs `spec` against `baseUrl` for `opts.seconds` and summarizes it. */
export async function measure(baseUrl: string, spec: RequestSpec, opts: LoadOptions): Promise<Sample> {
  const unique = spec.uniqueHeader;
  const request: autocannon.Request = {
    method: spec.method,
    path: spec.path,
    headers: { ...(spec.body !== undefined ? { "content-type": "application/json" } : {}), ...spec.headers },
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    ...(unique
      ? {
          // A new header object per request: autocannon shares the defaults between requests.
          setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, [unique]: `bench-${runId}-${++uniqueCounter}` } }),
        }
      : {}),
  };
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const statuses: Record<string, number> = {};
  let instance!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    // The callback form returns the instance, whose events we need.
    instance = autocannon(
      { url: baseUrl, connections: opts.connections, duration: opts.seconds, timeout: opts.timeout ?? 30, requests: spec.sequence ?? [request] },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  const sorted = latencies.slice(0, count).sort();
  const unexpected = Object.entries(statuses)
    .filter(([code]) => !opts.expected.includes(Number(code)))
    .reduce((n, [, c]) => n + c, 0);
  const seconds = result.duration || opts.seconds;
  return {
    rps: count / (spec.sequence?.length ?? 1) / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    responses: count,
    statuses,
    errors: unexpected + result.errors, // autocannon's errors include its timeouts
    seconds,
  };
}
