/**
 * Card transactions with 3DS: authorized and captured at once (PAID with fee and event, or
 * FAILED with the decline code), routed between the two sandbox acquirers with failover, and
 * refused when the 3DS result does not match what this service issued.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { createDb } from "../../worker/db/client";
import { events, threedsSessions, transactions } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { cardInput, runThreeDs } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createBuyer, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
});

/** A card sale body: the PIX fixture's buyer, the card, and the 3DS result. */
const saleBody = (card: unknown, threeDs: unknown, amount: number, extra: Record<string, unknown> = {}) => ({
  ...pixBody({ amount }),
  paymentMethod: "CREDIT_CARD",
  card,
  threeDs,
  ...extra,
});

/** 3DS then the sale; returns the sale's response. */
async function pay(number: string, amount: number, extra: Record<string, unknown> = {}) {
  const card = cardInput(number);
  const run = await runThreeDs(ctx.send, ctx.app, card, amount);
  expect(run.ok, JSON.stringify(run)).toBe(true);
  return ctx.post("/v1/transactions", saleBody(card, run.threeDs, amount, extra));
}

describe("card sales with 3DS", () => {
  it("frictionless Visa: 201 PAID with fee, card, acquirer and a TRANSACTION_PAID event", async () => {
    const res = await pay("4111111111111111", 10000, { installments: 3, seonSession: "seon-session-abc" });
    expect(res.status).toBe(201);
    const tx = await res.json();
    expect(tx).toMatchObject({
      status: "PAID",
      paymentMethod: "CREDIT_CARD",
      amount: 10000,
      paidAt: "2026-11-22T12:00:00.000Z",
      feeAmount: 438, // 3.99 % + 39 (the default plan)
      netAmount: 9562,
      card: { brand: "VISA", first6digits: "411111", last4digits: "1111" },
      cardToken: null,
      installments: 3,
      acquirer: "sandbox-alpha",
      failureCode: null,
      pendingAction: null,
      paymentDetails: null,
    });
    expect(JSON.stringify(tx)).not.toContain("seon-session-abc");
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.seonSession).toMatch(/^v1\./);
    const [event] = await ctx.platform.db.select().from(events);
    expect(event).toMatchObject({ type: "TRANSACTION_PAID", data: { transaction: tx } });
    expect((await (await ctx.get(`/v1/transactions/${tx.id}`)).json())).toEqual(tx);
    const list = await (await ctx.get("/v1/transactions")).json();
    expect(list.items[0]).toEqual(tx);
  });

  it("challenge passed: PAID; the Elo card is routed to sandbox-beta, and so are high amounts", async () => {
    const challenged = await pay("4000000000003220", 5000);
    expect(await challenged.json()).toMatchObject({ status: "PAID", acquirer: "sandbox-alpha" });
    expect(await (await pay("6362970000457013", 5000)).json()).toMatchObject({ status: "PAID", acquirer: "sandbox-beta", card: { brand: "ELO" } });
    expect(await (await pay("4111111111111111", 100000)).json()).toMatchObject({ status: "PAID", acquirer: "sandbox-beta" });
  });

  it("declines: FAILED with the decline code, no fee and no event", async () => {
    for (const [number, code] of [["4000000000009953", "insufficient_funds"], ["4000000000000028", "do_not_honor"], ["4000000000000069", "expired_card"], ["4000000000009557", "suspected_fraud"]]) {
      const res = await pay(number!, 2000);
      expect(res.status).toBe(201);
      expect(await res.json(), number).toMatchObject({ status: "FAILED", failureCode: code, failureMessage: expect.any(String), feeAmount: null, paidAt: null, acquirer: "sandbox-alpha" });
    }
    expect(await ctx.platform.db.select().from(events)).toEqual([]);
  });

  it("failover: alpha down → beta processes it; both down → FAILED acquirer_unavailable", async () => {
    expect(await (await pay("4000000000000093", 2000)).json()).toMatchObject({ status: "PAID", acquirer: "sandbox-beta" });
    expect(await (await pay("5200000000000007", 2000)).json()).toMatchObject({ status: "FAILED", failureCode: "acquirer_unavailable", acquirer: null });
  });

  it("one 3DS authentication pays once; an Idempotency-Key retry replays instead", async () => {
    const card = cardInput("4111111111111111");
    const run = await runThreeDs(ctx.send, ctx.app, card, 3000);
    const first = await ctx.post("/v1/transactions", saleBody(card, run.threeDs, 3000), { "Idempotency-Key": "order-1" });
    expect(first.status).toBe(201);
    const original = await first.json();
    const again = await ctx.post("/v1/transactions", saleBody(card, run.threeDs, 3000), { "Idempotency-Key": "order-1" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(original);
    // Another process (which has not seen the key) replays it from the database too, even after
    // the authentication's 30 minutes are over.
    ctx.platform.clock.advance(31 * 60);
    const elsewhere = createApp({ ...ctx.platform, db: createDb(ctx.platform.client) });
    const fromDb = await requester(elsewhere, ctx.seller).post("/v1/transactions", saleBody(card, run.threeDs, 3000), { "Idempotency-Key": "order-1" });
    expect(fromDb.status).toBe(200);
    expect(await fromDb.json()).toEqual(original);
    const replayed = await expectProblem(await ctx.post("/v1/transactions", saleBody(card, run.threeDs, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(replayed.reason).toBe("already_used");
    expect(await ctx.platform.db.select().from(transactions)).toHaveLength(1);
  });

  it("a 3DS result for another card, amount or seller is refused, and brand-required fields are checked", async () => {
    const card = cardInput("4111111111111111");
    const run = await runThreeDs(ctx.send, ctx.app, card, 3000);
    let problem = await expectProblem(await ctx.post("/v1/transactions", saleBody(card, run.threeDs, 3001)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem.reason).toBe("mismatch");
    problem = await expectProblem(await ctx.post("/v1/transactions", saleBody(cardInput("4000000000000093"), run.threeDs, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem.reason).toBe("mismatch");
    problem = await expectProblem(await ctx.post("/v1/transactions", saleBody(card, { ...run.threeDs, cavv: "made-up" }, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem.reason).toBe("unknown");
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com", city: "Recife" }, ctx.platform.now());
    problem = await expectProblem(await requester(ctx.app, other).post("/v1/transactions", saleBody(card, run.threeDs, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem.reason).toBe("unknown");

    const mc = cardInput("5555555555554444");
    const mcRun = await runThreeDs(ctx.send, ctx.app, mc, 3000);
    const { directoryServerTransactionId: _ds, ...withoutDs } = mcRun.threeDs!;
    problem = await expectProblem(await ctx.post("/v1/transactions", saleBody(mc, withoutDs, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem).toMatchObject({ reason: "brand_field_missing", detail: expect.stringContaining("directoryServerTransactionId") });
    const amex = cardInput("378282246310005");
    const amexRun = await runThreeDs(ctx.send, ctx.app, amex, 3000);
    const { threeDsServerTransactionId: _s, ...withoutServer } = amexRun.threeDs!;
    problem = await expectProblem(await ctx.post("/v1/transactions", saleBody(amex, withoutServer, 3000)), 400, "THREEDS_AUTHENTICATION_INVALID");
    expect(problem.reason).toBe("brand_field_missing");
    expect((await ctx.post("/v1/transactions", saleBody(amex, amexRun.threeDs, 3000))).status).toBe(201);
    // Nothing was paid with a refused result.
    expect(await ctx.platform.db.select().from(transactions)).toHaveLength(1);
    const used = await ctx.platform.db.select().from(threedsSessions);
    expect(used.filter((s) => s.usedBy).length).toBe(1);
  });

  it("tokenize: true returns cardToken; the token pays again (with 3DS); another seller's token is not found", async () => {
    const buyerId = await createBuyer(ctx);
    const card = cardInput("4111111111111111", { tokenize: true });
    const run = await runThreeDs(ctx.send, ctx.app, card, 1500);
    const { buyer: _b, ...body } = saleBody(card, run.threeDs, 1500, { buyerId });
    const first = await (await ctx.post("/v1/transactions", body)).json();
    expect(first.cardToken).toMatch(/^tok_/);
    const byToken = { cardToken: first.cardToken };
    const again = await runThreeDs(ctx.send, ctx.app, byToken, 2500);
    const second = await (await ctx.post("/v1/transactions", { ...body, amount: 2500, card: byToken, threeDs: again.threeDs })).json();
    expect(second).toMatchObject({ status: "PAID", cardToken: first.cardToken, card: { last4digits: "1111" } });
    // The vault alias form: vault CARD with the token as number and its last digits.
    const alias = { vault: "CARD", number: first.cardToken, cvv: "cvv-alias", lastDigits: "1111", bin: "411111" };
    const third = await runThreeDs(ctx.send, ctx.app, alias, 900);
    expect(third.ok).toBe(true);
    const wrongDigits = await expectProblem(await ctx.post("/v1/transactions/threeds/setup", { card: { ...alias, lastDigits: "4444" } }), 400, "VALIDATION_FAILED");
    expect(wrongDigits.errors[0].path).toBe("card.lastDigits");
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com", city: "Recife" }, ctx.platform.now());
    const theirs = await expectProblem(await requester(ctx.app, other).post("/v1/transactions/threeds/setup", { card: byToken }), 400, "VALIDATION_FAILED");
    expect(theirs.errors[0]).toMatchObject({ path: "card.cardToken", code: "not_found" });
  });
});

describe("refunds of card sales", () => {
  it("are concluded by the acquirer that captured the sale", async () => {
    const tx = await (await pay("6362970000457013", 8000)).json();
    expect(tx.acquirer).toBe("sandbox-beta");
    const requested = await ctx.post(`/v1/transactions/${tx.id}/refunds`, { amount: 3000 });
    expect(requested.status).toBe(201);
    const concluded: string[] = [];
    const beta = ctx.platform.acquirers.cards.test[1]!;
    const original = beta.concludeRefund.bind(beta);
    (beta as { concludeRefund: typeof original }).concludeRefund = async (refund) => {
      concluded.push(refund.refundId);
      return original(refund);
    };
    try {
      ctx.platform.clock.advance(2);
      await ctx.platform.drainQueue();
    } finally {
      (beta as { concludeRefund: typeof original }).concludeRefund = original;
    }
    expect(concluded).toHaveLength(1);
    expect(await (await ctx.get(`/v1/transactions/${tx.id}`)).json()).toMatchObject({ status: "PAID", refunds: [expect.objectContaining({ amount: 3000, status: "COMPLETED" })] });
  });
});
