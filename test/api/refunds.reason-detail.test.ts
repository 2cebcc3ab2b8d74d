/**
 * A refund's reason and a payment's detail (issue 31, items 5 and 6), on the Node host:
 * - `reason` on POST /v1/transactions/{id}/refunds is trimmed, kept with the refund (its row, the
 *   201, the transaction's `refunds`, the event) and checked (1 to 200 characters of plain text,
 *   a 400 naming `reason` otherwise); another seller's transaction is 404;
 * - the dashboard's payment (GET /dashboard/api/payments/{id}) carries the refund's reason, the
 *   PIX's end-to-end id (a sandbox one for a test PIX), a card sale's installments, acquirer and
 *   authorization code (no PAN, the document masked), and its `money`: what the buyer paid, the
 *   fee, the completed refunds and the net after them, by the formula the settlement uses (the
 *   settlement paying that payment alone nets the same).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { events, refunds, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { cardInput, runThreeDs } from "../support/cards";
import { DashboardVisitor } from "../support/dashboard";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { sweepAt } from "../support/settlements";
import { concludeRefunds, getTx, paidCharge, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** The seller's OWNER, signed in to the dashboard (the operator's invite is its way in). */
async function owner() {
  const [row] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
  const v = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
  expect((await v.register((await createInvite(ctx.platform, ctx.seller.sellerId, row!.id)).inviteUrl)).status).toBe(201);
  return v;
}

/** The dashboard's payment `id` (200). */
async function dashboardPayment(v: DashboardVisitor, id: string) {
  const res = await v.request("GET", `/dashboard/api/payments/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe("a refund's reason", () => {
  it("is trimmed and kept: the row, the 201, the transaction's refunds and the partial refund's event", async () => {
    const tx = await paidCharge(ctx, 5000);
    const res = await ctx.post(`/v1/transactions/${tx.id}/refunds`, { amount: 1234, reason: "  Produto devolvido pela cliente  " });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ amount: 1234, status: "PENDING", reason: "Produto devolvido pela cliente" });
    const [row] = await ctx.platform.db.select().from(refunds).where(eq(refunds.id, created.id));
    expect(row!.reason).toBe("Produto devolvido pela cliente");
    await concludeRefunds(ctx);
    expect((await getTx(ctx, tx.id)).refunds).toEqual([{ ...created, status: "COMPLETED", completedAt: expect.any(String) }]);
    const [event] = await ctx.platform.db.select().from(events).where(eq(events.type, "TRANSACTION_PARTIALLY_REFUNDED"));
    expect((event!.data as { transaction: { refunds: Array<{ reason: string }> } }).transaction.refunds[0]!.reason).toBe("Produto devolvido pela cliente");
  });

  it("is optional: a refund without one says null", async () => {
    const tx = await paidCharge(ctx, 1000);
    const created = await (await ctx.post(`/v1/transactions/${tx.id}/refunds`, { amount: 100 })).json();
    expect(created.reason).toBeNull();
  });

  it.each([
    ["over 200 characters", "x".repeat(201), "at most 200"],
    ["blank", "   ", "must not be empty"],
    ["a line break", "devolvido\nhoje", "control characters"],
    ["not text", 42, ""],
  ])("%s is a 400 naming reason, and nothing is refunded", async (_, reason, words) => {
    const tx = await paidCharge(ctx, 1000);
    const problem = await expectProblem(await ctx.post(`/v1/transactions/${tx.id}/refunds`, { amount: 100, reason }), 400, "VALIDATION_FAILED");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "reason", in: "body", message: expect.stringContaining(words) })]);
    expect(await ctx.platform.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toEqual([]);
  });

  it("200 characters are accepted", async () => {
    const tx = await paidCharge(ctx, 1000);
    expect((await (await ctx.post(`/v1/transactions/${tx.id}/refunds`, { reason: "é".repeat(200) })).json()).reason).toBe("é".repeat(200));
  });

  it("another seller's transaction is 404, with a reason or without, on /v1 and in the dashboard", async () => {
    const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    const sub = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
    expect((await ctx.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" })).status).toBe(200);
    const theirs = await paidCharge({ ...ctx, ...requester(ctx.app, { ...ctx.seller, sellerId: sub.id, apiKey: sub.apiKey }) } as Ctx, 700);
    await expectProblem(await ctx.post(`/v1/transactions/${theirs.id}/refunds`, { amount: 100, reason: "Teste" }), 404, "RESOURCE_NOT_FOUND");
    const v = await owner();
    await expectProblem(await v.request("GET", `/dashboard/api/payments/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await v.request("POST", `/dashboard/api/payments/${theirs.id}/refunds`, { amount: 100, reason: "Teste" }, { "Idempotency-Key": crypto.randomUUID() }), 404, "RESOURCE_NOT_FOUND");
    expect(await ctx.platform.db.select().from(refunds).where(eq(refunds.transactionId, theirs.id))).toEqual([]);
  });
});

