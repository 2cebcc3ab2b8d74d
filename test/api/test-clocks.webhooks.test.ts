/**
 * Webhooks of objects on a test clock are delivered when they happen in the clock's time, i.e.
 * now, as Stripe's test clocks do: advancing a clock a year sends that year's events to the
 * receiver at once, not on the simulated dates. Their envelopes keep the simulated `occurredAt`;
 * a retry after a failure backs off in real time (docs/webhooks.md). The receiver is real HTTP on
 * 127.0.0.1; the platform's clock never moves, so nothing waits on real time.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { advance, expectJson, plan, subscribe, subscriber, testClock } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";
import { startWebhookReceiver, type Answer } from "../support/webhook-receiver";

let ctx: Ctx;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.fetch = fetch;
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

type Delivery = { id: string; status: string; attempts: number; nextAttemptAt: string | null; eventType: string };

/** A loopback receiver answering `script`, and a webhook of the subscription and charge events pointing at it. */
async function registerReceiver(script: Answer[] = []) {
  receiver = await startWebhookReceiver(script);
  const body = { url: receiver.url, eventTypes: ["SUBSCRIPTION_RENEWED", "TRANSACTION_PAID"] };
  return expectJson(ctx.send, "POST", `/v1/sellers/${ctx.seller.sellerId}/webhooks`, body, 201);
}

async function deliveries(webhookId: string): Promise<Delivery[]> {
  return (await expectJson(ctx.send, "GET", `/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries?webhookId=${webhookId}&size=100`, undefined, 200)).items;
}

/** A monthly card subscription on a clock frozen at Jan 31, 2030 (its first charge is paid at once). */
async function cardSubscriptionOnClock() {
  const { buyerId, cardToken } = await subscriber(ctx, "4111111111111111");
  const p = await plan(ctx);
  const clock = await testClock(ctx, "2030-01-31T12:00:00Z");
  const sub = await subscribe(ctx, { planId: p.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken, testClockId: clock.id });
  return { sub, clock };
}

describe("webhooks of a test clock's objects", () => {
  it("a year's advance delivers its renewals and charges now, each envelope dated in the clock's time", async () => {
    const { sub, clock } = await cardSubscriptionOnClock();
    const webhook = await registerReceiver();
    const now = ctx.platform.now().toISOString();
    await advance(ctx, clock.id, "2031-01-31T12:00:00Z");
    // The queue runs what is due at the platform's (real) time, which has not moved.
    await ctx.platform.drainQueue();

    const renewals = receiver!.received.map((r) => JSON.parse(r.body)).filter((e) => e.type === "SUBSCRIPTION_RENEWED" && e.data.details.id === sub.id);
    expect(renewals).toHaveLength(12);
    expect(renewals.map((e) => e.occurredAt.slice(0, 7))).toEqual([
      "2030-02", "2030-03", "2030-04", "2030-05", "2030-06", "2030-07", "2030-08", "2030-09", "2030-10", "2030-11", "2030-12", "2031-01",
    ]);
    const charges = receiver!.received.map((r) => JSON.parse(r.body)).filter((e) => e.type === "TRANSACTION_PAID" && e.data.transaction.subscriptionId === sub.id);
    expect(charges).toHaveLength(12);

    const log = await deliveries(webhook.id);
    expect(log).toHaveLength(24);
    expect(log.every((d) => d.status === "DELIVERED" && d.attempts === 1 && d.nextAttemptAt === null)).toBe(true);
    // Each attempt's time is the real one, not the clock's (the history shows when it was sent).
    const attempts = receiver!.received.map((r) => Number(r.headers["webhook-timestamp"]) * 1000);
    expect(attempts.every((t) => t === Date.parse(now))).toBe(true);
  });

  it("a failed delivery of a clock's event is retried 60 s later in real time, not in the clock's", async () => {
    const { clock } = await cardSubscriptionOnClock();
    const webhook = await registerReceiver([500]);
    await advance(ctx, clock.id, "2030-02-28T12:00:00Z");
    await ctx.platform.drainQueue();

    const log = await deliveries(webhook.id);
    const failed = log.find((d) => d.attempts === 1 && d.status === "PENDING")!;
    expect(failed).toBeDefined();
    expect(failed.nextAttemptAt).toBe(new Date(ctx.platform.now().getTime() + 60_000).toISOString());
    expect(log.filter((d) => d.status === "DELIVERED")).toHaveLength(1);

    ctx.platform.clock.advance(60);
    await ctx.platform.drainQueue();
    expect((await deliveries(webhook.id)).every((d) => d.status === "DELIVERED")).toBe(true);
    expect(receiver!.received).toHaveLength(3);
  });
});
