/**
 * demo/webhook-receiver.ts: a correctly signed delivery gets 200 (once processed, then as a
 * duplicate), a badly signed one 401. Imported with `startReceiver()`, and run as the README says
 * (tsx, PORT and WEBHOOK_SECRET), each on a free port of 127.0.0.1 and stopped afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../demo/webhook-receiver";
import { newWebhookSecret, serviceSignature } from "../../shared/webhooks";

const secret = newWebhookSecret();
const envelope = (id: string) =>
  JSON.stringify({ id, type: "TRANSACTION_PAID", occurredAt: new Date().toISOString(), data: { transaction: { id: "tx-1" } } });

async function post(url: string, body: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (signature !== null) headers["x-service-signature"] = signature;
  return fetch(url, { method: "POST", headers, body });
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("the demo webhook receiver", () => {
  it("answers 200 to a signed delivery, drops its duplicate, and 401 to bad signatures", async () => {
    const lines: string[] = [];
    const receiver = await startReceiver({ secret, port: 0, log: (line) => lines.push(line) });
    cleanups.push(receiver.close);
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

    const body = envelope("evt-1");
    const signature = await serviceSignature(body, secret);
    const first = await post(receiver.url, body, signature);
    expect(first.status).toBe(200);
    expect(lines).toEqual(["TRANSACTION_PAID transaction=tx-1 event=evt-1"]);
    expect((await post(receiver.url, body, signature)).status).toBe(200);
    expect(lines[1]).toBe("duplicate evt-1 ignored");

    const other = envelope("evt-2");
    expect((await post(receiver.url, other, signature)).status).toBe(401); // another body's signature
    expect((await post(receiver.url, JSON.stringify(JSON.parse(body), null, 2), signature)).status).toBe(401);
    expect((await post(receiver.url, other, await serviceSignature(other, newWebhookSecret()))).status).toBe(401);
    expect((await post(receiver.url, other, null)).status).toBe(401);
    expect(lines).toHaveLength(2);
  });

  it("runs from the command line with PORT and WEBHOOK_SECRET", async () => {
    // PORT=0: the receiver prints the port it got, so no port is guessed and none can collide.
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join("demo", "webhook-receiver.ts")], {
      cwd: join(__dirname, "..", ".."),
      env: { ...process.env, PORT: "0", WEBHOOK_SECRET: secret },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    });
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start in time:\n${out}`)), 15_000);
      child.stdout!.on("data", () => {
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });

    const body = envelope("evt-cli");
    expect((await post(url, body, await serviceSignature(body, secret))).status).toBe(200);
    expect((await post(url, body, "0".repeat(64))).status).toBe(401);
    await expect.poll(() => out).toContain("TRANSACTION_PAID transaction=tx-1 event=evt-cli");
  });
});
