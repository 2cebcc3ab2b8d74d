/**
 * Confirm from the buyer's browser, as an attacker would try it: racing confirms reach the
 * acquirer once, a claimed transaction cannot be cancelled or expired under the confirm, the
 * publishable key's answer is the buyer-safe view, the browser cannot raise the installments the
 * seller set, a PIX charge's secret opens no 3DS, and a spent single-use card keeps no PAN.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cards, threedsSessions, transactions } from "../../worker/db/schema";
import type { CardAcquirer, CardSale } from "../../worker/lib/acquirer";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { cardInput, runThreeDs } from "../support/cards";
import { assignPlan, createPlan } from "../support/fee-plans";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pixBody, type Ctx } from "../support/transactions";

/** The sandbox card acquirers, counting every sale they are asked to authorize; `gate` holds each call until released. */
function countingAcquirers() {
  const sales: CardSale[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const wrap = (a: CardAcquirer): CardAcquirer => ({
    ...a,
    name: a.name,
    concludeRefund: (r) => a.concludeRefund(r),
    async authorize(sale) {
      sales.push(sale);
      // A real acquirer takes a while: let every other request run meanwhile.
      await (gate ?? new Promise((resolve) => setTimeout(resolve, 5)));
      return a.authorize(sale);
    },
  });
  return {
    sales,
    acquirers: SANDBOX_CARD_ACQUIRERS.map(wrap),
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

let ctx: Ctx;
let counting: ReturnType<typeof countingAcquirers>;
let browser: ReturnType<typeof requester>;
beforeEach(async () => {
  counting = countingAcquirers();
  ctx = await createTestContext({ dbLatency: true, acquirers: { cards: { test: counting.acquirers, live: [] } } });
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
  browser = requester(ctx.app, { ...ctx.seller, apiKey: ctx.seller.publishableKey });
});

async function createPending(amount = 1000, extra: Record<string, unknown> = {}) {
  const res = await ctx.post("/v1/transactions", { ...pixBody({ amount }), paymentMethod: "CREDIT_CARD", ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const confirm = (tx: { id: string; clientSecret: string }, body: Record<string, unknown> = {}) =>
  browser.post(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.clientSecret, ...body });

/** Runs the browser's 3DS for `tx` with `number` (frictionless unless the card says otherwise). */
const threeDsInBrowser = (tx: { id: string; amount: number; clientSecret: string }, number = "4111111111111111") =>
  runThreeDs(browser.send, ctx.app, cardInput(number), tx.amount, { extra: { transactionId: tx.id, clientSecret: tx.clientSecret } });

describe("racing confirms", () => {
  it("20 concurrent confirms after four 3DS runs: one acquirer call, one 200, the others a clear 409", async () => {
    const tx = await createPending();
    for (let i = 0; i < 4; i++) await threeDsInBrowser(tx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(tx)));
    const statuses = answers.map((r) => r.status);
    expect(counting.sales.map((s) => s.transactionId)).toEqual([tx.id]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(["CONCURRENT_MODIFICATION", "INVALID_STATE_TRANSITION"]).toContain((await res.json()).code);
    }
    // One 3DS session paid for it; the other three are still unused.
    const sessions = await ctx.platform.db.select().from(threedsSessions).where(eq(threedsSessions.transactionId, tx.id));
    expect(sessions.filter((s) => s.usedBy === tx.id)).toHaveLength(1);
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "PAID" });
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.confirmingUntil).toBeNull();
  });

  it("while a confirm is at the acquirer, cancel, expiry and a second confirm are refused; the confirm then pays", async () => {
    const tx = await createPending(1000, { expirationSeconds: 60 });
    await threeDsInBrowser(tx);
    counting.hold();
    const first = confirm(tx);
    while (counting.sales.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    await expectProblem(await confirm(tx), 409, "CONCURRENT_MODIFICATION");
    const cancel = await expectProblem(await ctx.post(`/v1/transactions/${tx.id}/cancel`), 409, "CONCURRENT_MODIFICATION");
    expect(cancel.detail).toContain("confirming");
    // Past its expiry (and within the claim), the sweep and a read leave it to the confirm.
    ctx.platform.clock.advance(61);
    await ctx.platform.runScheduled();
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "PENDING" });
    counting.release();
    expect(await (await first).json()).toMatchObject({ status: "PAID" });
    expect(counting.sales).toHaveLength(1);
  });

  it("a claim that lapses (a crashed confirm) frees the transaction: it can be cancelled", async () => {
    const tx = await createPending();
    await ctx.platform.db.update(transactions).set({ confirmingUntil: "2026-11-22T12:02:00.000Z" }).where(eq(transactions.id, tx.id));
    await expectProblem(await ctx.post(`/v1/transactions/${tx.id}/cancel`), 409, "CONCURRENT_MODIFICATION");
    ctx.platform.clock.advance(121);
    expect(await (await ctx.post(`/v1/transactions/${tx.id}/cancel`)).json()).toMatchObject({ status: "CANCELLED" });
  });
});

