/**
 * Graceful shutdown of the Node host (docs/operations.md, "Stopping"). On SIGTERM or SIGINT:
 * 1. the listening socket closes: a new connection is refused, never accepted and then dropped;
 * 2. every request in flight is answered, and every answer from then on carries
 *    `Connection: close`, so a keep-alive client learns the connection ends rather than having
 *    it reset under a request it is sending; an idle keep-alive connection ends at the client's
 *    next request (answered) or at the server's keep-alive timeout (5 s);
 * 3. the timers stop (queue pump, sweeps) and the webhook deliveries, jobs and sweep in progress
 *    finish (`NodePlatform.drain`);
 * 4. the database closes, the log is flushed, and the process exits 0.
 * All of it within {@link SHUTDOWN_TIMEOUT_MS}; past that, the connections still open are closed
 * and the process exits 1 (what was not finished is found again by the sweeps after a restart:
 * an unanswered request committed all or nothing, a delivery is re-sent at least once).
 */
import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { LogLine } from "../platform";

/** How long a graceful shutdown may take before the host closes what is left and exits. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** What the shutdown stops, in order. */
export interface ShutdownParts {
  server: Server;
  /** Stops the timers and waits for the jobs and sweep in progress. */
  drain: () => Promise<void>;
  /** Closes the database. */
  closeDatabase: () => void | Promise<void>;
  /** Other servers of the process (the demo shop), closed with the API. */
  others?: Array<() => Promise<void>>;
  log: (line: LogLine) => void;
  /** Default SHUTDOWN_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default process.exit after stdout has drained; replaced in tests. */
  exit?: (code: number) => void;
}

/**
 * Tracks the server's responses in flight, so that once `draining()` is called each of them, and
 * every later one, closes its connection after it is sent. Call before the server gets requests.
 */
export function trackResponses(server: Server): { draining: () => void; inFlight: () => number } {
  const open = new Set<import("node:http").ServerResponse>();
  let closing = false;
  // Prepended: runs before the app's listener writes anything.
  server.prependListener("request", (_req, res) => {
    if (closing) res.setHeader("Connection", "close");
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  return {
    draining() {
      closing = true;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    },
    inFlight: () => open.size,
  };
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; true if it settled. */
function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), Math.max(0, ms));
    promise.then(
      () => (clearTimeout(timer), resolve(true)),
      () => (clearTimeout(timer), resolve(true)),
    );
  });
}

/** Installs the SIGTERM/SIGINT handlers; the first signal starts the shutdown, later ones are ignored. */
export function handleShutdownSignals(parts: ShutdownParts): void {
  const responses = trackResponses(parts.server);
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    // `npm start` forwards the signal its process group also got: one shutdown is enough.
    if (started) return;
    started = true;
    void shutdown(parts, responses, signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

async function shutdown(parts: ShutdownParts, responses: ReturnType<typeof trackResponses>, signal: NodeJS.Signals): Promise<void> {
  const { server, log } = parts;
  const timeoutMs = parts.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const startedAt = Date.now();
  log({ msg: "server.stopping", level: "info", signal, requestsInFlight: responses.inFlight(), timeoutMs });

  responses.draining();
  // net.Server's close: stops listening and calls back once every connection has ended. (http's
  // own close() would also drop idle keep-alive connections at once, racing a client that is
  // sending its next request on one: that request would meet a reset.)
  const connectionsEnded = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const others = Promise.allSettled((parts.others ?? []).map((close) => close()));
  let complete = await within(connectionsEnded, deadline - Date.now());
  const requestsLeft = responses.inFlight();
  complete = (await within(parts.drain(), deadline - Date.now())) && complete;
  if (!complete) {
    log({ msg: "server.stop_timeout", level: "warn", timeoutMs, requestsLeft });
    server.closeAllConnections();
  }
  await within(others, 1000);
  try {
    await parts.closeDatabase();
  } catch (err) {
    log({ msg: "server.database_close_failed", level: "error", error: err instanceof Error ? err.message : String(err) });
  }
  log({ msg: "server.stopped", level: "info", signal, durationMs: Date.now() - startedAt, complete });
  const code = complete ? 0 : 1;
  // The logger writes once per turn of the event loop; let it, then wait for stdout to take it all.
  await new Promise((resolve) => setImmediate(resolve));
  if (parts.exit) return parts.exit(code);
  process.stdout.write("", () => process.exit(code));
}
