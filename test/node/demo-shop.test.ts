/**
 * The demo shop as `npm start` runs it: on its own port (origin), with the first start's keys
 * kept in a file only its owner reads, a webhook registered for itself, and the gateway's signed
 * events arriving at its backend. (The buyer's side, in a browser, is test/browser/.)
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";

const dir = mkdtempSync(join(tmpdir(), "pay-demo-shop-"));
afterAll(() => {
  killAllHosts();
  rmSync(dir, { recursive: true, force: true });
});

describe("the demo shop beside npm start", () => {
  it("sells with the first start's keys and shows the gateway's signed webhooks", async () => {
    const port = await freePort();
    const { child, out } = await startNodeHost({ PORT: String(port), DATABASE_URL: `file:${join(dir, "pay.db")}`, SWEEP_INTERVAL_SECONDS: "1" });
    try {
      const demoUrl = /Demo shop {4}(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1];
      expect(demoUrl, out).toBeDefined();
      const secretKey = /Secret key {3}(sk_test_\w+)/.exec(out)![1]!;
      const file = join(dir, "demo-shop.json");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(readFileSync(file, "utf8"));
      expect(secrets).toMatchObject({ apiKey: secretKey, webhookId: expect.any(String), webhookSecret: expect.stringMatching(/^whsec_/) });

      const page = await fetch(`${demoUrl}/`);
      expect(page.headers.get("content-security-policy")).toContain(`script-src 'self' http://127.0.0.1:${port}`);
      const order = await (await fetch(`${demoUrl}/api/orders`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ productId: "caneca", method: "PIX" }) })).json();
      const paid = await fetch(`http://127.0.0.1:${port}/v1/sandbox/transactions/${order.transactionId}/pay`, { method: "POST", headers: { "X-Api-Key": secretKey } });
      expect(paid.status).toBe(200);
      let events: { type: string; transactionId: string }[] = [];
      for (let i = 0; i < 100 && !events.some((e) => e.transactionId === order.transactionId); i++) {
        await new Promise((r) => setTimeout(r, 100));
        events = (await (await fetch(`${demoUrl}/api/events`)).json()).items;
      }
      expect(events).toContainEqual(expect.objectContaining({ type: "TRANSACTION_PAID", transactionId: order.transactionId }));
    } finally {
      await stopNodeHost(child, port);
    }
  });
});
