/**
 * Nothing lost: the Node host is SIGKILLed with webhook attempts in flight (the receiver is
 * holding as many as the host sends one endpoint at a time) and more deliveries waiting in its
 * in-memory queue. After a restart on the same database every event reaches the receiver: the
 * start-up sweep finds the queued ones, and the in-flight ones once their lease lapses.
 * Duplicates are allowed (at least once); losses are not.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_RUNNER_LIMITS } from "../../worker/jobs/memory-queue";
import { pixBody } from "../support/fixtures";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { startWebhookReceiver } from "../support/webhook-receiver";

const dir = mkdtempSync(join(tmpdir(), "pay-webhooks-crash-"));
/** Deliveries the host keeps in flight to one endpoint: the receiver holds all of them. */
const IN_FLIGHT = DEFAULT_RUNNER_LIMITS.perKey;
const receiverPromise = startWebhookReceiver(Array(IN_FLIGHT).fill("hang"));
afterAll(async () => {
  killAllHosts();
  await (await receiverPromise).close();
  rmSync(dir, { recursive: true, force: true });
});

const EVENTS = IN_FLIGHT + 4;

describe("webhooks on the Node host survive a SIGKILL", () => {
  it("every event is delivered after a restart, those in flight included", async () => {
    const receiver = await receiverPromise;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A short POST timeout (so the lease is short) and a 1 s sweep keep the test quick. No demo
    // shop: its own webhook would double the seller's deliveries counted below.
    const env = { PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}`, WEBHOOK_TIMEOUT_MS: "4000", SWEEP_INTERVAL_SECONDS: "1", DEMO_PORT: "off" };
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

    // The first deliveries hang at the receiver; the others wait behind them in the host's memory.
    // All at once: the held attempts must still be in flight (within the timeout) at the kill.
    const charges = await Promise.all(Array.from({ length: EVENTS }, (_, i) => call("POST", "/v1/transactions", pixBody({ amount: 1000 + i }))));
    await Promise.all(charges.map((tx) => call("POST", `/v1/sandbox/transactions/${tx.id}/pay`)));
    const { items: before } = await call("GET", `/v1/sellers/${sellerId}/webhooks/deliveries`);
    expect(before).toHaveLength(EVENTS);
    for (let i = 0; i < 100 && receiver.received.length < IN_FLIGHT; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.map((r) => r.answer)).toEqual(Array(IN_FLIGHT).fill("hang"));
    await stopNodeHost(first.child, port, "SIGKILL");
    const eventIds = before.map((d: { eventId: string }) => d.eventId).sort();

    await startNodeHost(env);
    const deadline = Date.now() + 45_000;
    const arrived = () => new Set(receiver.received.filter((r) => r.answer === 200).map((r) => JSON.parse(r.body).id as string));
    while (arrived().size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect([...arrived()].sort()).toEqual(eventIds);

    const { items: after } = await call("GET", `/v1/sellers/${sellerId}/webhooks/deliveries`);
    expect(after.map((d: { status: string }) => d.status)).toEqual(Array(EVENTS).fill("DELIVERED"));
    // Those cut off mid-attempt were sent again: their first attempt has no record, their second does.
    const resent = after.filter((d: { attempts: number }) => d.attempts === 2);
    expect(resent).toHaveLength(IN_FLIGHT);
    for (const d of resent) expect(d.attemptsLog).toEqual([expect.objectContaining({ attempt: 2, httpStatus: 200 })]);
  }, 90_000);
});
