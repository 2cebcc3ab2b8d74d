/**
 * Stopping the Node host (docs/operations.md, "Stopping"): SIGTERM while 10 clients create PIX
 * charges in a loop over keep-alive connections. No request the host read meets a reset (a refused
 * connection, once the host has stopped listening, is how a client learns to go elsewhere; so is a
 * reset of a connection the kernel had completed but the host never accepted, as closing the
 * listening socket does to its queue); every 201 a client got is a row of the
 * database file, every row was answered with a 201; the host exits 0. And `npm start` stopped the
 * way `docker stop` stops a container, SIGTERM to npm alone, leaves no server behind.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { pixBody } from "../support/fixtures";
import { freePort, killAllHosts, startNodeHost } from "../support/node-host";

const dir = mkdtempSync(join(tmpdir(), "pay-shutdown-"));
const servers: ChildProcess[] = [];
afterAll(() => {
  killAllHosts();
  for (const child of servers) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** The server process itself, as `npm start` execs it: `node worker/cli/start.mjs`. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn(process.execPath, ["worker/cli/start.mjs"], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  servers.push(child);
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${out}`)), 60_000);
    const check = setInterval(() => {
      if (!out.includes('"msg":"server.listening"')) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve({ child, out: () => out });
    }, 50);
    child.once("exit", (code) => {
      clearInterval(check);
      reject(new Error(`exited ${code}:\n${out}`));
    });
  });
}

interface Load {
  /** Ids of the charges answered 201. */
  answered: string[];
  /** Other answers, by status. */
  otherStatuses: number[];
  /** Errors other than a refused connection (a reset under a request the host had read, a socket closed under one). */
  broken: string[];
  /**
   * Resets of a connection opened just as the host stopped listening: the kernel had completed
   * its handshake but the host never accepted it, and closing the listening socket resets it.
   * The host never read the request (no row can be its), so for the client it is a refusal.
   */
  neverAccepted: number;
  /** Resolves when every client has met a refused connection. */
  done: Promise<void>;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One POST over `agent`, keep-alive as fetch does; a failure says whether the request went out on
 * a reused connection (`reusedSocket`), the only kind the host could have read a request from.
 */
function post(agent: Agent, url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
      res.on("error", reject);
    });
    req.on("error", (err: NodeJS.ErrnoException) => reject(Object.assign(err, { reused: req.reusedSocket })));
    req.end(body);
  });
}

/** `clients` loops creating PIX charges over keep-alive connections until the host refuses connections. */
function chargeLoop(base: string, sk: string, clients: number): Load {
  const load: Load = { answered: [], otherStatuses: [], broken: [], neverAccepted: 0, done: Promise.resolve() };
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const headers = { "X-Api-Key": sk, "Content-Type": "application/json" };
  const client = async () => {
    for (;;) {
      try {
        const res = await post(agent, `${base}/v1/transactions`, headers, JSON.stringify(pixBody()));
        if (res.status === 201) load.answered.push((JSON.parse(res.body) as { id: string }).id);
        else load.otherStatuses.push(res.status);
      } catch (err) {
        const { code, message, reused } = err as NodeJS.ErrnoException & { reused: boolean };
        if (code === "ECONNREFUSED") return;
        if (code === "ECONNRESET" && !reused) {
          load.neverAccepted++;
          return;
        }
        load.broken.push(`${code ?? ""} ${message}${reused ? " (reused connection)" : ""}`);
        return;
      }
    }
  };
  load.done = Promise.all(Array.from({ length: clients }, client)).then(() => agent.destroy());
  return load;
}

async function rowIds(dbFile: string): Promise<string[]> {
  const db = createClient({ url: `file:${dbFile}` });
  try {
    return (await db.execute("select id from transactions")).rows.map((r) => String(r.id));
  } finally {
    db.close();
  }
}

describe("graceful shutdown of the Node host", () => {
  it("SIGTERM under load: no reset, every 201 is a row and every row was answered, exit 0", async () => {
    const port = await freePort();
    const dbFile = join(dir, "load.db");
    const { child, out } = await startServer({ PORT: String(port), DATABASE_URL: `file:${dbFile}`, DEMO_PORT: "off" });
    const sk = /Secret key\s+(sk_test_\w+)/.exec(out())![1]!;

    const load = chargeLoop(`http://127.0.0.1:${port}`, sk, 10);
    // Under way: some charges answered, ten requests in flight.
    while (load.answered.length < 100 && load.broken.length === 0) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const code = await exited;
    const stopMs = Date.now() - signalledAt;
    await load.done;

    expect(load.broken).toEqual([]);
    if (load.neverAccepted > 0) console.info(`graceful shutdown: ${load.neverAccepted} connection(s) reset before the host accepted them`);
    expect(load.otherStatuses).toEqual([]);
    expect(code, out()).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    const rows = await rowIds(dbFile);
    expect(new Set(rows)).toEqual(new Set(load.answered));
    expect(rows.length).toBe(load.answered.length);
    // The log says so, and was flushed before the exit.
    const lines = out().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "server.stopping", level: "info", signal: "SIGTERM" }));
    expect(lines.at(-1)).toMatchObject({ msg: "server.stopped", level: "info", complete: true });
  }, 120_000);

  it("npm start stopped as docker stop does (SIGTERM to npm alone) leaves no server behind", async () => {
    const port = await freePort();
    const { child } = await startNodeHost({ PORT: String(port), DATABASE_URL: `file:${join(dir, "npm.db")}`, DEMO_PORT: "off" });
    // npm only, not its process group.
    process.kill(child.pid!, "SIGTERM");
    const stoppedBy = Date.now() + 12_000;
    let serving = true;
    while (serving && Date.now() < stoppedBy) {
      serving = await fetch(`http://127.0.0.1:${port}/health/live`).then(
        () => true,
        () => false,
      );
      if (serving) await new Promise((r) => setTimeout(r, 100));
    }
    expect(serving, "the server still answers after SIGTERM to npm").toBe(false);
    // Nothing of the host's process group is left running.
    let alive = true;
    while (alive && Date.now() < stoppedBy) {
      try {
        process.kill(-child.pid!, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        alive = false;
      }
    }
    expect(alive, "a process of `npm start` outlived it").toBe(false);
  }, 120_000);
});
