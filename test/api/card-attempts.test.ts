/**
 * Card testing, stopped per transaction (docs/security.md): a bot holding a page's client secret
 * and publishable key may try a few cards on the transaction, then every further card is refused
 * before it is vaulted, and the seller hears of it once. Abandoned single-use cards are wiped.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cards, threedsSessions } from "../../worker/db/schema";
import { MAX_AUTHENTICATIONS_PER_TRANSACTION, MAX_CARDS_PER_TRANSACTION } from "../../worker/domain/threeds/attempts";
import { cardInput } from "../support/cards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
let browser: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  browser = requester(ctx.app, { ...ctx.seller, apiKey: ctx.seller.publishableKey });
});

/** Luhn-valid Visa numbers that are not test cards: frictionless and approved in the sandbox. */
function visa(n: number): string {
  const body = `4242424242${String(n).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return body + ((10 - (sum % 10)) % 10);
}

async function pendingCardTransaction() {
  const res = await ctx.post("/v1/transactions", { ...pixBody({ amount: 1000 }), paymentMethod: "CREDIT_CARD" });
  expect(res.status).toBe(201);
  return res.json();
}

const setup = (tx: { id: string; pendingAction: { clientSecret: string } }, number: string) =>
  browser.post("/v1/transactions/threeds/setup", { card: cardInput(number), transactionId: tx.id, clientSecret: tx.pendingAction.clientSecret });

describe("cards per transaction", () => {
  it(`${MAX_CARDS_PER_TRANSACTION} different cards are accepted; the next is refused before it is vaulted, and the seller hears of it once`, async () => {
    const tx = await pendingCardTransaction();
    for (let n = 0; n < MAX_CARDS_PER_TRANSACTION; n++) expect((await setup(tx, visa(n))).status).toBe(200);
    const vaulted = (await ctx.platform.db.select().from(cards)).length;
    const refused = await expectProblem(await setup(tx, visa(99)), 409, "CARD_ATTEMPTS_EXCEEDED");
    expect(refused).toMatchObject({ maxCards: MAX_CARDS_PER_TRANSACTION });
    await expectProblem(await setup(tx, visa(98)), 409, "CARD_ATTEMPTS_EXCEEDED");
    // Nothing more in the vault, no new 3DS session.
    expect(await ctx.platform.db.select().from(cards)).toHaveLength(vaulted);
    expect(await ctx.platform.db.select().from(threedsSessions).where(eq(threedsSessions.transactionId, tx.id))).toHaveLength(MAX_CARDS_PER_TRANSACTION);
    // A card it already saw may still be tried again (a buyer retrying).
    expect((await setup(tx, visa(0))).status).toBe(200);
    const events = (await (await ctx.get("/v1/events?type=TRANSACTION_CARD_ATTEMPTS_EXCEEDED")).json()).items;
    expect(events).toHaveLength(1);
    expect(events[0].data.transaction).toMatchObject({ id: tx.id, status: "PENDING" });
    // Another transaction is not affected.
    expect((await setup(await pendingCardTransaction(), visa(99))).status).toBe(200);
  });

  it(`one card retried: at most ${MAX_AUTHENTICATIONS_PER_TRANSACTION} 3DS sessions`, async () => {
    const tx = await pendingCardTransaction();
    for (let n = 0; n < MAX_AUTHENTICATIONS_PER_TRANSACTION; n++) expect((await setup(tx, "4111111111111111")).status).toBe(200);
    await expectProblem(await setup(tx, "4111111111111111"), 409, "CARD_ATTEMPTS_EXCEEDED");
  });

  it("concurrent attempts never get past the limit", async () => {
    const tx = await pendingCardTransaction();
    const results = await Promise.all(Array.from({ length: 12 }, (_, n) => setup(tx, visa(n))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(MAX_CARDS_PER_TRANSACTION);
    expect(results.filter((r) => r.status === 409)).toHaveLength(12 - MAX_CARDS_PER_TRANSACTION);
    const sessions = await ctx.platform.db.select().from(threedsSessions).where(eq(threedsSessions.transactionId, tx.id));
    expect(new Set(sessions.map((s) => s.cardFingerprint)).size).toBe(MAX_CARDS_PER_TRANSACTION);
  });
});

describe("abandoned single-use cards", () => {
  it("are wiped 25 hours after they were vaulted; a recent one is kept", async () => {
    const tx = await pendingCardTransaction();
    await setup(tx, visa(1));
    ctx.platform.clock.advance(24 * 3600);
    expect((await setup(await pendingCardTransaction(), visa(2))).status).toBe(200);
    ctx.platform.clock.advance(3600 + 1);
    const report = await ctx.platform.runScheduled();
    expect(report.sweeps["cards.purge"]).toBe(1);
    const rows = await ctx.platform.db.select().from(cards);
    expect(rows.map((c) => [c.last4, c.status, c.pan === ""]).sort()).toEqual([
      [visa(1).slice(-4), "INACTIVE", true],
      [visa(2).slice(-4), "ACTIVE", false],
    ].sort());
  });
});
