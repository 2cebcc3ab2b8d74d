/**
 * Waiting for locks without blocking the server.
 *
 * The native driver is synchronous. A SQLite busy handler would therefore sleep on the event
 * loop, and the request that would release the lock (another stream's COMMIT) could never run:
 * a guaranteed stall until the timeout. So connections run with `busy_timeout = 0`, and a
 * statement that hits SQLITE_BUSY is retried here with timers in between, letting other
 * requests proceed meanwhile.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type Database from "libsql";
import { isBusy } from "./errors";

/** How long to keep retrying a statement that hits SQLITE_BUSY, and when to give up early. */
export interface BusyPolicy {
  timeoutMs: number;
  /** True once the server is closing: stop waiting for locks. */
  aborted(): boolean;
}

/** Binding this fails in the driver's argument check, which runs after its reset and before any step. */
const UNBINDABLE = [Symbol("reset")];

/**
 * Puts a statement that failed back to its reset state. The driver never resets a statement
 * after an error, and a statement stuck after SQLITE_BUSY keeps its connection's implicit
 * transaction open: later writes on that connection never commit, the write lock is never
 * released, and `close()` leaves a zombie holding it. The driver has no `reset()`, but every
 * run begins with one, so a run whose arguments cannot be bound resets without executing.
 */
export function resetStatement(stmt: Database.Statement): void {
  try {
    stmt.run(UNBINDABLE);
  } catch {
    // Expected: the bind error is how this works.
  }
}

/**
 * Runs `attempt`, retrying with short backoff while it fails with SQLITE_BUSY; `onGiveUp` runs
 * before the final error is thrown. Callers retry the *same* prepared statement: each run of
 * it starts with a reset, whereas a fresh statement would leave the failed one pending.
 */
export async function withBusyRetry<T>(attempt: () => T, policy: BusyPolicy, onGiveUp?: () => void): Promise<T> {
  const deadline = Date.now() + policy.timeoutMs;
  for (let n = 0; ; n++) {
    try {
      return attempt();
    } catch (e) {
      // BUSY_SNAPSHOT (517): our read snapshot is stale; waiting cannot fix it, only a new transaction.
      const snapshot = (e as { rawCode?: number }).rawCode === 517;
      if (!isBusy(e) || snapshot || policy.aborted() || Date.now() >= deadline) {
        onGiveUp?.();
        throw e;
      }
      await sleep(Math.min(2 ** n, 25));
    }
  }
}
