/**
 * The dashboard's payouts ("Repasses"): GET /dashboard/api/balance (the balance available,
 * pending and paid out, and the upcoming payouts by day, read with the sweep's rules) and
 * GET /dashboard/api/settlements/{id} (the settlement as /v1 answers it, with a page of the
 * transactions it paid and their fees). Figures are checked against /v1's transactions and
 * settlements and against what the sweep then pays; another seller's settlement is 404.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { otherCompany, signedInMember } from "../support/dashboard-members";
import { plansOf } from "../support/dashboards";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { cardSale, sweepAt } from "../support/settlements";
import { concludeRefunds, getTx, paidCharge, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-05-04T15:00:00Z");
});

const json = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
};
const net = (tx: { amount: number; feeAmount: number }) => tx.amount - tx.feeAmount;

describe("GET /dashboard/api/balance", () => {
  it("splits the unsettled money by the day the sweep pays it; available, pending and paid out match what the sweep then pays", async () => {
    const other = await otherCompany(ctx);
    const pix1 = await getTx(ctx, (await paidCharge(ctx, 1000)).id); // due 05-05
    const card = await getTx(ctx, (await cardSale(ctx, 5000, "CREDIT_CARD")).id); // due 06-03
    const debit = await getTx(ctx, (await cardSale(ctx, 2000, "DEBIT_CARD")).id); // due 05-06
    await paidCharge(other, 7000);
    expect(await sweepAt(ctx, "2026-05-05T00:00:00Z")).toBe(2);
    const pix2 = await getTx(ctx, (await paidCharge(ctx, 3000)).id); // paid 05-05, due 05-06
    expect((await refund(ctx, pix1.id, 200)).status).toBe(201); // pix1 is settled: deducted today
    expect((await refund(ctx, card.id, 1000)).status).toBe(201); // card is not: deducted on its day
    await concludeRefunds(ctx);
    const [settled] = (await json(await ctx.get("/v1/settlements"))).items;
    expect(settled).toMatchObject({ grossAmount: 1000, netAmount: net(pix1) });

    const finance = await signedInMember(ctx, "FINANCE");
    const summary = await json(await finance.request("GET", "/dashboard/api/balance?mode=test"));
    const day = (date: string, n: number, gross: number, fee: number, refunded: number) => ({
      date, currency: "BRL", transactionCount: n, grossAmount: gross, feeAmount: fee, refundedAmount: refunded, chargebackAmount: 0, netAmount: gross - fee - refunded,
    });
    const upcoming = [
      day("2026-05-05", 0, 0, 0, 200),
      day("2026-05-06", 2, 5000, debit.feeAmount + pix2.feeAmount, 0),
      day("2026-06-03", 1, 5000, card.feeAmount, 1000),
    ];
    expect(summary).toEqual({
      today: "2026-05-05",
      balances: [{ currency: "BRL", available: -200, pending: upcoming[1]!.netAmount + upcoming[2]!.netAmount, paidOut: settled.netAmount }],
      upcoming,
    });
    // Live mode and another seller see none of it.
    expect(await json(await finance.request("GET", "/dashboard/api/balance?mode=live"))).toEqual({ today: "2026-05-05", balances: [], upcoming: [] });

    // What the sweep pays on each day is what was announced for it.
    expect(await sweepAt(ctx, "2026-05-06T00:00:00Z")).toBe(1);
    expect((await finance.signIn()).status).toBe(200); // a day later: the session has gone idle
    const [paid] = (await json(await ctx.get("/v1/settlements"))).items;
    expect(paid).toMatchObject({ dueDate: "2026-05-06", transactionCount: 2, grossAmount: 5000, refundedAmount: 200, netAmount: upcoming[1]!.netAmount - 200 });
    const after = await json(await finance.request("GET", "/dashboard/api/balance"));
    expect(after.balances).toEqual([{ currency: "BRL", available: 0, pending: upcoming[2]!.netAmount, paidOut: settled.netAmount + paid.netAmount }]);
    expect(after.upcoming).toEqual([upcoming[2]]);
  });

  it("OPERATION may not read it (403); a stray query parameter names itself", async () => {
    const operation = await signedInMember(ctx, "OPERATION");
    await expectProblem(await operation.request("GET", "/dashboard/api/balance"), 403, "FORBIDDEN");
    const finance = await signedInMember(ctx, "FINANCE");
    const bad = await expectProblem(await finance.request("GET", "/dashboard/api/balance?currency=USD"), 400, "VALIDATION_FAILED");
    expect(bad.errors).toEqual([expect.objectContaining({ path: "currency", in: "query" })]);
  });
});

describe("GET /dashboard/api/settlements/{id}", () => {
  it("is /v1's settlement with a page of its transactions and their fees; another seller's, the other mode's or no id is 404", async () => {
    const other = await otherCompany(ctx);
    const debit = await getTx(ctx, (await cardSale(ctx, 2000, "DEBIT_CARD")).id);
    ctx.platform.clock.advance(1); // newest first: the PIX, then the debit
    const pix = await getTx(ctx, (await paidCharge(ctx, 1500)).id);
    await paidCharge(other, 7000);
    expect(await sweepAt(ctx, "2026-05-06T00:00:00Z")).toBe(2);
    const [mine] = (await json(await ctx.get("/v1/settlements"))).items;
    const [theirs] = (await json(await other.get("/v1/settlements"))).items;
    const finance = await signedInMember(ctx, "FINANCE");

    const one = await json(await finance.request("GET", `/dashboard/api/settlements/${mine.id}`));
    const { transactions, ...settlement } = one;
    expect(settlement).toEqual(mine);
    expect(transactions).toMatchObject({ totalItems: 2, hasNext: false });
    const line = (tx: typeof pix) => ({
      id: tx.id, paymentMethod: tx.paymentMethod, status: "PAID", description: tx.description, amount: tx.amount, currency: "BRL",
      feeAmount: tx.feeAmount, netAmount: net(tx), paidAt: tx.paidAt, createdAt: tx.createdAt,
    });
    expect(transactions.items).toEqual([line(pix), line(debit)]);
    expect(transactions.items.reduce((sum: number, t: { feeAmount: number }) => sum + t.feeAmount, 0)).toBe(mine.feeAmount);

    const first = await json(await finance.request("GET", `/dashboard/api/settlements/${mine.id}?size=1`));
    expect(first.transactions).toMatchObject({ totalItems: 2, hasNext: true, items: [{ id: pix.id }] });
    const next = await json(await finance.request("GET", `/dashboard/api/settlements/${mine.id}?size=1&cursor=${first.transactions.nextCursor}`));
    expect(next.transactions).toMatchObject({ page: 1, hasNext: false, items: [{ id: debit.id }] });

    await expectProblem(await finance.request("GET", `/dashboard/api/settlements/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("GET", `/dashboard/api/settlements/${mine.id}?mode=live`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("GET", "/dashboard/api/settlements/nope"), 404, "RESOURCE_NOT_FOUND");
    const size = await expectProblem(await finance.request("GET", `/dashboard/api/settlements/${mine.id}?size=0`), 400, "VALIDATION_FAILED");
    expect(size.errors).toEqual([expect.objectContaining({ path: "size", in: "query" })]);
    const operation = await signedInMember(ctx, "OPERATION");
    await expectProblem(await operation.request("GET", `/dashboard/api/settlements/${mine.id}`), 403, "FORBIDDEN");
  });
});

describe("the payouts' reads", () => {
  it("go by index: the unsettled transactions and chargebacks by seller, a settlement's transactions by settlement", async () => {
    await paidCharge(ctx, 1000);
    expect(await sweepAt(ctx, "2026-05-05T00:00:00Z")).toBe(1);
    const [settled] = (await json(await ctx.get("/v1/settlements"))).items;
    const finance = await signedInMember(ctx, "FINANCE");
    const balance = await plansOf(ctx.platform.client, "transactions", () => finance.request("GET", "/dashboard/api/balance"), (sql) => sql.includes("from transactions t"));
    expect(balance).toHaveLength(1);
    // The only scans: the refunds' partial index (what no settlement has deducted yet) and the grouped days.
    expect(balance[0]!.filter((line) => line.startsWith("SCAN"))).toEqual(["SCAN r USING INDEX refunds_unsettled_idx", "SCAN (subquery-3)"]);
    expect(balance[0]).toContainEqual(expect.stringContaining("SEARCH t USING INDEX transactions_unsettled_idx (seller_id=?"));
    expect(balance[0]).toContainEqual(expect.stringContaining("SEARCH c USING INDEX chargebacks_unsettled_idx (seller_id=?)"));
    const lines = await plansOf(ctx.platform.client, "transactions", () => finance.request("GET", `/dashboard/api/settlements/${settled.id}`));
    expect(lines).toEqual([[expect.stringContaining("SEARCH transactions USING INDEX transactions_settlement_idx (settlement_id=?)")]]);
  });
});