describe("the dashboard's payment", () => {
  it("a PIX: its E2E id, the reason of a refund made in the dashboard, and its money after the refund completes", async () => {
    const tx = await paidCharge(ctx, 5000); // 0.99 %: fee 50, net 4950
    expect(tx.paymentDetails.endToEndId).toMatch(/^E99999999\d{12}[0-9A-Za-z]{11}$/);
    const v = await owner();
    const before = await dashboardPayment(v, tx.id);
    expect(before.paymentDetails.endToEndId).toBe(tx.paymentDetails.endToEndId);
    expect(before.money).toEqual({ paid: 5000, fee: 50, refunded: 0, chargedBack: 0, net: 4950 });
    const res = await v.request("POST", `/dashboard/api/payments/${tx.id}/refunds`, { amount: 1234, reason: " Cliente desistiu " }, { "Idempotency-Key": crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ amount: 1234, reason: "Cliente desistiu" });
    // Pending: not money returned yet, so the net is unchanged.
    expect((await dashboardPayment(v, tx.id)).money).toEqual({ paid: 5000, fee: 50, refunded: 0, chargedBack: 0, net: 4950 });
    await concludeRefunds(ctx);
    const after = await dashboardPayment(v, tx.id);
    expect(after).toMatchObject({ status: "PAID", refunds: [{ amount: 1234, status: "COMPLETED", reason: "Cliente desistiu" }] });
    expect(after.money).toEqual({ paid: 5000, fee: 50, refunded: 1234, chargedBack: 0, net: 3716 });
    // The settlement that pays this payment alone nets what the page says.
    expect(await sweepAt(ctx, "2026-01-17T03:00:00.000Z")).toBe(1);
    const [settlement] = (await (await ctx.get("/v1/settlements")).json()).items;
    expect(settlement).toMatchObject({ grossAmount: 5000, feeAmount: 50, refundedAmount: 1234, netAmount: after.money.net });
  });

  it("an unpaid payment has no money yet", async () => {
    const created = await (await ctx.post("/v1/transactions", pixBody({ amount: 900 }))).json();
    expect((await dashboardPayment(await owner(), created.id)).money).toBeNull();
  });

  it("a card sale: installments, acquirer and authorization code; the card's BIN and last 4 only, the document masked", async () => {
    const card = cardInput("4111111111111111");
    const run = await runThreeDs(ctx.send, ctx.app, card, 30000);
    expect(run.ok, JSON.stringify(run)).toBe(true);
    const res = await ctx.post("/v1/transactions", { ...pixBody({ amount: 30000 }), paymentMethod: "CREDIT_CARD", installments: 3, card, threeDs: run.threeDs });
    expect(res.status, await res.clone().text()).toBe(201);
    const sale = await res.json();
    // The sandbox acquirers' authorization code: the sale id's first 6 characters, upper-cased.
    expect(sale).toMatchObject({ status: "PAID", installments: 3, acquirer: expect.stringMatching(/^sandbox-(alpha|beta)$/), authorizationCode: sale.id.slice(0, 6).toUpperCase() });
    const shown = await dashboardPayment(await owner(), sale.id);
    expect(shown).toMatchObject({ installments: 3, acquirer: sale.acquirer, authorizationCode: sale.authorizationCode, card: { brand: "VISA", first6digits: "411111", last4digits: "1111" } });
    expect(shown.customer.document).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    expect(shown.money).toEqual({ paid: 30000, fee: sale.feeAmount, refunded: 0, chargedBack: 0, net: 30000 - sale.feeAmount });
    expect(JSON.stringify(shown)).not.toContain("4111111111111111");
  });
});
