/**
 * Undoing what the bench set up (child servers, temp dirs) however it ends: normal return, a
 * thrown error, Ctrl-C or SIGTERM. Servers run in their own process groups (so a stray Ctrl-C in
 * the terminal does not kill them mid-round), which means nobody but us will ever stop them.
 */

/** A step to undo at exit: `run` may be async; `runSync` is the last resort on `process.exit`. */
export interface CleanupStep {
  run(): Promise<void>;
  runSync(): void;
}

const steps: CleanupStep[] = [];
let running: Promise<void> | null = null;
let finished = false;

/** Registers a step; steps run in reverse order of registration (servers before their dirs). */
export function onCleanup(step: CleanupStep): void {
  steps.push(step);
}

/**
 * Runs every registered step once, newest first; errors are reported, not thrown. Later calls
 * (a second signal: npx forwards SIGTERM right after the terminal's SIGINT) share the first run.
 */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    for (const step of [...steps].reverse()) {
      try {
        await step.run();
      } catch (err) {
        process.stderr.write(`bench: cleanup failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
    finished = true;
  })();
  return running;
}

/**
 * Installs the signal and exit handlers. On a signal the async cleanup runs and the process exits
 * with 128 + signal number; on any exit before cleanup finished the synchronous fallbacks run
 * (they are idempotent), so a crash never leaves a server listening or a big database in /tmp.
 */
export function installCleanupHandlers(): void {
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    if (!running) process.stderr.write(`\nbench: ${signal}, stopping servers and removing temp files…\n`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.on("SIGINT", () => onSignal("SIGINT", 130));
  process.on("SIGTERM", () => onSignal("SIGTERM", 143));
  process.once("exit", () => {
    if (finished) return;
    for (const step of [...steps].reverse()) {
      try {
        step.runSync();
      } catch {
        // Exiting anyway; nothing left to report to.
      }
    }
  });
}
