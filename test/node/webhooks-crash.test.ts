/**
 * Nothing lost: the Node host is SIGKILLed with one webhook attempt in flight (the receiver is
 * holding it) and more deliveries waiting in its in-memory queue. After a restart on the same
 * database every event reaches the receiver: the start-up sweep finds the queued ones, and the
 * in-flight one once its lease lapses. Duplicates are allowed (at least once); losses are not.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pixBody } from "../support/fixtures";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { startWebhookReceiver } from "../support/webhook-receiver";

const dir = mkdtempSync(join(tmpdir(), "pay-webhooks-crash-"));
const receiverPromise = startWebhookReceiver(["hang"]);
afterAll(async () => {
  killAllHosts();
  await (await receiverPromise).close();
  rmSync(dir, { recursive: true, force: true });
});

const EVENTS = 5;

describe("webhooks on the Node host survive a SIGKILL", () => {
  it("every event is delivered after a restart, the in-flight one included", async () => {
    const receiver = await receiverPromise;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A short POST timeout (so the lease is short) and a 1 s sweep keep the test quick. No demo
    // shop: its own webhook would double the seller's deliveries counted below.
    const env = { PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}`, WEBHOOK_TIMEOUT_MS: "2000", SWEEP_INTERVAL_SECONDS: "1", DEMO_PORT: "off" };
    const first = await startNodeHost(env);
    const sellerId = /Seller\s+([0-9a-f-]{36})/.exec(first.out)![1]!;
    const key = /Secret key\s+(sk_test_\w+)/.exec(first.out)![1]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, { method, headers: { "X-Api-Key": key, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    await call("POST", `/v1/sellers/${sellerId}/webhooks`, { url: receiver.url, eventTypes: ["TRANSACTION_PAID"] });

    // The first delivery hangs at the receiver; the others wait behind it in the host's memory.
    for (let i = 0; i < EVENTS; i++) {
      const tx = await call("POST", "/v1/transactions", pixBody({ amount: 1000 + i }));
      await call("POST", `/v1/sandbox/transactions/${tx.id}/pay`);
    }
    const { items: before } = await call("GET", `/v1/sellers/${sellerId}/webhooks/deliveries`);
    expect(before).toHaveLength(EVENTS);
    for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received.map((r) => r.answer)).toEqual(["hang"]);
    await stopNodeHost(first.child, port, "SIGKILL");
    const eventIds = before.map((d: { eventId: string }) => d.eventId).sort();

    await startNodeHost(env);
    const deadline = Date.now() + 30_000;
    const arrived = () => new Set(receiver.received.filter((r) => r.answer === 200).map((r) => JSON.parse(r.body).id as string));
    while (arrived().size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect([...arrived()].sort()).toEqual(eventIds);

    const { items: after } = await call("GET", `/v1/sellers/${sellerId}/webhooks/deliveries`);
    expect(after.map((d: { status: string }) => d.status)).toEqual(Array(EVENTS).fill("DELIVERED"));
    // The one cut off mid-attempt was sent again: its first attempt has no record, its second does.
    const resent = after.find((d: { attempts: number }) => d.attempts === 2);
    expect(resent?.attemptsLog).toEqual([expect.objectContaining({ attempt: 2, httpStatus: 200 })]);
  }, 90_000);
});
