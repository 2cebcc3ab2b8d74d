/**
 * The live PIX operator commands (`npm run admin -- pix:check | pix:webhook | pix:reconcile`,
 * worker/cli/pix-commands.ts) as an operator runs them: the CLI's dispatch in this process
 * (test/support/admin-cli.ts; the first check goes through the real entry as a child process),
 * its PIX_PSP_* pointing at the PSP simulator over real HTTP, a database of its own. And the Node
 * host's start, which registers the callback itself when PIX_PSP_* and PIX_RECEIVER_KEY are set.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBcbPixPsp } from "../../worker/connectors/bcb-pix/client";
import { startPspSimulator, type PspSimulator } from "../../worker/connectors/bcb-pix/simulator/server";
import { pspCallbackUrl } from "../../worker/domain/pix/psp-callback";
import { createNodeVault } from "../../worker/node/node-vault";
import { registerPspCallbackAtStart } from "../../worker/node/psp-webhook";
import { pspAcquirer } from "../../worker/domain/acquirers/psp";
import type { Platform } from "../../worker/platform";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { fetchTransport } from "../../worker/connectors/http/fetch-transport";
import { runAdmin } from "../support/admin-cli";

const dir = mkdtempSync(join(tmpdir(), "pay-admin-pix-"));
const VAULT_KEY = Buffer.alloc(32, 7).toString("base64");
const BASE_URL = "https://pay.example.com";
let sim: PspSimulator;

beforeAll(async () => {
  sim = await startPspSimulator({ receiverKey: "c0ffee00-0000-4000-8000-000000000029" });
});
afterAll(async () => {
  killAllHosts();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The variables that point the gateway at the simulator (none of the parent's PIX_PSP_* leak in). */
function pspEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("PIX_PSP_") || name === "PIX_RECEIVER_KEY") delete env[name];
  Object.assign(env, {
    DATABASE_URL: `file:${join(dir, "pay.db")}`,
    VAULT_KEY,
    PUBLIC_BASE_URL: BASE_URL,
    PIX_PSP_URL: sim.url,
    PIX_PSP_CLIENT_ID: sim.clientId,
    PIX_PSP_CLIENT_SECRET: sim.clientSecret,
    PIX_RECEIVER_KEY: sim.receiverKey,
    PIX_PSP_RECEIVER_ACCOUNT: "0001/1234567/CORRENTE",
  });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** `npm run admin -- ...args` with `env`, in this process. */
const admin = runAdmin;

