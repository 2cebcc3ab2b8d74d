/**
 * Webhook delivery over real HTTP to a loopback receiver: the fan-out a transition writes, the
 * signed bytes on the wire (checked with node:crypto and the Standard Webhooks library, not our
 * own code), retries 60 s apart on the test clock, FAILED after 5 attempts, the timeout, the
 * history and the manual retry.
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { events, webhookAttempts, webhookDeliveries } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { createPix, pay, type Ctx } from "../support/transactions";
import { startWebhookReceiver, type Answer } from "../support/webhook-receiver";

let ctx: Ctx;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

/**
 * The webhooks point at a public host name, which the test's fetch sends to the loopback receiver:
 * these tests are about a seller's public receiver (a loopback one keeps no answer body:
 * webhooks.probe.security.test.ts).
 */
const PUBLIC_URL = "https://hooks.loja-teste.example/hooks";

beforeEach(async () => {
  ctx = await createTestContext({ config: { webhookTimeoutMs: 300 } });
  ctx.platform.fetch = (input, init) => fetch(String(input).replace(PUBLIC_URL, receiver!.url), init);
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** A receiver answering `script`, and a webhook pointing at it; returns the webhook with its secret. */
async function registerReceiver(script: Answer[] = [], eventTypes = ["TRANSACTION_PAID"]) {
  receiver = await startWebhookReceiver(script);
  const res = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: PUBLIC_URL, eventTypes });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function deliveries() {
  const res = await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries`);
  expect(res.status).toBe(200);
  return (await res.json()).items;
}

describe("delivering an event", () => {
  it("a payment reaches the receiver once, signed over the exact bytes, and is DELIVERED", async () => {
    // The Standard Webhooks library checks the timestamp against the real clock.
    ctx.platform.clock.set(new Date());
    const webhook = await registerReceiver();
    const tx = await createPix(ctx);
    await pay(ctx, tx.id);
    expect(await ctx.platform.drainQueue()).toBe(1);

    expect(receiver!.received).toHaveLength(1);
    const { body, headers } = receiver!.received[0]!;
    const [event] = await ctx.platform.db.select().from(events);
    const envelope = JSON.parse(body);
    expect(envelope).toEqual({ id: event!.id, type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, livemode: false, occurredAt: event!.occurredAt, data: event!.data });
    expect(envelope.data.transaction).toMatchObject({ id: tx.id, status: "PAID", amount: tx.amount });
    expect(headers["content-type"]).toBe("application/json");
    // The spec's signature: hex HMAC-SHA256 of the raw body with the webhook's secret.
    expect(headers["x-service-signature"]).toBe(createHmac("sha256", webhook.secret).update(body).digest("hex"));
    // The Standard Webhooks headers verify with that project's own library.
    expect(() => new Webhook(webhook.secret).verify(body, headers as Record<string, string>)).not.toThrow();
    expect(headers["x-webhook-event-id"]).toBe(event!.id);
    expect(headers["x-webhook-attempt"]).toBe("1");

    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ webhookId: webhook.id, eventId: event!.id, eventType: "TRANSACTION_PAID", status: "DELIVERED", attempts: 1, lastHttpStatus: 200, nextAttemptAt: null });
    expect(delivery.attemptsLog).toEqual([expect.objectContaining({ attempt: 1, httpStatus: 200, error: null, responseExcerpt: "ok" })]);
    // A duplicate message sends nothing: the delivery is no longer PENDING.
    await ctx.platform.enqueue([{ type: "webhook.deliver", deliveryId: delivery.id }]);
    await ctx.platform.drainQueue();
    expect(receiver!.received).toHaveLength(1);
  });

  it("failing 3 times then answering 200: 4 attempts, 60 s apart, the same bytes and delivery id each time", async () => {
    await registerReceiver([500, 503, 404]);
    const tx = await createPix(ctx);
    await pay(ctx, tx.id);
    await ctx.platform.drainQueue();
    for (let i = 0; i < 3; i++) {
      // Not due yet 59 s later: nothing is sent early.
      ctx.platform.clock.advance(59);
      await ctx.platform.drainQueue();
      expect(receiver!.received).toHaveLength(i + 1);
      ctx.platform.clock.advance(1);
      await ctx.platform.drainQueue();
    }
    expect(receiver!.received).toHaveLength(4);
    const bodies = new Set(receiver!.received.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(new Set(receiver!.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(receiver!.received.map((r) => r.headers["x-webhook-attempt"])).toEqual(["1", "2", "3", "4"]);

    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "DELIVERED", attempts: 4, lastHttpStatus: 200, lastError: null });
    expect(delivery.attemptsLog.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 503, 404, 200]);
    const starts = delivery.attemptsLog.map((a: { startedAt: string }) => Date.parse(a.startedAt));
    expect(starts.slice(1).map((t: number, i: number) => t - starts[i])).toEqual([60_000, 60_000, 60_000]);
    expect(delivery.attemptsLog[0].responseExcerpt).toBe("refused with 500");
  });

  it("5 failed attempts: FAILED with every attempt recorded, and no sixth", async () => {
    await registerReceiver(Array(6).fill(500));
    await pay(ctx, (await createPix(ctx)).id);
    for (let i = 0; i < 8; i++) {
      await ctx.platform.drainQueue();
      ctx.platform.clock.advance(60);
      await ctx.platform.runScheduled();
    }
    await ctx.platform.drainQueue();
    expect(receiver!.received).toHaveLength(5);
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "FAILED", attempts: 5, attemptLimit: 5, lastHttpStatus: 500, lastError: "HTTP 500", nextAttemptAt: null });
    expect(delivery.completedAt).not.toBeNull();
    expect(delivery.attemptsLog).toHaveLength(5);
    // Each failed attempt is logged for the operator: the endpoint's host (never its path), the answer, the attempt.
    const failed = ctx.platform.logs.filter((l) => l.msg === "webhook.attempt_failed");
    expect(failed.map((l) => [l.level, l.attempt, l.httpStatus, l.outcome])).toEqual([
      ["warn", 1, 500, "retry"],
      ["warn", 2, 500, "retry"],
      ["warn", 3, 500, "retry"],
      ["warn", 4, 500, "retry"],
      ["error", 5, 500, "failed"],
    ]);
    expect(failed[0]).toMatchObject({ host: new URL(PUBLIC_URL).host, deliveryId: delivery.id, error: "HTTP 500" });
    expect(JSON.stringify(failed)).not.toContain("/hooks");
  });

  it("a receiver that never answers times out, and the next attempt comes 60 s later", async () => {
    await registerReceiver(["hang"]);
    await pay(ctx, (await createPix(ctx)).id);
    await ctx.platform.drainQueue();
    let [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1, lastHttpStatus: null, lastError: "timed out after 300 ms" });
    expect(delivery.nextAttemptAt).toBe(new Date(ctx.platform.now().getTime() + 60_000).toISOString());
    ctx.platform.clock.advance(60);
    await ctx.platform.drainQueue();
    [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "DELIVERED", attempts: 2 });
  });

  it("a lost queue message loses nothing: the minute sweep sends the due delivery", async () => {
    await registerReceiver();
    await pay(ctx, (await createPix(ctx)).id);
    // Drop what the transition enqueued, as a Node restart would.
    ctx.platform.queue.clear();
    expect(receiver!.received).toHaveLength(0);
    const swept = await ctx.platform.runScheduled();
    expect(swept).toBeDefined();
    await ctx.platform.drainQueue();
    expect(receiver!.received).toHaveLength(1);
    expect((await deliveries())[0].status).toBe("DELIVERED");
  });

  it("a FAILED delivery can be retried: PENDING with 5 more attempts, then DELIVERED; any other status is 409", async () => {
    await registerReceiver([500, 500, 500, 500, 500]);
    await pay(ctx, (await createPix(ctx)).id);
    for (let i = 0; i < 5; i++) {
      await ctx.platform.drainQueue();
      ctx.platform.clock.advance(60);
    }
    const [failed] = await deliveries();
    expect(failed.status).toBe("FAILED");
    const retried = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id: failed.id, status: "PENDING", attemptLimit: 10 });
    await ctx.platform.drainQueue();
    const res = await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries/${failed.id}`);
    expect(await res.json()).toMatchObject({ status: "DELIVERED", attempts: 6 });
    const again = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries/${failed.id}/retry`);
    expect(again.status).toBe(409);
  });

  it("deleting a webhook cancels its pending deliveries: nothing more is sent", async () => {
    const webhook = await registerReceiver([500]);
    await pay(ctx, (await createPix(ctx)).id);
    await ctx.platform.drainQueue();
    expect((await ctx.send("DELETE", `/v1/sellers/${ctx.seller.sellerId}/webhooks/${webhook.id}`)).status).toBe(204);
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    await ctx.platform.drainQueue();
    expect(receiver!.received).toHaveLength(1);
    const rows = await ctx.platform.db.select().from(webhookDeliveries);
    expect(rows.map((r) => r.status)).toEqual(["CANCELLED"]);
    expect(await ctx.platform.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, rows[0]!.id))).toHaveLength(1);
  });
});

describe("who gets an event", () => {
  it("only active webhooks subscribed to the type (or ALL), each its own delivery", async () => {
    receiver = await startWebhookReceiver();
    const register = async (eventTypes: string[], isActive = true) =>
      (await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: receiver!.url, eventTypes, isActive })).json()).id;
    const paid = await register(["TRANSACTION_PAID"]);
    const all = await register(["ALL"]);
    await register(["TRANSACTION_CANCELLED"]);
    await register(["TRANSACTION_PAID"], false);
    await pay(ctx, (await createPix(ctx)).id);
    await ctx.platform.drainQueue();
    const items = await deliveries();
    expect(items.map((d: { webhookId: string }) => d.webhookId).sort()).toEqual([paid, all].sort());
    expect(receiver.received).toHaveLength(2);
  });

  it("a type turned off in the notification settings creates no delivery; on again, it does", async () => {
    await registerReceiver();
    const settings = `/v1/sellers/${ctx.seller.sellerId}/notification-settings`;
    const off = await ctx.send("PUT", settings, { webhook: { TRANSACTION_PAID: false } });
    expect(off.status).toBe(200);
    expect((await off.json()).webhook).toMatchObject({ TRANSACTION_PAID: false, TRANSACTION_CANCELLED: true });
    await pay(ctx, (await createPix(ctx)).id);
    await ctx.platform.drainQueue();
    expect(await deliveries()).toEqual([]);
    expect(await ctx.platform.db.select().from(events)).toHaveLength(1);

    expect((await ctx.send("PUT", settings, { webhook: { TRANSACTION_PAID: true } })).status).toBe(200);
    expect((await (await ctx.get(settings)).json()).webhook.TRANSACTION_PAID).toBe(true);
    await pay(ctx, (await createPix(ctx)).id);
    await ctx.platform.drainQueue();
    expect(receiver!.received).toHaveLength(1);
  });

  it("the test endpoint sends a sample marked test: true to that webhook only, signed the same way", async () => {
    const webhook = await registerReceiver();
    const res = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks/${webhook.id}/test`);
    expect(res.status).toBe(201);
    const delivery = await res.json();
    expect(delivery).toMatchObject({ webhookId: webhook.id, eventType: "TRANSACTION_PAID", status: "PENDING", attempts: 0 });
    await ctx.platform.drainQueue();
    const { body, headers } = receiver!.received[0]!;
    const envelope = JSON.parse(body);
    expect(envelope).toMatchObject({ type: "TRANSACTION_PAID", test: true, sellerId: ctx.seller.sellerId, livemode: false });
    expect(envelope.data.transaction).toMatchObject({ status: "PAID", amount: 1050 });
    expect(headers["x-service-signature"]).toBe(createHmac("sha256", webhook.secret).update(body).digest("hex"));
  });
});
