/** A UUID is case-insensitive: every route finds a resource by its id in any case. */
import { beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { createBuyer, createPix, pay } from "../support/transactions";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe("resource ids in upper case", () => {
  it("find the transaction on GET, sandbox pay, cancel and refund routes", async () => {
    const tx = await createPix(ctx);
    const upper = tx.id.toUpperCase();
    const got = await ctx.get(`/v1/transactions/${upper}`);
    expect(got.status).toBe(200);
    expect((await got.json()).id).toBe(tx.id);
    expect((await pay(ctx, upper)).status).toBe("PAID");
    const refund = await ctx.post(`/v1/transactions/${upper}/refunds`, { amount: 100 });
    expect(refund.status).toBe(201);
    const other = await createPix(ctx);
    const cancel = await ctx.post(`/v1/transactions/${other.id.toUpperCase()}/cancel`);
    expect((await cancel.json()).status).toBe("CANCELLED");
  });

  it("a buyerId in upper case is the same buyer", async () => {
    const buyerId = await createBuyer(ctx);
    const tx = await createPix(ctx, { buyer: undefined, buyerId: buyerId.toUpperCase() });
    expect(tx.buyerId).toBe(buyerId);
  });
});
