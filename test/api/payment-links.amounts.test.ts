/**
 * A payment link's amounts have an upper bound (issue 28, finding 5): a CUSTOMER_CHOICE buyer pays
 * at most the link's own `maxAmountInCents`, else the most any /v1 payment may be (MAX_AMOUNT); a
 * FIXED link's price times its quantity fits that maximum. Past it the pay is a 422 naming
 * `amountInCents` and no charge exists (before: a PIX of 1e15 was a 500, a card of 1e15 a 201
 * holding a use).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { transactions } from "../../worker/db/schema";
import { MAX_AMOUNT } from "../../worker/schemas/transaction";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createLink, openSession, paySession, publicCall } from "../support/payment-links";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const chargesOf = (linkId: string) => ctx.platform.db.select().from(transactions).where(eq(transactions.paymentLinkId, linkId));

/** The 422's field errors as `path code`. */
async function invalid(res: Response): Promise<string[]> {
  const problem = await expectProblem(res, 422, "INVALID_DATA");
  return problem.errors.map((e: { path: string; code: string }) => `${e.path} ${e.code}`);
}

const choice = (overrides: Record<string, unknown> = {}) =>
  createLink(ctx, { chargeType: "CUSTOMER_CHOICE", amountInCents: undefined, minAmountInCents: 500, maxUses: 3, ...overrides });

describe("CUSTOMER_CHOICE: the buyer's amount has an upper bound", () => {
  it("without a maximum of its own, a link takes at most the /v1 maximum: 1e15 is a 422 by PIX and by card, and holds no use", async () => {
    const link = await choice();
    for (const paymentMethod of ["PIX", "CARD"]) {
      const res = await paySession(ctx.app, await openSession(ctx.app, link.id), { paymentMethod, amountInCents: 1e15 });
      expect(await invalid(res)).toEqual(["amountInCents too_big"]);
    }
    expect(await chargesOf(link.id)).toEqual([]);
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ reservedUses: 0, maxAmountInCents: null });
    // The maximum itself is a payment like any other.
    const res = await paySession(ctx.app, await openSession(ctx.app, link.id), { amountInCents: MAX_AMOUNT });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).transaction.amount).toBe(MAX_AMOUNT);
  });

  it("a link's own maxAmountInCents caps it: one cent over is a 422, the cap itself is charged", async () => {
    const link = await choice({ maxAmountInCents: 99_999_999_999 });
    expect(link).toMatchObject({ minAmountInCents: 500, maxAmountInCents: 99_999_999_999 });
    const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
    expect(view).toMatchObject({ minAmountInCents: 500, maxAmountInCents: 99_999_999_999 });
    const over = await paySession(ctx.app, await openSession(ctx.app, link.id), { paymentMethod: "CARD", amountInCents: 100_000_000_000 });
    const problem = await expectProblem(over, 422, "INVALID_DATA");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "amountInCents", code: "too_big", message: "must be at most 99999999999" })]);
    expect(await chargesOf(link.id)).toEqual([]);
    const at = await paySession(ctx.app, await openSession(ctx.app, link.id), { amountInCents: 99_999_999_999 });
    expect(at.status, await at.clone().text()).toBe(201);
  });

  it("PATCH sets and clears maxAmountInCents; the next pay follows it", async () => {
    const link = await choice();
    const patched = await ctx.patch(`/v1/payment-links/${link.id}`, { maxAmountInCents: 2000 });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect(await patched.json()).toMatchObject({ maxAmountInCents: 2000 });
    expect(await invalid(await paySession(ctx.app, await openSession(ctx.app, link.id), { amountInCents: 2001 }))).toEqual(["amountInCents too_big"]);
    expect((await ctx.patch(`/v1/payment-links/${link.id}`, { maxAmountInCents: null })).status).toBe(200);
    expect((await paySession(ctx.app, await openSession(ctx.app, link.id), { amountInCents: 2001 })).status).toBe(201);
  });
});

describe("a link's own amounts", () => {
  it("maxAmountInCents is for CUSTOMER_CHOICE links only, at least minAmountInCents, at most 99,999,999,999", async () => {
    expect(await invalid(await ctx.post("/v1/payment-links", { name: "Camiseta", amountInCents: 4990, paymentMethods: ["PIX"], maxAmountInCents: 10_000 }))).toEqual([
      "maxAmountInCents not_allowed",
    ]);
    const body = { name: "Doação", chargeType: "CUSTOMER_CHOICE", minAmountInCents: 1000, paymentMethods: ["PIX"] };
    expect(await invalid(await ctx.post("/v1/payment-links", { ...body, maxAmountInCents: 999 }))).toEqual(["maxAmountInCents too_small"]);
    expect(await invalid(await ctx.post("/v1/payment-links", { ...body, maxAmountInCents: 100_000_000_000 }))).toEqual(["maxAmountInCents too_big"]);
    const link = await createLink(ctx, { ...body, maxAmountInCents: 1000, successUrl: undefined, cancelUrl: undefined, maxInstallments: undefined });
    expect(await invalid(await ctx.patch(`/v1/payment-links/${link.id}`, { minAmountInCents: 1001 }))).toEqual(["maxAmountInCents too_small"]);
  });

  it("a FIXED link's price times its quantity is at most the /v1 maximum, so its pay can never exceed it", async () => {
    const res = await ctx.post("/v1/payment-links", { name: "Lote", amountInCents: 99_999_999_999, quantity: 1000, paymentMethods: ["PIX"] });
    const problem = await expectProblem(res, 422, "INVALID_DATA");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "amountInCents", code: "too_big" })]);
    const link = await createLink(ctx, { amountInCents: 999_999_999, quantity: 1000, maxInstallments: undefined, paymentMethods: ["PIX"] });
    expect(link.amountInCents * link.quantity).toBe(MAX_AMOUNT - 999);
    expect(await invalid(await ctx.patch(`/v1/payment-links/${link.id}`, { amountInCents: 1_000_000_000 }))).toEqual(["amountInCents too_big"]);
  });
});
