import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { refunds } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { concludeRefunds, createPix, getTx, paidCharge, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

describe("refunds: refused", () => {
  it("a PENDING transaction cannot be refunded (409 naming its status)", async () => {
    const tx = await createPix(ctx);
    const problem = await expectProblem(await refund(ctx, tx.id, 100), 409, "INVALID_STATE_TRANSITION");
    expect(problem.currentStatus).toBe("PENDING");
    expect(problem.detail).toContain("PENDING");
    expect(problem.detail).toContain("PAID or REFUND_PENDING");
    expect((await getTx(ctx, tx.id)).refunds).toEqual([]);
  });

  it("a CANCELLED or REFUNDED transaction cannot be refunded", async () => {
    const cancelled = await createPix(ctx);
    await ctx.post(`/v1/transactions/${cancelled.id}/cancel`);
    expect((await expectProblem(await refund(ctx, cancelled.id), 409, "INVALID_STATE_TRANSITION")).currentStatus).toBe("CANCELLED");
    const refunded = await paidCharge(ctx, 1000);
    await refund(ctx, refunded.id);
    await concludeRefunds(ctx);
    expect((await expectProblem(await refund(ctx, refunded.id, 1), 409, "INVALID_STATE_TRANSITION")).currentStatus).toBe("REFUNDED");
  });

  it("over-refund → 409 REFUND_EXCEEDS_AMOUNT saying what is left", async () => {
    const tx = await paidCharge(ctx, 1000);
    const whole = await expectProblem(await refund(ctx, tx.id, 1001), 409, "REFUND_EXCEEDS_AMOUNT");
    expect(whole).toMatchObject({ refundableAmount: 1000, requestedAmount: 1001 });
    await refund(ctx, tx.id, 700);
    const rest = await expectProblem(await refund(ctx, tx.id, 301), 409, "REFUND_EXCEEDS_AMOUNT");
    expect(rest).toMatchObject({ refundableAmount: 300, requestedAmount: 301 });
    expect(rest.detail).toBe("A refund of 301 exceeds what is left to refund: 300 of 1000.");
    expect((await refund(ctx, tx.id, 300)).status).toBe(201);
    const none = await expectProblem(await refund(ctx, tx.id), 409, "REFUND_EXCEEDS_AMOUNT");
    expect(none.detail).toBe("Nothing is left to refund on this transaction.");
  });

  it.each([
    [{ amount: 0 }, "greater than zero"],
    [{ amount: -5 }, "greater than zero"],
    [{ amount: 10.5 }, "integer"],
    [{ amount: "100" }, "minor unit"],
    [{ note: "x" }, "Unknown field"],
  ])("body %j → 400", async (body, words) => {
    const tx = await paidCharge(ctx, 1000);
    const problem = await expectProblem(await ctx.post(`/v1/transactions/${tx.id}/refunds`, body), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].message).toContain(words);
    const [n] = await ctx.platform.db.select({ n: count() }).from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(n?.n).toBe(0);
  });
});
