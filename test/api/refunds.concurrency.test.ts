import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refunds } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { concludeRefunds, getTx, paidCharge, refund } from "../support/transactions";

/** Sum of the refunds that count against the amount. */
async function refunded(ctx: Awaited<ReturnType<typeof createTestContext>>, id: string) {
  const rows = await ctx.platform.db.select().from(refunds).where(eq(refunds.transactionId, id));
  return rows.filter((r) => r.status !== "FAILED").reduce((sum, r) => sum + r.amount, 0);
}

// dbLatency: every database call yields first, so all 20 requests read the transaction (and pass
// the JS pre-check) before any of them writes; only the SQL guard stands between them and over-refunding.
describe("refunds under concurrency", () => {
  it("20 concurrent partial refunds never exceed the amount", async () => {
    const ctx = await createTestContext({ dbLatency: true });
    const tx = await paidCharge(ctx, 1000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => refund(ctx, tx.id, 300)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const res of responses.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe("REFUND_EXCEEDS_AMOUNT");
    }
    expect(await refunded(ctx, tx.id)).toBe(900);
    await concludeRefunds(ctx);
    const after = await getTx(ctx, tx.id);
    expect(after.status).toBe("PAID");
    expect(after.refunds).toHaveLength(3);
  });

  it("20 concurrent full refunds (default amount) refund exactly once", async () => {
    const ctx = await createTestContext({ dbLatency: true });
    const tx = await paidCharge(ctx, 1000);
    const responses = await Promise.all(Array.from({ length: 20 }, () => refund(ctx, tx.id)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await refunded(ctx, tx.id)).toBe(1000);
    await concludeRefunds(ctx);
    expect((await getTx(ctx, tx.id)).status).toBe("REFUNDED");
  });
});
