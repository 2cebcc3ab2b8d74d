/**
 * The Node host as a child process (`npm start`, as a user runs it), for tests that start, stop
 * and kill it. Each host runs in its own process group, so a signal reaches npm and the server
 * together; `killAllHosts` in an `afterAll` makes sure nothing outlives the test file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

const children: ChildProcess[] = [];

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Starts `npm start` with `env` added to this process's, resolving with its stdout once it is listening. */
export async function startNodeHost(env: Record<string, string>): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn("npm", ["start"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  children.push(child);
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${out}`)), 30_000);
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes('"msg":"server.listening"')) {
        clearTimeout(timer);
        resolve({ child, out });
      }
    });
    child.stderr!.on("data", (d) => (out += d));
    child.on("exit", (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

/** Sends `signal` to the host's process group and waits until it has exited and `port` is free. */
export async function stopNodeHost(child: ChildProcess, port: number, signal: NodeJS.Signals = "SIGTERM") {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    process.kill(-child.pid!, signal);
  });
  for (let i = 0; i < 100; i++) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once("error", () => resolve(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
    });
    if (free) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`port ${port} still busy`);
}

/** Kills every host this file started that may still run (for `afterAll`). */
export function killAllHosts(): void {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
