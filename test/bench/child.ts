/**
 * A server under test as a child process: spawned in its own process group on 127.0.0.1, its
 * stdout drained through a pipe (the host writes one JSON log line per request; a pipe somebody
 * reads is what production has, /dev/null would make logging look free), its stderr kept for
 * error reports, stopped with its whole group (tsx runs the script in a grandchild process).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createServer } from "node:net";
import { onCleanup } from "./cleanup";

const TAIL_CHARS = 8_000;

/** A running child server. */
export interface ChildServer {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  process: ChildProcess;
  /** Lines and bytes read from its stdout so far (the host's request log). */
  stdout: { lines: number; bytes: number; tail: string };
  /** The last few KB of its stderr. */
  stderrTail(): string;
  /** Throws, with its stderr, if it has exited. */
  assertAlive(): void;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** What to spawn. */
export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
}

/** A port free on 127.0.0.1 right now (the OS picks it; the child binds it a moment later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole group (detached made the child its leader).
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Spawns a server and registers its stop with the cleanup handlers. */
export function spawnServer(opts: SpawnOptions): ChildServer {
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stdout = { lines: 0, bytes: 0, tail: "" };
  let stderr = "";
  // BENCH_HOST_STDOUT=<file> keeps every server's whole stdout there (node --trace-gc, say).
  const keep = process.env.BENCH_HOST_STDOUT;
  child.stdout!.on("data", (chunk: Buffer) => {
    if (keep) appendFileSync(keep, chunk);
    stdout.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) stdout.lines++;
    stdout.tail = (stdout.tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-TAIL_CHARS);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  child.once("error", (err) => {
    stderr += `\nspawn failed: ${err.message}`;
  });

  const stop = async (graceMs = 5_000) => {
    if (child.exitCode === null && child.signalCode === null) killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
    // The grandchild (tsx's worker) may outlive the leader for a moment; make sure.
    killGroup(child, "SIGKILL");
  };
  onCleanup({ run: () => stop(), runSync: () => killGroup(child, "SIGKILL") });

  const server: ChildServer = {
    name: opts.name,
    port: opts.port,
    url: `http://127.0.0.1:${opts.port}`,
    process: child,
    stdout,
    stderrTail: () => stderr,
    assertAlive() {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${opts.name} exited (${child.exitCode ?? child.signalCode}).\n--- stderr ---\n${stderr}\n--- stdout (tail) ---\n${stdout.tail.slice(-2000)}`,
        );
      }
    },
    stop,
  };
  return server;
}

/** Polls `GET <url><path>` until it answers 200, the child exits, or `timeoutMs` passes. */
export async function waitForHealth(server: ChildServer, path: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    server.assertAlive();
    try {
      const res = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${server.name} did not answer ${path} within ${timeoutMs} ms (last: ${last}).\n${server.stderrTail()}`);
}