describe("what a publishable key's confirm answers", () => {
  it("the buyer-safe view: no customer, fees, acquirer, ids of the seller's systems, nor the issuer's fraud code", async () => {
    const tx = await createPending();
    await threeDsInBrowser(tx, "4000000000009557");
    const res = await confirm(tx);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: tx.id, status: "FAILED", failureCode: "card_declined", merchant: { name: "Loja Teste Ltda" } });
    for (const hidden of ["idempotencyKey", "buyerId", "customer", "feeAmount", "netAmount", "acquirer", "clientSecret", "pendingAction"]) {
      expect(body).not.toHaveProperty(hidden);
    }
    const text = JSON.stringify(body);
    for (const value of [tx.customer.email, tx.customer.name, tx.idempotencyKey, "suspected_fraud"]) expect(text).not.toContain(value);
    // The seller's server still reads the whole story.
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ failureCode: "suspected_fraud", acquirer: "sandbox-alpha" });
  });
});

describe("installments are the seller's to allow", () => {
  it("the browser cannot choose more than maxInstallments (default: the transaction's installments); the fee stays", async () => {
    const plan = await createPlan(ctx);
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const tx = await createPending(10_000);
    expect(tx).toMatchObject({ installments: 1, maxInstallments: 1 });
    await threeDsInBrowser(tx);
    const problem = await expectProblem(await confirm(tx, { installments: 3 }), 400, "VALIDATION_FAILED");
    expect(problem.errors[0]).toMatchObject({ path: "installments", code: "too_big" });
    expect(counting.sales).toHaveLength(0);
    const paid = await confirm(tx, { installments: 1 });
    expect(await paid.json()).toMatchObject({ status: "PAID", installments: 1 });
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ installments: 1, feeAmount: 349 });
  });

  it("a seller allowing up to 6: the checkout view says so, 6 passes, 7 does not", async () => {
    const plan = await createPlan(ctx);
    await assignPlan(ctx, ctx.seller.sellerId, plan.id);
    const tx = await createPending(10_000, { installments: 2, maxInstallments: 6 });
    const view = await (await browser.get(`/v1/transactions/${tx.id}/checkout`, { "X-Client-Secret": tx.clientSecret })).json();
    expect(view).toMatchObject({ installments: 2, maxInstallments: 6 });
    await threeDsInBrowser(tx);
    expect((await expectProblem(await confirm(tx, { installments: 7 }), 400, "VALIDATION_FAILED")).errors[0].path).toBe("installments");
    expect(await (await confirm(tx, { installments: 6 })).json()).toMatchObject({ status: "PAID", installments: 6 });
  });

  it("maxInstallments is for credit cards, and not below installments", async () => {
    const debit = await expectProblem(await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "DEBIT_CARD", maxInstallments: 3 }), 400, "VALIDATION_FAILED");
    expect(debit.errors[0].path).toBe("maxInstallments");
    const below = await expectProblem(await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD", installments: 4, maxInstallments: 3 }), 400, "VALIDATION_FAILED");
    expect(below.errors[0].path).toBe("maxInstallments");
    const range = await expectProblem(await ctx.post("/v1/transactions", { ...pixBody(), paymentMethod: "CREDIT_CARD", maxInstallments: 22 }), 400, "VALIDATION_FAILED");
    expect(range.errors[0].path).toBe("maxInstallments");
  });
});

describe("a PIX charge's client secret", () => {
  it("opens no 3DS: setup is a 409 and nothing is vaulted or opened", async () => {
    const pix = await (await ctx.post("/v1/transactions", pixBody())).json();
    const problem = await expectProblem(
      await browser.post("/v1/transactions/threeds/setup", { card: cardInput("4111111111111111"), transactionId: pix.id, clientSecret: pix.clientSecret }),
      409,
      "INVALID_STATE_TRANSITION",
    );
    expect(problem.detail).toContain("PIX");
    expect(await ctx.platform.db.select().from(cards)).toEqual([]);
    expect(await ctx.platform.db.select().from(threedsSessions)).toEqual([]);
    await expectProblem(await confirm(pix), 409, "INVALID_STATE_TRANSITION");
  });
});

describe("a spent single-use card", () => {
  it("keeps no sealed PAN once its sale is decided, paid or declined", async () => {
    for (const number of ["4111111111111111", "4000000000009953"]) {
      const tx = await createPending();
      await threeDsInBrowser(tx, number);
      expect((await confirm(tx)).status).toBe(200);
    }
    const rows = await ctx.platform.db.select().from(cards);
    expect(rows.map((c) => [c.type, c.status, c.pan])).toEqual([
      ["SINGLE_USE", "INACTIVE", ""],
      ["SINGLE_USE", "INACTIVE", ""],
    ]);
  });
});
