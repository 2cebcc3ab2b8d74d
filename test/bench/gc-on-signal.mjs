/**
 * Preloaded into the billing bench's host (`NODE_OPTIONS=--expose-gc --import …`): SIGUSR2 runs a
 * full garbage collection, so the bench can read the heap that is still reachable (what billing
 * retained) rather than garbage V8 has not collected yet. Bench only: the host never does this.
 */
process.on("SIGUSR2", () => globalThis.gc?.());
