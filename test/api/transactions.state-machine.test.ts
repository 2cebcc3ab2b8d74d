/**
 * The state machine through the API: a transaction in every status, hit with every trigger the
 * API exposes; the outcome must be the table's (the move, or a 409 naming the status). Then each
 * refund-conclusion row, driven by the sandbox acquirer.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, transactions, TRANSACTION_STATUSES, type TransactionStatus } from "../../worker/db/schema";
import { findTransition, type Trigger } from "../../worker/domain/transactions/state-machine";
import { createTestContext } from "../support/platform";
import { concludeRefunds, createPix, getTx, paidCharge, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** A new transaction in `status`, by API (FAILED has no API path yet: set in the database). */
async function inStatus(status: TransactionStatus): Promise<string> {
  switch (status) {
    case "PENDING":
      return (await createPix(ctx)).id;
    case "PAID":
      return (await paidCharge(ctx, 1000)).id;
    case "CANCELLED": {
      const { id } = await createPix(ctx);
      await ctx.post(`/v1/transactions/${id}/cancel`);
      return id;
    }
    case "REFUND_PENDING": {
      const { id } = await paidCharge(ctx, 1000);
      await refund(ctx, id, 500); // half left, so another request can fit
      return id;
    }
    case "REFUNDED": {
      const { id } = await paidCharge(ctx, 1000);
      await refund(ctx, id);
      await concludeRefunds(ctx);
      return id;
    }
    case "FAILED": {
      const { id } = await createPix(ctx);
      await ctx.platform.db.update(transactions).set({ status: "FAILED" }).where(eq(transactions.id, id));
      return id;
    }
  }
}

/** The API triggers: what each sends. */
const API_TRIGGERS: Record<"pay" | "cancel" | "request_refund" | "expire", (id: string) => Promise<Response | null>> = {
  pay: async (id) => ctx.post(`/v1/sandbox/transactions/${id}/pay`),
  cancel: async (id) => ctx.post(`/v1/transactions/${id}/cancel`),
  request_refund: async (id) => refund(ctx, id, 100),
  // Expiry is the sweep's: make the QR code expire and run the scheduled job.
  expire: async (id) => {
    await ctx.platform.db.update(transactions).set({ expiresAt: "2000-01-01T00:00:00.000Z" }).where(eq(transactions.id, id));
    await ctx.platform.runScheduled();
    return null;
  },
};

describe("every status × every API trigger follows the table", () => {
  for (const from of TRANSACTION_STATUSES) {
    for (const [trigger, send] of Object.entries(API_TRIGGERS) as Array<[Trigger, (id: string) => Promise<Response | null>]>) {
      const move = findTransition(from, trigger);
      it(`${from} × ${trigger} → ${move ? move.to : "409"}`, async () => {
        const id = await inStatus(from);
        const res = await send(id);
        const after = await getTx(ctx, id);
        if (move) {
          if (res) expect(res.status, await res.clone().text()).toBeLessThan(300);
          expect(after.status).toBe(move.to);
        } else {
          if (res) {
            expect(res.status).toBe(409);
            const problem = await res.json();
            expect(problem).toMatchObject({ code: "INVALID_STATE_TRANSITION", currentStatus: from });
            expect(problem.detail).toContain(from);
          }
          expect(after.status).toBe(from);
        }
      });
    }
  }
});

describe("refund conclusions follow the table", () => {
  /** The status after the refund jobs due in `seconds` ran, and the event types they wrote. */
  async function conclude(id: string, seconds = 2) {
    const before = (await ctx.platform.db.select().from(events)).length;
    ctx.platform.clock.advance(seconds);
    await ctx.platform.drainQueue();
    const written = (await ctx.platform.db.select().from(events)).slice(before).map((e) => e.type);
    return { status: (await getTx(ctx, id)).status, written };
  }

  it.each([
    ["refund_completed_in_full", [1000], "REFUNDED", ["TRANSACTION_REFUNDED"]],
    ["refund_completed_partially", [400], "PAID", ["TRANSACTION_PARTIALLY_REFUNDED"]],
    ["refund_failed", [413], "PAID", ["TRANSACTION_REFUND_FAILED"]],
  ] as const)("%s", async (trigger, amounts, to, written) => {
    const { id } = await paidCharge(ctx, 1000);
    for (const amount of amounts) await refund(ctx, id, amount);
    expect(findTransition("REFUND_PENDING", trigger)).toMatchObject({ to, event: written[0] });
    expect(await conclude(id)).toEqual({ status: to, written });
  });

  it("refund_completed_others_pending and refund_failed_others_pending", async () => {
    const { id } = await paidCharge(ctx, 1000);
    await refund(ctx, id, 200);
    await refund(ctx, id, 313);
    ctx.platform.clock.advance(1);
    await refund(ctx, id, 100);
    // One second later the first two are due, the third not yet: both leave REFUND_PENDING.
    expect(await conclude(id, 1)).toEqual({
      status: "REFUND_PENDING",
      written: ["TRANSACTION_PARTIALLY_REFUNDED", "TRANSACTION_REFUND_FAILED"],
    });
    expect(findTransition("REFUND_PENDING", "refund_completed_others_pending")?.to).toBe("REFUND_PENDING");
    expect(findTransition("REFUND_PENDING", "refund_failed_others_pending")?.to).toBe("REFUND_PENDING");
    expect(await conclude(id)).toEqual({ status: "PAID", written: ["TRANSACTION_PARTIALLY_REFUNDED"] });
  });
});
