import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, refunds } from "../../worker/db/schema";
import { REFUND_SWEEP_AFTER_SECONDS } from "../../worker/domain/transactions/conclude-refund";
import { runJob } from "../../worker/jobs/run-job";
import { createTestContext } from "../support/platform";
import { concludeRefunds, getTx, paidCharge, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

describe("POST /v1/transactions/{id}/refunds", () => {
  it("a full refund: PENDING refund, REFUND_PENDING transaction, then COMPLETED and REFUNDED", async () => {
    const tx = await paidCharge(ctx, 1000);
    ctx.platform.clock.advance(10);
    const res = await refund(ctx, tx.id);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      transactionId: tx.id,
      amount: 1000,
      originalAmount: 1000,
      status: "PENDING",
      failureReason: null,
      reason: null,
      requestedAt: "2026-01-15T12:00:10.000Z",
      completedAt: null,
    });
    const pending = await getTx(ctx, tx.id);
    expect(pending.status).toBe("REFUND_PENDING");
    expect(pending.refunds).toEqual([created]);

    await concludeRefunds(ctx); // the queue job, 2 s later
    const done = await getTx(ctx, tx.id);
    expect(done.status).toBe("REFUNDED");
    expect(done.updatedAt).toBe("2026-01-15T12:00:12.000Z");
    expect(done.refunds).toEqual([{ ...created, status: "COMPLETED", completedAt: "2026-01-15T12:00:12.000Z" }]);
    // Fees are not returned by a refund: the charge's fee and net stay as they were.
    expect([done.feeAmount, done.netAmount]).toEqual([tx.feeAmount, tx.netAmount]);
  });

  it("a partial refund leaves the transaction PAID with the refund in its history", async () => {
    const tx = await paidCharge(ctx, 1000);
    const created = await (await refund(ctx, tx.id, 300)).json();
    expect(created).toMatchObject({ amount: 300, originalAmount: 1000, status: "PENDING" });
    await concludeRefunds(ctx);
    const after = await getTx(ctx, tx.id);
    expect(after.status).toBe("PAID");
    expect(after.refunds).toEqual([expect.objectContaining({ id: created.id, status: "COMPLETED", amount: 300 })]);
  });

  it("partial refunds add up to REFUNDED; the default amount is what is left", async () => {
    const tx = await paidCharge(ctx, 1000);
    await refund(ctx, tx.id, 300);
    await concludeRefunds(ctx);
    await refund(ctx, tx.id, 200);
    await concludeRefunds(ctx);
    const rest = await (await refund(ctx, tx.id)).json();
    expect(rest.amount).toBe(500);
    await concludeRefunds(ctx);
    const after = await getTx(ctx, tx.id);
    expect(after.status).toBe("REFUNDED");
    expect(after.refunds.map((r: { amount: number; status: string }) => [r.amount, r.status])).toEqual([
      [300, "COMPLETED"],
      [200, "COMPLETED"],
      [500, "COMPLETED"],
    ]);
  });

  it("several refunds pending at once conclude one by one, the last deciding the status", async () => {
    const tx = await paidCharge(ctx, 1000);
    await refund(ctx, tx.id, 400);
    ctx.platform.clock.advance(1);
    await refund(ctx, tx.id, 600);
    ctx.platform.clock.advance(1); // the first refund's job is due, the second's not yet
    await ctx.platform.drainQueue();
    expect((await getTx(ctx, tx.id)).status).toBe("REFUND_PENDING");
    await concludeRefunds(ctx);
    expect((await getTx(ctx, tx.id)).status).toBe("REFUNDED");
  });

  it("sandbox rule: a refund whose amount ends in 13 FAILS, and the transaction goes back to PAID", async () => {
    const tx = await paidCharge(ctx, 5000);
    const failing = await (await refund(ctx, tx.id, 1013)).json();
    await concludeRefunds(ctx);
    const after = await getTx(ctx, tx.id);
    expect(after.status).toBe("PAID");
    expect(after.refunds[0]).toMatchObject({ id: failing.id, status: "FAILED", completedAt: "2026-01-15T12:00:02.000Z" });
    expect(after.refunds[0].failureReason).toMatch(/13/);
    // A failed refund does not count: the whole amount can still be refunded.
    expect((await (await refund(ctx, tx.id)).json()).amount).toBe(5000);
  });

  it("a refund whose queue message was lost is concluded by the scheduled sweep", async () => {
    const tx = await paidCharge(ctx, 1000);
    ctx.platform.enqueue = async () => {}; // the message is lost
    await refund(ctx, tx.id, 1000);
    ctx.platform.clock.advance(REFUND_SWEEP_AFTER_SECONDS - 1);
    expect((await ctx.platform.runScheduled()).sweeps["refunds.conclude"]).toBe(0);
    ctx.platform.clock.advance(1);
    expect((await ctx.platform.runScheduled()).sweeps["refunds.conclude"]).toBe(1);
    expect((await getTx(ctx, tx.id)).status).toBe("REFUNDED");
  });

  it("concluding is idempotent: the job and the sweep both running change nothing twice", async () => {
    const tx = await paidCharge(ctx, 1000);
    const created = await (await refund(ctx, tx.id, 300)).json();
    ctx.platform.clock.advance(REFUND_SWEEP_AFTER_SECONDS);
    await Promise.all([ctx.platform.drainQueue(), ctx.platform.runScheduled(), ctx.platform.runScheduled()]);
    await runJob(ctx.platform, { type: "refund.conclude", refundId: created.id });
    const [row] = await ctx.platform.db.select().from(refunds).where(eq(refunds.id, created.id));
    expect(row?.status).toBe("COMPLETED");
    expect((await getTx(ctx, tx.id)).status).toBe("PAID");
    const written = await ctx.platform.db.select().from(events).where(eq(events.type, "TRANSACTION_PARTIALLY_REFUNDED"));
    expect(written).toHaveLength(1);
  });
});