/** The same through the CLI's real entry, as a child process: what `npm run admin` runs. */
function spawnAdmin(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "worker/cli/admin.ts", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The callback URL the installation of `VAULT_KEY` and `baseUrl` serves. */
const expectedCallback = (baseUrl = BASE_URL) =>
  pspCallbackUrl({ config: { baseUrl }, vault: createNodeVault(VAULT_KEY, []) } as unknown as Platform);

/** The connector, straight to the simulator: the PSP's side of things in a test. */
const directPsp = () => createBcbPixPsp({ baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: sim.clientSecret, transport: fetchTransport() });

type Check = { check: string; status: string; detail: string };
const checkOf = (stdout: string, name: string) => (JSON.parse(stdout) as { checks: Check[] }).checks.find((c) => c.check === name);

describe("npm run admin -- pix:check and pix:webhook", () => {
  it("before pix:webhook: the webhook is not registered (exit 1); pix:webhook registers the callback; then all is well (exit 0)", async () => {
    sim.control.reset();
    const before = await spawnAdmin(pspEnv(), "pix:check");
    expect(before.code, before.stderr).toBe(1);
    expect(before.stdout).toMatch(/ok +settings/);
    expect(before.stdout).toMatch(/ok +token/);
    expect(before.stdout).toMatch(/FAIL +webhook +no callback is registered/);
    expect(before.stdout).toContain("npm run admin -- pix:webhook");

    const registered = await admin(pspEnv(), "pix:webhook");
    expect(registered.code, registered.stderr).toBe(0);
    expect(registered.stdout).toContain(`${BASE_URL}/psp/pix/…`);
    const url = await expectedCallback();
    const secret = url.slice(url.lastIndexOf("/") + 1);
    expect(registered.stdout).not.toContain(secret);
    expect(await directPsp().getWebhook(sim.receiverKey)).toBe(url);
    expect(sim.control.received().find((r) => r.method === "PUT" && r.path.startsWith("/webhook/"))!.body).toEqual({ webhookUrl: url });

    const after = await admin(pspEnv(), "pix:check", "--json");
    expect(after.code, after.stderr).toBe(0);
    const report = JSON.parse(after.stdout);
    expect(report).toMatchObject({ ok: true, callbackUrl: `${BASE_URL}/psp/pix/…` });
    expect(report.checks.map((c: Check) => [c.check, c.status])).toEqual([["settings", "ok"], ["receiver key", "ok"], ["token", "ok"], ["webhook", "ok"]]);
    for (const out of [before, registered, after]) {
      expect(out.stdout + out.stderr).not.toContain(sim.clientSecret);
      expect(out.stdout + out.stderr).not.toContain(secret);
    }
  }, 60_000);

  it("a callback registered to another URL is named as such, redacted", async () => {
    sim.control.reset();
    await directPsp().registerWebhook(sim.receiverKey, "https://elsewhere.example/hooks/t0ps3cr3t");
    const out = await admin(pspEnv(), "pix:check", "--json");
    expect(out.code).toBe(1);
    const webhook = checkOf(out.stdout, "webhook")!;
    expect(webhook.status).toBe("fail");
    expect(webhook.detail).toContain("https://elsewhere.example/…");
    expect(webhook.detail).toContain(`not this installation's ${BASE_URL}/psp/pix/…`);
    expect(out.stdout).not.toContain("t0ps3cr3t");
  }, 60_000);

  it("a wrong client secret: exit 1 naming the token step, and neither secret is printed", async () => {
    const wrong = "wr0ng-s3cret-that-must-not-print";
    const text = await admin(pspEnv({ PIX_PSP_CLIENT_SECRET: wrong }), "pix:check");
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/FAIL +token +.*refused client/);
    expect(text.stdout).toContain("PIX_PSP_CLIENT_SECRET");
    expect(text.stdout).toMatch(/-- +webhook +needs a token/);
    const json = await admin(pspEnv({ PIX_PSP_CLIENT_SECRET: wrong }), "pix:check", "--json");
    expect(json.code).toBe(1);
    expect(checkOf(json.stdout, "token")).toMatchObject({ status: "fail", detail: expect.stringContaining("invalid_client") });
    for (const out of [text, json]) {
      expect(out.stdout + out.stderr).not.toContain(wrong);
      expect(out.stdout + out.stderr).not.toContain(sim.clientSecret);
    }
    // pix:webhook fails the same way, on stderr, without the secret.
    const register = await admin(pspEnv({ PIX_PSP_CLIENT_SECRET: wrong }), "pix:webhook");
    expect(register.code).toBe(1);
    expect(register.stderr).toContain("OAuth token refused");
    expect(register.stdout + register.stderr).not.toContain(wrong);
  }, 60_000);

  it("settings missing or invalid are named (exit 1, no PSP asked); so is PIX_RECEIVER_KEY", async () => {
    const calls = sim.control.received().length;
    const half = await admin(pspEnv({ PIX_PSP_CLIENT_ID: undefined }), "pix:check");
    expect(half.code).toBe(1);
    expect(half.stdout).toMatch(/FAIL +settings +PIX_PSP_CLIENT_ID is not set/);
    const none = await admin(pspEnv({ PIX_PSP_URL: undefined, PIX_PSP_CLIENT_ID: undefined, PIX_PSP_CLIENT_SECRET: undefined }), "pix:check");
    expect(none.code).toBe(1);
    expect(none.stdout).toContain("No PIX_PSP_* variable is set");
    expect(sim.control.received().length).toBe(calls);
    const noKey = await admin(pspEnv({ PIX_RECEIVER_KEY: undefined }), "pix:check", "--json");
    expect(noKey.code).toBe(1);
    expect(checkOf(noKey.stdout, "receiver key")).toMatchObject({ status: "fail", detail: expect.stringContaining("PIX_RECEIVER_KEY is not set") });
    expect(checkOf(noKey.stdout, "token")!.status).toBe("ok");
    expect(checkOf(noKey.stdout, "webhook")!.status).toBe("skipped");
  }, 60_000);
});

