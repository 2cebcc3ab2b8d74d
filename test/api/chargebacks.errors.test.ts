/**
 * Chargebacks refused: PIX (422), a transaction that is not PAID (409 with currentStatus), an
 * amount above what is left (422), bad input (400 naming the field), another seller's (404), a
 * live key (404 on the sandbox route), and concurrent chargebacks that would exceed the amount.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller } from "../../worker/domain/sellers";
import { cardInput, runThreeDs } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { cardSale } from "../support/settlements";
import { concludeRefunds, paidCharge, pixBody, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-07-01T10:00:00Z");
});

const chargeback = (id: string, body?: unknown) => ctx.post(`/v1/sandbox/transactions/${id}/chargeback`, body);

describe("what cannot receive a chargeback", () => {
  it("PIX: 422 (PIX has no chargebacks)", async () => {
    const pix = await paidCharge(ctx, 1000);
    const problem = await expectProblem(await chargeback(pix.id), 422, "UNPROCESSABLE");
    expect(problem).toMatchObject({ paymentMethod: "PIX" });
  });

  it("a card transaction that is not PAID: 409 INVALID_STATE_TRANSITION with its status", async () => {
    const card = cardInput("4000000000009953"); // insufficient_funds
    const run = await runThreeDs(ctx.send, ctx.app, card, 2000);
    const failed = await (await ctx.post("/v1/transactions", { ...pixBody({ amount: 2000 }), paymentMethod: "CREDIT_CARD", card, threeDs: run.threeDs })).json();
    expect(failed.status).toBe("FAILED");
    expect(await expectProblem(await chargeback(failed.id), 409, "INVALID_STATE_TRANSITION")).toMatchObject({ currentStatus: "FAILED", allowedStatuses: ["PAID"] });

    const sale = await cardSale(ctx, 5000);
    expect((await refund(ctx, sale.id, 1000)).status).toBe(201);
    expect(await expectProblem(await chargeback(sale.id), 409, "INVALID_STATE_TRANSITION")).toMatchObject({ currentStatus: "REFUND_PENDING" });
    expect((await refund(ctx, sale.id)).status).toBe(201);
    await concludeRefunds(ctx);
    expect(await expectProblem(await chargeback(sale.id), 409, "INVALID_STATE_TRANSITION")).toMatchObject({ currentStatus: "REFUNDED" });
  });

  it("an amount above what is neither refunded nor charged back: 422 with the chargeable amount", async () => {
    const sale = await cardSale(ctx, 5000);
    expect(await expectProblem(await chargeback(sale.id, { amount: 5001 }), 422, "UNPROCESSABLE")).toMatchObject({ chargeableAmount: 5000, requestedAmount: 5001 });
    expect((await chargeback(sale.id, { amount: 4000 })).status).toBe(201);
    expect(await expectProblem(await chargeback(sale.id, { amount: 1001 }), 422, "UNPROCESSABLE")).toMatchObject({ chargeableAmount: 1000 });
    expect((await chargeback(sale.id)).status).toBe(201);
    expect(await expectProblem(await chargeback(sale.id), 422, "UNPROCESSABLE")).toMatchObject({ chargeableAmount: 0 });
  });
});

describe("bad input and strangers", () => {
  it("400 naming the field: amount, reasonCode, an unknown field, the id", async () => {
    const sale = await cardSale(ctx, 5000);
    for (const [body, path] of [[{ amount: 0 }, "amount"], [{ amount: 10.5 }, "amount"], [{ amount: "100" }, "amount"], [{ reasonCode: "angry" }, "reasonCode"], [{ note: "x" }, "note"]] as const) {
      const problem = await expectProblem(await chargeback(sale.id, body), 400, "VALIDATION_FAILED");
      expect(problem.errors).toEqual([expect.objectContaining({ path, in: "body" })]);
    }
    const badId = await expectProblem(await chargeback("42"), 400, "VALIDATION_FAILED");
    expect(badId.errors).toEqual([expect.objectContaining({ path: "id", in: "path" })]);
    await expectProblem(await ctx.get("/v1/chargebacks/42"), 400, "VALIDATION_FAILED");
    await expectProblem(await ctx.get("/v1/chargebacks?size=101"), 400, "VALIDATION_FAILED");
  });

  it("another seller's transaction or chargeback is 404, and its list is its own", async () => {
    const sale = await cardSale(ctx, 5000);
    const mine = await (await chargeback(sale.id, { amount: 100 })).json();
    const otherSeller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    const other = requester(ctx.app, otherSeller);
    await expectProblem(await other.post(`/v1/sandbox/transactions/${sale.id}/chargeback`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.get(`/v1/chargebacks/${mine.id}`), 404, "RESOURCE_NOT_FOUND");
    expect(await (await other.get("/v1/chargebacks")).json()).toMatchObject({ items: [], totalItems: 0 });
    await expectProblem(await chargeback(crypto.randomUUID()), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("concurrent chargebacks", () => {
  it("ten at once of 400 on 1000 open exactly two", async () => {
    ctx = await createTestContext({ dbLatency: true });
    const sale = await cardSale(ctx, 1000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => chargeback(sale.id, { amount: 400 })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(2);
    for (const res of responses.filter((r) => r.status !== 201)) expect([422, 409]).toContain(res.status);
    const listed = (await (await ctx.get("/v1/chargebacks")).json()).items;
    expect(listed.reduce((sum: number, c: { amount: number }) => sum + c.amount, 0)).toBe(800);
  });
});
