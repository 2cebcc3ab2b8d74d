/**
 * The event outbox: each transition's event row, its envelope field by field, and its
 * `data.transaction` equal to what GET /v1/transactions/{id} answers right after.
 */
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, transactions } from "../../worker/db/schema";
import type { EventEnvelope, EventType } from "../../worker/domain/events/outbox";
import { findTransaction } from "../../worker/domain/transactions/store";
import { commitTransition } from "../../worker/domain/transactions/transition";
import { createTestContext } from "../support/platform";
import { createPix, getTx, pay, paidCharge, refund, type Ctx } from "../support/transactions";

/** The envelope of a stored event row, as delivery will send it. */
function envelopeOf(row: typeof events.$inferSelect): EventEnvelope {
  return {
    id: row.id,
    type: row.type as EventType,
    sellerId: row.sellerId,
    livemode: row.livemode,
    occurredAt: row.occurredAt,
    data: row.data,
  };
}

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

async function allEvents() {
  const rows = await ctx.platform.db.select().from(events).orderBy(asc(events.occurredAt), asc(events.createdAt));
  return rows.map(envelopeOf);
}

/** Checks the envelope of the only event of `type`, field by field, and returns it. */
async function onlyEvent(type: string, at: string) {
  const matching = (await allEvents()).filter((e) => e.type === type);
  expect(matching).toHaveLength(1);
  const event = matching[0]!;
  expect(Object.keys(event).sort()).toEqual(["data", "id", "livemode", "occurredAt", "sellerId", "type"]);
  expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(event.type).toBe(type);
  expect(event.sellerId).toBe(ctx.seller.sellerId);
  expect(event.livemode).toBe(false);
  expect(event.occurredAt).toBe(at);
  expect(event).not.toHaveProperty("test");
  return event;
}

describe("events written with each transition", () => {
  it("creation writes none", async () => {
    await createPix(ctx);
    expect(await allEvents()).toEqual([]);
  });

  it("TRANSACTION_PAID: data.transaction is the GET body, PAID with paidAt", async () => {
    const tx = await createPix(ctx);
    ctx.platform.clock.advance(30);
    await pay(ctx, tx.id);
    const event = await onlyEvent("TRANSACTION_PAID", "2026-01-15T12:00:30.000Z");
    expect(Object.keys(event.data)).toEqual(["transaction"]);
    expect(event.data.transaction).toEqual(await getTx(ctx, tx.id));
    expect(event.data.transaction).toMatchObject({ status: "PAID", paidAt: "2026-01-15T12:00:30.000Z", feeAmount: 10 });
  });

  it("TRANSACTION_CANCELLED on a cancel request", async () => {
    const tx = await createPix(ctx);
    await ctx.post(`/v1/transactions/${tx.id}/cancel`);
    const event = await onlyEvent("TRANSACTION_CANCELLED", "2026-01-15T12:00:00.000Z");
    expect(event.data.transaction).toEqual(await getTx(ctx, tx.id));
    expect(event.data.transaction).toMatchObject({ status: "CANCELLED", cancellationReason: "REQUESTED" });
  });

  it("TRANSACTION_CANCELLED on expiry", async () => {
    const tx = await createPix(ctx, { expirationSeconds: 60 });
    ctx.platform.clock.advance(60);
    await ctx.platform.runScheduled();
    const event = await onlyEvent("TRANSACTION_CANCELLED", "2026-01-15T12:01:00.000Z");
    expect(event.data.transaction).toEqual(await getTx(ctx, tx.id));
    expect(event.data.transaction).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
  });

  it("a refund request writes none; TRANSACTION_REFUNDED when it concludes in full", async () => {
    const tx = await paidCharge(ctx, 1000);
    const created = await (await refund(ctx, tx.id)).json();
    expect((await allEvents()).map((e) => e.type)).toEqual(["TRANSACTION_PAID"]);
    ctx.platform.clock.advance(2);
    await ctx.platform.drainQueue();
    const event = await onlyEvent("TRANSACTION_REFUNDED", "2026-01-15T12:00:02.000Z");
    expect(Object.keys(event.data)).toEqual(["transaction", "refund"]);
    expect(event.data.transaction).toEqual(await getTx(ctx, tx.id));
    expect(event.data.transaction).toMatchObject({ status: "REFUNDED", refunds: [{ id: created.id, status: "COMPLETED" }] });
    expect(event.data.refund).toEqual({ ...created, status: "COMPLETED", completedAt: "2026-01-15T12:00:02.000Z" });
  });

  it("TRANSACTION_PARTIALLY_REFUNDED and TRANSACTION_REFUND_FAILED for the other conclusions", async () => {
    const tx = await paidCharge(ctx, 1000);
    await refund(ctx, tx.id, 300);
    ctx.platform.clock.advance(2);
    await ctx.platform.drainQueue();
    const partial = await onlyEvent("TRANSACTION_PARTIALLY_REFUNDED", "2026-01-15T12:00:02.000Z");
    expect(partial.data.transaction).toMatchObject({ status: "PAID", refunds: [{ amount: 300, status: "COMPLETED" }] });
    await refund(ctx, tx.id, 113);
    ctx.platform.clock.advance(2);
    await ctx.platform.drainQueue();
    const failed = await onlyEvent("TRANSACTION_REFUND_FAILED", "2026-01-15T12:00:04.000Z");
    expect(failed.data.transaction).toEqual(await getTx(ctx, tx.id));
    expect(failed.data.refund).toMatchObject({ amount: 113, status: "FAILED" });
  });

  it("a live transaction's events say livemode: true", async () => {
    const tx = await createPix(ctx);
    await ctx.platform.db.update(transactions).set({ livemode: true }).where(eq(transactions.id, tx.id));
    const state = await findTransaction(ctx.platform.db, tx.id);
    await commitTransition(ctx.platform, state!, { trigger: "cancel", changes: { cancellationReason: "REQUESTED" } });
    expect((await allEvents())[0]?.livemode).toBe(true);
  });

  it("a move that loses a race writes no event and changes nothing", async () => {
    const tx = await createPix(ctx);
    const stale = await findTransaction(ctx.platform.db, tx.id);
    await pay(ctx, tx.id); // someone else moves first
    const result = await commitTransition(ctx.platform, stale!, { trigger: "cancel", changes: { cancellationReason: "REQUESTED" } });
    expect(result).toBeNull();
    expect((await allEvents()).map((e) => e.type)).toEqual(["TRANSACTION_PAID"]);
    expect((await getTx(ctx, tx.id)).status).toBe("PAID");
  });
});
