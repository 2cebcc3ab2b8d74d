/**
 * The Node host as a user runs it: `npm start` on a fresh database prints working keys, serves the
 * README's walk-through, and a second start prints the same seller but never the secret again.
 * Also `npm run admin -- seller:create --json` prints exactly one JSON object.
 */
import { KEY_CACHE_TTL_SECONDS } from "../worker/domain/api-keys";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DashboardVisitor } from "./support/dashboard";
import { afterAll, describe, expect, it } from "vitest";
import { buyerBody } from "./support/fixtures";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "./support/node-host";

const dir = mkdtempSync(join(tmpdir(), "pay-node-host-"));
afterAll(() => {
  killAllHosts();
  rmSync(dir, { recursive: true, force: true });
});

const env = (port: number) => ({ ...process.env, PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}` });
const start = (port: number) => startNodeHost({ PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}` });
const stop = stopNodeHost;

/** Runs a command with the host's environment; `port` null: without PORT, as from another shell. */
function run(cmd: string, args: string[], port: number | null): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const rest: NodeJS.ProcessEnv = { ...env(0) };
  delete rest.PORT;
  delete rest.PUBLIC_BASE_URL;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: port === null ? rest : env(port), stdio: ["ignore", "pipe", "pipe"] });
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

    // The owner's dashboard invite, printed beside the keys: a passkey registered from it signs in.
    const inviteUrl = /Dashboard\s+(\S+#token=\w+)/.exec(first.out)?.[1];
    expect(inviteUrl, first.out).toBeTruthy();
    const owner = new DashboardVisitor((path, init) => fetch(`${new URL(inviteUrl!).origin}${path}`, init), new URL(inviteUrl!).origin);
    const registered = await owner.register(inviteUrl!);
    expect(registered.status, await registered.clone().text()).toBe(201);
    // Plain http on this machine: the cookie cannot be Secure, or the browser would drop it.
    expect(registered.headers.get("set-cookie")).not.toMatch(/Secure/);
    expect(await (await owner.request("GET", "/dashboard/api/me")).json()).toMatchObject({ member: { profile: "OWNER" }, seller: { id: sellerId } });
    await stop(first.child, port);

    const second = await start(port);
    expect(second.out).toContain(sellerId!);
    expect(second.out).not.toContain("sk_test_");
    expect(second.out).not.toContain("#token=");
    // The operator's recovery path: a new invite from the CLI; the printed one no longer works.
    const invited = await run("npm", ["run", "admin", "--", "team:invite", "--seller", sellerId!, "--email", "ops@example.com", "--profile", "FINANCE", "--json"], port);
    expect(invited.code, invited.stderr).toBe(0);
    const { inviteUrl: cliInvite, profile } = JSON.parse(invited.stdout);
    expect(profile).toBe("FINANCE");
    const ops = new DashboardVisitor((path, init) => fetch(`${new URL(cliInvite).origin}${path}`, init), new URL(cliInvite).origin);
    expect((await ops.register(cliInvite)).status).toBe(201);
    expect((await (await ops.request("GET", "/dashboard/api/me")).json()).member.email).toBe("ops@example.com");
    // From another shell, without the host's PORT: the invite still names the running host (issue 31).
    const elsewhere = await run("npm", ["run", "admin", "--", "team:invite", "--seller", sellerId!, "--email", "ana@example.com", "--profile", "OPERATION"], null);
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    // (localhost: passkeys need a host name, domain/dashboard/relying-party.ts), on the host's port, not 8787.
    expect(elsewhere.stdout).toMatch(new RegExp(`^Invite for ana@example\\.com \\(OPERATION\\), single use, until \\S+:\\n  http://localhost:${port}/dashboard/invite#token=\\w+\\n$`));
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
    // Stopped, the host no longer claims the database: the CLI falls back to its own PORT/PUBLIC_BASE_URL.
    expect(existsSync(join(dir, "host.json"))).toBe(false);
  }, 90_000);
});
