/**
 * What the fast paths of a buyer's visit answer is what the slow ones would (docs/performance.md,
 * link-pix): the open is one guarded INSERT … SELECT that computes the session's expiry in SQL and
 * answers the link's URLs with RETURNING; a pay records the charge on its session in the charge's
 * own batch (PIX and card; a replay writes nothing) and a PIX pay answers the row it wrote instead
 * of reading it back. Each answer is held
 * to a read of the same thing afterwards, and a refused open writes nothing.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { createLink, linkBuyer, openSession, paySession, publicCall } from "../support/payment-links";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeEach(async () => {
  ctx = await createTestContext();
});

const readSession = (s: { id: string; clientSecret: string }) => publicCall(ctx.app, "GET", `/v1/checkout-sessions/${s.id}`, undefined, { "X-Client-Secret": s.clientSecret });
const withoutServerTime = <T extends { transaction: { serverTime?: string } | null }>(state: T) => ({ ...state, transaction: state.transaction && { ...state.transaction, serverTime: undefined } });
const count = async (table: string) => Number(((await ctx.platform.db.all(sql`select count(*) as n from ${sql.identifier(table)}`)) as Array<{ n: number }>)[0]!.n);
const sessionCount = () => count("checkout_sessions");

describe("opening a checkout: one guarded write", () => {
  it("the session expires after the link's TTL (30 minutes when it says nothing, never when it says so), in the link's mode", async () => {
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ checkoutSessionTtlMinutes: 15 }, "2026-01-15T12:15:00.000Z"],
      [{ checkoutSessionTtlMinutes: 10_080 }, "2026-01-22T12:00:00.000Z"],
      [{}, "2026-01-15T12:30:00.000Z"],
      [{ checkoutSessionNeverExpires: true }, null],
    ];
    for (const [fields, expiresAt] of cases) {
      const link = await createLink(ctx, fields);
      const opened = await openSession(ctx.app, link.id);
      expect(opened, JSON.stringify(fields)).toEqual({
        id: opened.id,
        paymentLinkId: link.id,
        status: "OPEN",
        expiresAt,
        transactionId: null,
        successUrl: `https://loja.example.com/obrigado?paymentLinkId=${link.id}&checkoutSessionId=${opened.id}`,
        cancelUrl: "https://loja.example.com/carrinho",
        livemode: false,
        createdAt: "2026-01-15T12:00:00.000Z",
        clientSecret: opened.clientSecret,
      });
      // The answer is the session as it is stored (the client secret is shown this once).
      const { clientSecret: _, ...stored } = opened;
      expect((await (await readSession(opened)).json()).session).toEqual(stored);
    }
  });

  it("a link without redirect URLs answers nulls", async () => {
    const link = await createLink(ctx, { successUrl: null, cancelUrl: null });
    expect(await openSession(ctx.app, link.id)).toMatchObject({ successUrl: null, cancelUrl: null });
  });

  it("a link that cannot be paid is refused with its own code and no session is written", async () => {
    const draft = await createLink(ctx, { status: "DRAFT" });
    const soldOut = await createLink(ctx, { maxUses: 1 });
    await paySession(ctx.app, await openSession(ctx.app, soldOut.id));
    const expiring = await createLink(ctx, { expiresAt: "2026-01-15T12:10:00Z" });
    const before = await sessionCount();
    const open = (id: string) => publicCall(ctx.app, "POST", `/v1/payment-links/${id}/checkout-sessions`);
    expect((await (await open(draft.id)).json()).code).toBe("PAYMENT_LINK_INACTIVE");
    expect((await (await open(soldOut.id)).json()).code).toBe("PAYMENT_LINK_SOLD_OUT");
    ctx.platform.clock.advance(600);
    const expired = await open(expiring.id);
    expect([expired.status, (await expired.json()).code]).toEqual([409, "PAYMENT_LINK_EXPIRED"]);
    expect((await (await ctx.get(`/v1/payment-links/${expiring.id}`)).json()).status).toBe("EXPIRED");
    expect((await open(crypto.randomUUID())).status).toBe(404);
    expect(await sessionCount()).toBe(before);
  });
});

describe("paying by PIX: one batch, answered from what it wrote", () => {
  it("the answer is what a read of the session answers right after, byte for byte but the server's time and the hold the read lengthens", async () => {
    const link = await createLink(ctx, { maxUses: 5 });
    const opened = await openSession(ctx.app, link.id);
    const res = await paySession(ctx.app, opened);
    expect(res.status).toBe(201);
    const paid = await res.json();
    expect(paid.session.transactionId).toBe(paid.transaction.id);
    // The buyer's read is a look: the charge's hold goes from 5 minutes to 30 (payment-links/holds.ts).
    const read = await (await readSession(opened)).json();
    expect([paid.transaction.paymentDetails.expiresAt, read.transaction.paymentDetails.expiresAt]).toEqual(["2026-01-15T12:05:00.000Z", "2026-01-15T12:30:00.000Z"]);
    read.transaction.paymentDetails.expiresAt = paid.transaction.paymentDetails.expiresAt;
    expect(withoutServerTime(read)).toEqual(withoutServerTime(paid));
    expect(Object.keys(paid.transaction)).toEqual(Object.keys((await (await readSession(opened)).json()).transaction));
  });

  it("without an Idempotency-Key nothing is kept for a replay (no key row); the charge still names a key of its own", async () => {
    const link = await createLink(ctx);
    const keys = await count("idempotency_keys");
    const paid = await (await paySession(ctx.app, await openSession(ctx.app, link.id))).json();
    expect(await count("idempotency_keys")).toBe(keys);
    const tx = await (await ctx.get(`/v1/transactions/${paid.transaction.id}`)).json();
    expect(tx.idempotencyKey).toMatch(new RegExp(`^checkout-session:${paid.session.id}:[0-9a-f-]{36}$`));
    await paySession(ctx.app, await openSession(ctx.app, link.id), {}, { "Idempotency-Key": "buyer-2" });
    expect(await count("idempotency_keys")).toBe(keys + 1);
  });

  it("with an Idempotency-Key the replay answers the same; paying again by PIX records the new charge", async () => {
    const link = await createLink(ctx);
    const opened = await openSession(ctx.app, link.id);
    const first = await paySession(ctx.app, opened, {}, { "Idempotency-Key": "buyer-1" });
    expect(first.status).toBe(201);
    const replay = await paySession(ctx.app, opened, {}, { "Idempotency-Key": "buyer-1" });
    expect([replay.status, replay.headers.get("Idempotent-Replayed")]).toEqual([200, "true"]);
    const a = await first.json();
    expect(withoutServerTime(await replay.json())).toEqual(withoutServerTime(a));
    const changed = await paySession(ctx.app, opened, { buyer: linkBuyer({ name: "Outra Pessoa" }) }, { "Idempotency-Key": "buyer-1" });
    expect((await changed.json()).code).toBe("IDEMPOTENCY_KEY_REUSED");
    const again = await (await paySession(ctx.app, opened)).json();
    expect(again.transaction.id).not.toBe(a.transaction.id);
    const read = await (await readSession(opened)).json();
    expect(read.session.transactionId).toBe(again.transaction.id);
    expect((await (await ctx.get(`/v1/transactions/${a.transaction.id}`)).json()).status).toBe("CANCELLED");
  });

  it("a card pay records its charge on the session in the charge's own commit; its replay writes nothing", async () => {
    const link = await createLink(ctx);
    const opened = await openSession(ctx.app, link.id);
    const stored = async () => (await ctx.platform.db.all(sql`select * from checkout_sessions where id = ${opened.id}`))[0] as Record<string, unknown>;
    ctx.platform.clock.advance(60);
    const card = await paySession(ctx.app, opened, { paymentMethod: "CARD" }, { "Idempotency-Key": "card-1" });
    expect(card.status).toBe(201);
    const cardCharge = (await card.json()).transaction;
    const afterPay = await stored();
    // Written with the charge: the session's record carries the charge's own creation time.
    expect([afterPay.transaction_id, afterPay.updated_at]).toEqual([cardCharge.id, cardCharge.createdAt]);
    ctx.platform.clock.advance(60);
    const replay = await paySession(ctx.app, opened, { paymentMethod: "CARD" }, { "Idempotency-Key": "card-1" });
    expect([replay.status, (await replay.json()).session.transactionId]).toEqual([200, cardCharge.id]);
    expect(await stored()).toEqual(afterPay);
    const pix = await (await paySession(ctx.app, opened)).json();
    expect((await (await readSession(opened)).json()).session.transactionId).toBe(pix.transaction.id);
    expect((await (await ctx.get(`/v1/transactions/${cardCharge.id}`)).json()).status).toBe("CANCELLED");
  });
});
