/**
 * GET /metrics on the Node host (`npm start`, as an operator runs it): a 404 without
 * METRICS_TOKEN, and with it a 404 to anyone without the bearer token; to the token, the
 * Prometheus text with requests by route template (never a raw id) and status, webhook attempts by
 * outcome, the queue's depth, sweeps and database time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pixBody } from "../support/fixtures";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { readNodeConfig } from "../../worker/node/config";

const dir = mkdtempSync(join(tmpdir(), "pay-metrics-"));
const receiverPromise = startWebhookReceiver([500]);
const TOKEN = "metrics-token-0123456789abcdef";
afterAll(async () => {
  killAllHosts();
  await (await receiverPromise).close();
  rmSync(dir, { recursive: true, force: true });
});

/** The value of the sample `name{labels}` in a Prometheus text body (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe("METRICS_TOKEN", () => {
  it("is off when unset or blank, and refuses a short token", () => {
    expect(readNodeConfig({ DATABASE_URL: ":memory:" }).metricsToken).toBeUndefined();
    expect(readNodeConfig({ DATABASE_URL: ":memory:", METRICS_TOKEN: "  " }).metricsToken).toBeUndefined();
    expect(() => readNodeConfig({ DATABASE_URL: ":memory:", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(readNodeConfig({ DATABASE_URL: ":memory:", METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});

describe("GET /metrics on the Node host", () => {
  it("is a 404 without METRICS_TOKEN", async () => {
    const port = await freePort();
    const host = await startNodeHost({ PORT: String(port), DATABASE_URL: `file:${join(dir, "off.db")}`, DEMO_PORT: "off" });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    await stopNodeHost(host.child, port, "SIGKILL");
  }, 60_000);

  it("answers the token only, with requests by route template and status, webhook outcomes, queue depth, sweeps and db time", async () => {
    const receiver = await receiverPromise;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), DATABASE_URL: `file:${join(dir, "on.db")}`, DEMO_PORT: "off", METRICS_TOKEN: TOKEN, WEBHOOK_TIMEOUT_MS: "2000" };
    const host = await startNodeHost(env);
    const sellerId = /Seller\s+([0-9a-f-]{36})/.exec(host.out)![1]!;
    const key = /Secret key\s+(sk_test_\w+)/.exec(host.out)![1]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, { method, headers: { "X-Api-Key": key, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, json: await res.json() };
    };
    const scrape = (headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) => fetch(`${base}/metrics`, { headers });

    // Without the token, or with another, /metrics is the same 404 as an unknown path.
    expect((await scrape({})).status).toBe(404);
    expect((await scrape({ Authorization: "Bearer wrong-token-0123456789abc" })).status).toBe(404);
    expect((await scrape({ Authorization: TOKEN })).status).toBe(404);

    expect((await call("POST", `/v1/sellers/${sellerId}/webhooks`, { url: receiver.url, eventTypes: ["TRANSACTION_PAID"] })).status).toBe(201);
    const tx = await call("POST", "/v1/transactions", pixBody({ amount: 1234 }));
    expect(tx.status).toBe(201);
    const read = await call("GET", `/v1/transactions/${tx.json.id}`);
    expect(read.status).toBe(200);
    // The list's page is joined on the database thread (executeJoined, timed like any read): the
    // same transaction, its QR image URL made absolute.
    const list = await call("GET", "/v1/transactions?size=1");
    expect([list.status, list.json.totalItems, list.json.items]).toEqual([200, 1, [read.json]]);
    expect(list.json.items[0].paymentDetails.qrCodeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pix\/qr\//);
    expect((await call("GET", "/v1/transactions/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call("POST", `/v1/sandbox/transactions/${tx.json.id}/pay`)).status).toBeLessThan(300);
    // The receiver answers the first attempt 500: a "retry" outcome (the next is a minute away).
    for (let i = 0; i < 100 && receiver.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(receiver.received.map((r) => r.answer)).toEqual([500]);
    await new Promise((r) => setTimeout(r, 300));

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Route templates, never the ids in the paths.
    expect(sample(text, "pay_http_requests_total", { method: "POST", route: "/v1/transactions", status: "201" })).toBe(1);
    expect(sample(text, "pay_http_requests_total", { method: "GET", route: "/v1/transactions/:id", status: "200" })).toBe(1);
    expect(sample(text, "pay_http_requests_total", { method: "GET", route: "/v1/transactions/:id", status: "404" })).toBe(1);
    expect(sample(text, "pay_http_request_duration_seconds_count", { method: "GET", route: "/v1/transactions/:id", status: "200" })).toBe(1);
    expect(sample(text, "pay_http_requests_total", { method: "GET", route: "/v1/transactions", status: "200" })).toBe(1);
    expect(sample(text, "pay_http_requests_total", { route: "(unmatched)", status: "404" })).toBe(3); // the three refused scrapes
    expect(text).not.toContain(tx.json.id);
    expect(text).not.toContain(sellerId);
    // The webhook attempt, by outcome, with its latency.
    expect(sample(text, "pay_webhook_attempts_total", { outcome: "retry" })).toBe(1);
    expect(sample(text, "pay_webhook_attempt_duration_seconds_count", { outcome: "retry" })).toBe(1);
    // The queue's depth (the failed attempt's job, waiting its retry), the start-up sweep and the database's time.
    expect(sample(text, "pay_queue_depth")).toBe(1);
    expect(sample(text, "pay_sweep_duration_seconds_count", { sweep: "webhooks.deliver" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "pay_sweep_rows", { sweep: "transactions.expire" })).toBe(0);
    expect(sample(text, "pay_db_duration_seconds_count", { op: "batch" })).toBeGreaterThan(0);
    expect(sample(text, "pay_db_duration_seconds_count", { op: "execute" })).toBeGreaterThan(0);
    expect(sample(text, "pay_process_resident_memory_bytes")).toBeGreaterThan(0);
    await stopNodeHost(host.child, port, "SIGKILL");
  }, 90_000);
});
