/**
 * Catching up beyond the retries: GET /v1/events lists the seller's events oldest first with an
 * `after` cursor that never skips, POST …/webhooks/{id}/replay re-sends a time range, and events
 * older than 30 days are purged with their delivery history.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, webhookAttempts, webhookDeliveries } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createPix, pay, type Ctx } from "../support/transactions";
import { startWebhookReceiver } from "../support/webhook-receiver";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** Pays `n` charges, 10 s apart; returns their ids in order. */
async function payCharges(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const tx = await createPix(ctx, { amount: 1000 + i });
    await pay(ctx, tx.id);
    ids.push(tx.id);
    ctx.platform.clock.advance(10);
  }
  return ids;
}

describe("GET /v1/events", () => {
  it("pages oldest first with after, filters by type and since, and shows no other seller's events", async () => {
    const paid = await payCharges(3);
    const cancelled = await createPix(ctx);
    expect((await ctx.post(`/v1/transactions/${cancelled.id}/cancel`)).status).toBe(200);
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com", city: "Recife" }, ctx.platform.now());
    const otherTx = await createPix(requester(ctx.app, other));
    await pay(requester(ctx.app, other), otherTx.id);

    const first = await (await ctx.get("/v1/events?limit=2")).json();
    expect(first.items.map((e: { data: { transaction: { id: string } } }) => e.data.transaction.id)).toEqual(paid.slice(0, 2));
    expect(first.items[0]).toMatchObject({ type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, livemode: false });
    expect(first.items[0]).not.toHaveProperty("test");
    expect(first).toMatchObject({ hasMore: true, nextAfter: first.items[1].id });
    const second = await (await ctx.get(`/v1/events?limit=2&after=${first.nextAfter}`)).json();
    expect(second.items.map((e: { type: string }) => e.type)).toEqual(["TRANSACTION_PAID", "TRANSACTION_CANCELLED"]);
    expect(second.hasMore).toBe(false);
    // Polling after the last event: nothing new yet, and the position stays.
    const idle = await (await ctx.get(`/v1/events?after=${second.nextAfter}`)).json();
    expect(idle).toEqual({ items: [], hasMore: false, nextAfter: second.nextAfter });

    const onlyCancelled = await (await ctx.get("/v1/events?type=TRANSACTION_CANCELLED")).json();
    expect(onlyCancelled.items).toHaveLength(1);
    const since = await (await ctx.get(`/v1/events?since=${encodeURIComponent(second.items[0].occurredAt)}`)).json();
    expect(since.items.map((e: { id: string }) => e.id)).toEqual(second.items.map((e: { id: string }) => e.id));
  });

  it("refuses a bad type, date or cursor with the field named", async () => {
    let problem = await expectProblem(await ctx.get("/v1/events?type=PAID"), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("type");
    problem = await expectProblem(await ctx.get("/v1/events?since=yesterday"), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("since");
    problem = await expectProblem(await ctx.get(`/v1/events?after=${crypto.randomUUID()}`), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("after");
    await expectProblem(await ctx.get("/v1/events?limit=101"), 400, "VALIDATION_FAILED");
  });
});

describe("POST …/webhooks/{id}/replay", () => {
  it("re-sends the subscribed events of the range to that webhook, with their original envelopes", async () => {
    const receiver = await startWebhookReceiver();
    try {
      ctx.platform.fetch = (input, init) => fetch(input, init);
      const start = ctx.platform.now().toISOString();
      const paid = await payCharges(3);
      const middle = ctx.platform.now().toISOString();
      await payCharges(1);
      // Registered after the events: it got none of them.
      const hook = await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: receiver.url, eventTypes: ["TRANSACTION_PAID"] })).json();
      const res = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks/${hook.id}/replay`, { from: start, to: middle });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ webhookId: hook.id, from: start, to: middle, deliveries: 3, alreadyPending: 0, hasMore: false, nextFrom: null });
      await ctx.platform.drainQueue();
      const got = receiver.received.map((r) => JSON.parse(r.body));
      expect(got.map((e) => e.data.transaction.id)).toEqual(paid);
      const listed = await (await ctx.get("/v1/events?limit=3")).json();
      expect(got).toEqual(listed.items);
      const bad = await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks/${hook.id}/replay`, { from: middle, to: start });
      expect((await expectProblem(bad, 400, "VALIDATION_FAILED")).errors[0].path).toBe("from");
    } finally {
      await receiver.close();
    }
  });
});

describe("retention", () => {
  it("events older than 30 days are purged with their deliveries and attempts; newer ones stay", async () => {
    const receiver = await startWebhookReceiver();
    try {
      ctx.platform.fetch = (input, init) => fetch(input, init);
      // TRANSACTION_PAID only: the run below also settles the charges (a fresh SETTLEMENT_PAID).
      await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: receiver.url, eventTypes: ["TRANSACTION_PAID"] });
      await payCharges(2);
      await ctx.platform.drainQueue();
      ctx.platform.clock.advance(29 * 86_400);
      await payCharges(1);
      await ctx.platform.drainQueue();
      ctx.platform.clock.advance(86_400);
      await ctx.platform.runScheduled();
      expect(await ctx.platform.db.select().from(events).where(eq(events.type, "TRANSACTION_PAID"))).toHaveLength(1);
      expect(await ctx.platform.db.select().from(webhookDeliveries)).toHaveLength(1);
      expect(await ctx.platform.db.select().from(webhookAttempts)).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