describe("npm run admin -- pix:reconcile", () => {
  it("a PIX the PSP received for a txid no transaction has is counted unknown, and named", async () => {
    sim.control.reset();
    const txid = `unknown${crypto.randomUUID().replace(/-/g, "")}`.slice(0, 32);
    await directPsp().createCharge({ txid, amount: 1234, receiverKey: sim.receiverKey, expiresInSeconds: 600 });
    const paid = await sim.control.pay(txid);
    expect(paid.callback.outcome).toBe("none");

    const json = await admin(pspEnv(), "pix:reconcile", "--since", "1h", "--json");
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ windows: 1, received: 1, report: { unknown: 1, settled: 0, already: 0, mismatched: 0 }, amounts: { unknown: 1234 } });
    expect(report.entries).toEqual([{ outcome: "unknown", txid, endToEndId: paid.pix.endToEndId, amount: 1234, transactionId: null, why: expect.any(String) }]);

    const text = await admin(pspEnv(), "pix:reconcile", "--since", new Date(Date.now() - 3_600_000).toISOString());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/matched +0 +R\$ 0,00/);
    expect(text.stdout).toMatch(/settled late +0/);
    expect(text.stdout).toMatch(/unknown +1 +R\$ 12,34/);
    expect(text.stdout).toMatch(/mismatched +0/);
    expect(text.stdout).toContain(`unknown: txid ${txid}`);
  }, 60_000);

  it("lists a long window 24 h at a time, and refuses a window it cannot read (exit 2)", async () => {
    sim.control.reset();
    const until = new Date();
    const since = new Date(until.getTime() - 50 * 3_600_000);
    const out = await admin(pspEnv(), "pix:reconcile", "--since", since.toISOString(), "--until", until.toISOString(), "--json");
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ windows: 3, received: 0 });
    const lists = sim.control.received().filter((r) => r.method === "GET" && r.path === "/pix");
    expect(lists.map((r) => [r.query.inicio, r.query.fim])).toEqual([
      [since.toISOString(), new Date(since.getTime() + 24 * 3_600_000).toISOString()],
      [new Date(since.getTime() + 24 * 3_600_000).toISOString(), new Date(since.getTime() + 48 * 3_600_000).toISOString()],
      [new Date(since.getTime() + 48 * 3_600_000).toISOString(), until.toISOString()],
    ]);
    for (const args of [[], ["--since", "yesterday"], ["--since", "1h", "--until", "2020-01-01T00:00:00Z"], ["--since", "100d"]]) {
      const refused = await admin(pspEnv(), "pix:reconcile", ...args);
      expect(refused.code, args.join(" ")).toBe(2);
      expect(refused.stderr).toContain("npm run admin -- pix:reconcile --since");
    }
  }, 60_000);
});

describe("npm start with PIX_PSP_* set", () => {
  it("registers the callback at the PSP once it listens", async () => {
    sim.control.reset();
    const port = await freePort();
    const env = pspEnv({ PORT: String(port), PUBLIC_BASE_URL: undefined, DEMO_PORT: "off", DATABASE_URL: `file:${join(dir, "host.db")}` });
    const { child } = await startNodeHost(env as Record<string, string>);
    try {
      const url = await expectedCallback(`http://127.0.0.1:${port}`);
      for (let i = 0; i < 100 && (await directPsp().getWebhook(sim.receiverKey)) !== url; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await directPsp().getWebhook(sim.receiverKey)).toBe(url);
      // PIX Automático's webhookrec and webhookcobr, at the same URL.
      const automatico = () => sim.control.received().filter((r) => r.method === "PUT" && (r.path === "/webhookrec" || r.path === "/webhookcobr"));
      for (let i = 0; i < 100 && automatico().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(automatico().map((r) => [r.path, r.status, r.body])).toEqual([
        ["/webhookrec", 200, { webhookUrl: url }],
        ["/webhookcobr", 200, { webhookUrl: url }],
      ]);
    } finally {
      await stopNodeHost(child, port);
    }
  }, 60_000);

  it("a PSP that refuses at start is a warning naming pix:webhook, not a failed start", async () => {
    const wrong = "wr0ng-s3cret-at-start";
    const psp = createBcbPixPsp({ baseUrl: sim.url, tokenUrl: sim.tokenUrl, clientId: sim.clientId, clientSecret: wrong, transport: fetchTransport() });
    const lines: Record<string, unknown>[] = [];
    const platform = { acquirers: { live: pspAcquirer(psp) }, config: { baseUrl: BASE_URL }, vault: createNodeVault(VAULT_KEY, []), log: (line: Record<string, unknown>) => lines.push(line) };
    expect(await registerPspCallbackAtStart(platform as unknown as Platform, sim.receiverKey)).toBe(false);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "psp.webhook_registration_failed", level: "warn", url: `${BASE_URL}/psp/pix/…`, hint: expect.stringContaining("npm run admin -- pix:webhook") }),
    );
    expect(JSON.stringify(lines)).not.toContain(wrong);
  });
});
