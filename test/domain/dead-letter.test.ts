/**
 * Dead letters are handled by one module on both hosts (worker/jobs/dead-letter.ts): the in-process
 * queue calls it for a job that failed every attempt, as the Worker's dead-letter consumer does
 * (test/workerd/jobs.test.ts), so a webhook delivery whose last attempt died unrecorded is closed
 * FAILED on Node too.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { createPix, pay } from "../support/transactions";

describe("the in-process queue's dead letters", () => {
  it("a webhook.deliver job that fails every attempt closes its spent delivery FAILED and is logged", async () => {
    const ctx = await createTestContext();
    ctx.platform.clock.set("2026-11-22T12:00:00Z");
    expect((await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: "https://hooks.example.com/pay", eventTypes: ["TRANSACTION_PAID"] })).status).toBe(201);
    await pay(ctx, (await createPix(ctx)).id);
    const [delivery] = await ctx.platform.db.select().from(webhookDeliveries);
    // Its attempts were spent by attempts that died before recording an answer.
    await ctx.platform.db.update(webhookDeliveries).set({ attempts: delivery!.attemptLimit, leaseUntil: null }).where(eq(webhookDeliveries.id, delivery!.id));
    // A second message for it is dropped while the one the pay enqueued waits (memory-queue.ts).
    ctx.platform.queue.enqueue([{ type: "webhook.deliver", deliveryId: delivery!.id }]);
    expect(ctx.platform.queue.size).toBe(1);
    // Every run of it fails.
    for (let attempt = 0; attempt < 6; attempt++) {
      await ctx.platform.queue.runDue(async (job) => {
        if (job.type === "webhook.deliver") throw new Error("receiver unreachable");
      });
      ctx.platform.clock.advance(60);
    }
    const [closed] = await ctx.platform.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(closed).toMatchObject({ status: "FAILED", lastError: "no answer recorded for the last attempt" });
    expect(ctx.platform.logs).toContainEqual(expect.objectContaining({ msg: "queue.dead_letter", attempts: 5, job: { type: "webhook.deliver", deliveryId: delivery!.id, webhookId: delivery!.webhookId } }));
  });
});
