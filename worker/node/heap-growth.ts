/**
 * How far the Node host's JavaScript heaps may grow between two full collections while a
 * scheduled sweep runs.
 *
 * V8 sets the next full collection's threshold at the live heap times a factor it picks from how
 * fast the program allocates: up to 4× for a busy process. The host's live heap is 40–60 MB, so a
 * sweep that allocates fast (the billing sweep: an invoice, its charge, its events and their JSON,
 * ten thousand times) let the heaps grow by 150–215 MB of garbage before V8 collected it, past the
 * 128 MB ceiling the bench holds the host to, while the reachable heap stayed flat. With a fixed
 * factor of 1.5 during the sweep the peak was +67 MB at the same invoices per second (docs/performance.md,
 * "The heap's growth during sweeps").
 *
 * Only during sweeps: the same bound all the time made the API's full collections more frequent
 * (lists and link checkouts lost 5–10 % and the p99 of creates at 50 connections went past twice
 * the floor's), and request traffic keeps nothing either. `--heap-growing-percent` is read each
 * time V8 computes a threshold, and is the process's (the database thread's heap too), so setting
 * it around the sweep run holds for `npm start`, the built server and the bench alike.
 */
import { setFlagsFromString } from "node:v8";

/** While bounded, the old generation grows by at most this percentage of its live size between full collections. */
export const SWEEP_HEAP_GROWING_PERCENT = 50;

/**
 * A runner of batch work with the heap's growth bounded while any of it runs: overlapping runs
 * share the bound, and the last to end gives V8 back its own factor (`--heap-growing-percent=0`).
 * `setFlags` is V8's (tests give their own).
 */
export function heapGrowthBound(setFlags: (flags: string) => void = setFlagsFromString) {
  let running = 0;
  return async function whileBounded<T>(work: () => Promise<T>): Promise<T> {
    if (running++ === 0) setFlags(`--heap-growing-percent=${SWEEP_HEAP_GROWING_PERCENT}`);
    try {
      return await work();
    } finally {
      if (--running === 0) setFlags("--heap-growing-percent=0");
    }
  };
}

/** The process's runner: the flag is one per process, so every platform in it shares the count. */
export const whileSweeping = heapGrowthBound();
