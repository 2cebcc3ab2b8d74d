/**
 * maxUses, exactly: a link's use is taken by its charge's own INSERT (payment-links/room.ts), so
 * buyers paying at once never get more charges than uses; a pending charge holds its use until
 * it is paid, cancelled or expires, and a freed use can be sold again.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { cpfOf, createLink, linkBuyer, openSession, paySession, publicCall } from "../support/payment-links";
import { pay, type Ctx } from "../support/transactions";

const chargesOf = async (ctx: Ctx, linkId: string) => ctx.platform.db.select().from(transactions).where(eq(transactions.paymentLinkId, linkId));

describe("buyers paying at once", () => {
  it("20 concurrent payments of a link of 3: exactly 3 charges, the others 409 PAYMENT_LINK_SOLD_OUT", async () => {
    // Every database call yields first, as a remote database does, so the 20 really interleave.
    const ctx = await createTestContext({ dbLatency: true });
    const link = await createLink(ctx, { maxUses: 3 });
    const sessions = await Promise.all(Array.from({ length: 20 }, () => openSession(ctx.app, link.id)));
    // Twenty buyers, twenty documents (each within the link's cap per document).
    const answers = await Promise.all(sessions.map((s, i) => paySession(ctx.app, s, { paymentMethod: i % 2 ? "CARD" : "PIX", buyer: linkBuyer({ documentNumber: cpfOf(i) }) })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const res of answers.filter((r) => r.status !== 201)) {
      const problem = await res.json();
      expect(res.status).toBe(409);
      expect(["PAYMENT_LINK_SOLD_OUT", "CONCURRENT_MODIFICATION"]).toContain(problem.code);
    }
    expect(await chargesOf(ctx, link.id)).toHaveLength(3);
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 0, reservedUses: 3 });
    const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
    expect(view).toMatchObject({ payable: false, unpayableReason: "SOLD_OUT" });
  });
});

describe("reservations", () => {
  it("a cancelled charge gives its use back; a paid one keeps it", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx, { maxUses: 1 });
    const first = await paySession(ctx.app, await openSession(ctx.app, link.id));
    const { transaction } = await first.json();
    const waiting = await openSession(ctx.app, (await createLink(ctx)).id); // another link, unaffected
    expect((await paySession(ctx.app, waiting)).status).toBe(201);
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`), 409, "PAYMENT_LINK_SOLD_OUT");
    expect((await ctx.post(`/v1/transactions/${transaction.id}/cancel`)).status).toBe(200);
    const second = await paySession(ctx.app, await openSession(ctx.app, link.id));
    expect(second.status).toBe(201);
    await pay(ctx, (await second.json()).transaction.id);
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 1, reservedUses: 0 });
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`), 409, "PAYMENT_LINK_SOLD_OUT");
  });

  it("a charge that expires unpaid gives its use back", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx, { maxUses: 1, checkoutSessionNeverExpires: true });
    const session = await openSession(ctx.app, link.id);
    const res = await paySession(ctx.app, session);
    // Not looked at yet: a 5-minute hold; the buyer's page reading it gives it the full 30 (holds.ts).
    expect((await res.json()).transaction.paymentDetails.expiresAt).toBe("2026-01-15T12:05:00.000Z");
    const read = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    expect((await read.json()).transaction.paymentDetails.expiresAt).toBe("2026-01-15T12:30:00.000Z");
    ctx.platform.clock.advance(1800);
    await ctx.platform.runScheduled();
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 0, reservedUses: 0 });
    expect((await paySession(ctx.app, await openSession(ctx.app, link.id))).status).toBe(201);
  });

  it("paying again in the same session (another method) cancels its own pending charge first, even on a link of 1", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx, { maxUses: 1 });
    const session = await openSession(ctx.app, link.id);
    const pix = await (await paySession(ctx.app, session)).json();
    const card = await paySession(ctx.app, session, { paymentMethod: "CARD", installments: 2 });
    expect(card.status, await card.clone().text()).toBe(201);
    const { transaction } = await card.json();
    expect(transaction).toMatchObject({ paymentMethod: "CREDIT_CARD", status: "PENDING", installments: 2 });
    expect(transaction.clientSecret).toMatch(/_secret_/);
    expect(transaction.publishableKey).toBe(ctx.seller.publishableKey);
    const rows = await chargesOf(ctx, link.id);
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual([[pix.transaction.id, "CANCELLED"], [transaction.id, "PENDING"]].sort());
  });

  it("a PIX already shown is still paid after its link expires: its use was held", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx, { maxUses: 2, expiresAt: "2026-01-15T12:05:00Z" });
    const session = await openSession(ctx.app, link.id);
    const { transaction } = await (await paySession(ctx.app, session)).json();
    // The buyer's page shows it (reads it): held for 30 minutes.
    expect((await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret })).status).toBe(200);
    ctx.platform.clock.advance(600);
    expect((await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).status).toBe("EXPIRED");
    await pay(ctx, transaction.id);
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 1, reservedUses: 0 });
  });
});
