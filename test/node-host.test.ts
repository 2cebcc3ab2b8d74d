/**
 * The Node host as a user runs it: `npm start` on a fresh database prints working keys, serves the
 * README's walk-through, and a second start prints the same seller but never the secret again.
 * Also `npm run admin -- seller:create --json` prints exactly one JSON object.
 */
import { KEY_CACHE_TTL_SECONDS } from "../worker/domain/api-keys";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buyerBody } from "./support/fixtures";

const dir = mkdtempSync(join(tmpdir(), "pay-node-host-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const env = (port: number) => ({ ...process.env, PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}` });

/** Starts `npm start`, resolving with its stdout once it is listening. */
async function start(port: number): Promise<{ child: ChildProcess; out: string }> {
  // Its own process group, so stopping it stops npm, tsx and node together.
  const child = spawn("npm", ["start"], { env: env(port), stdio: ["ignore", "pipe", "pipe"], detached: true });
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

/** Stops the whole process group and waits until the port is free again. */
async function stop(child: ChildProcess, port: number) {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    process.kill(-child.pid!, "SIGTERM");
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

function run(cmd: string, args: string[], port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: env(port), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm start (Node host, embedded libSQL file)", () => {
  it("first start prints working keys; the README walk-through works; restarts never reprint the secret", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await start(port);
    const sellerId = /Seller\s+([0-9a-f-]{36})/.exec(first.out)?.[1];
    const sk = /Secret key\s+(sk_test_\w+)/.exec(first.out)?.[1];
    const pk = /Publishable\s+(pk_test_\w+)/.exec(first.out)?.[1];
    expect(sellerId && sk && pk, first.out).toBeTruthy();
    expect(first.out).toContain(`${base}/docs`);

    const health = await fetch(`${base}/health`);
    expect(await health.json()).toMatchObject({ database: "reachable" });

    const created = await fetch(`${base}/v1/buyers`, {
      method: "POST",
      headers: { "X-Api-Key": sk!, "Content-Type": "application/json" },
      body: JSON.stringify(buyerBody()),
    });
    expect(created.status).toBe(201);
    const buyer = await created.json();
    const read = await fetch(`${base}/v1/buyers/${buyer.id}`, { headers: { Authorization: `ApiKey ${sk}` } });
    expect((await read.json()).documentNumber).toBe("***.982.247-**");
    const patched = await fetch(`${base}/v1/buyers/${buyer.id}`, {
      method: "PATCH",
      headers: { "X-Api-Key": sk!, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "maria.silva@example.com" }),
    });
    expect((await patched.json()).email).toBe("maria.silva@example.com");
    const withPk = await fetch(`${base}/v1/buyers/${buyer.id}`, { headers: { "X-Api-Key": pk! } });
    expect(withPk.status).toBe(401);
    await stop(first.child, port);

    const second = await start(port);
    expect(second.out).toContain(sellerId!);
    expect(second.out).not.toContain("sk_test_");
    const again = await fetch(`${base}/v1/buyers/${buyer.id}`, { headers: { "X-Api-Key": sk! } });
    expect(again.status).toBe(200);

    // The admin CLI, through npm exactly as documented, prints one JSON object and nothing else.
    const admin = await run("npm", ["run", "admin", "--", "seller:create", "--legal-name", "Acme Ltda", "--email", "ops@acme.test", "--city", "Curitiba", "--json"], port);
    expect(admin.code, admin.stderr).toBe(0);
    const created2 = JSON.parse(admin.stdout);
    expect(Object.keys(created2)).toEqual(["sellerId", "apiKey", "publishableKey"]);
    expect(created2.apiKey).toMatch(/^sk_test_/);
    expect(created2.publishableKey).toMatch(/^pk_test_/);
    const asAcme = await fetch(`${base}/v1/buyers/${buyer.id}`, { headers: { "X-Api-Key": created2.apiKey } });
    expect(asAcme.status).toBe(404);

    const rotated = await run("npm", ["run", "admin", "--", "keys:rotate", "--seller", created2.sellerId, "--json"], port);
    const keys = JSON.parse(rotated.stdout);
    expect(keys.sellerId).toBe(created2.sellerId);
    expect((await fetch(`${base}/v1/buyers`, { headers: { "X-Api-Key": keys.apiKey } })).status).toBe(200);
    // Revoked by another process (the CLI), the old key stops working on the running host once
    // its key cache entry expires: within KEY_CACHE_TTL_SECONDS (docs/authentication.md).
    const revokedAt = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - revokedAt < (KEY_CACHE_TTL_SECONDS + 2) * 1000) {
      status = (await fetch(`${base}/v1/buyers`, { headers: { "X-Api-Key": created2.apiKey } })).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(401);
    await stop(second.child, port);
  }, 90_000);
});
