/**
 * A link's and a session's clocks, on a controlled clock: a link past its expiresAt reads EXPIRED
 * at once (PAYMENT_LINK_EXPIRED, written once), the minute sweep expires the ones nobody read, and
 * a session lives its link's TTL (or the default, or forever) unless a charge is still pending.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createLink, openSession, paySession, publicCall } from "../support/payment-links";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const sweep = async (name: string) => (await ctx.platform.runScheduled()).sweeps[name];
const expiredEvents = async () => (await (await ctx.get("/v1/events?type=PAYMENT_LINK_EXPIRED")).json()).items;

describe("a link's expiry", () => {
  it("a read after expiresAt sees EXPIRED and writes PAYMENT_LINK_EXPIRED once; the sweep finds nothing left", async () => {
    const link = await createLink(ctx, { expiresAt: "2026-01-15T13:00:00Z" });
    ctx.platform.clock.set("2026-01-15T12:59:59Z");
    expect((await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json()).status).toBe("ACTIVE");
    ctx.platform.clock.set("2026-01-15T13:00:00Z");
    const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
    expect(view).toMatchObject({ status: "EXPIRED", payable: false, unpayableReason: "EXPIRED" });
    expect((await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).status).toBe("EXPIRED");
    expect(await sweep("paymentLinks.expire")).toBe(0);
    const events = await expiredEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ occurredAt: "2026-01-15T13:00:00.000Z", data: { details: { paymentLink: { id: link.id, status: "EXPIRED" } } } });
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`), 409, "PAYMENT_LINK_EXPIRED");
    await expectProblem(await ctx.patch(`/v1/payment-links/${link.id}`, { name: "Outro" }), 409, "INVALID_STATE_TRANSITION");
  });

  it("the sweep expires the links nobody read, with their events; DRAFT and INACTIVE ones too", async () => {
    const a = await createLink(ctx, { expiresAt: "2026-01-15T12:10:00Z" });
    const b = await createLink(ctx, { expiresAt: "2026-01-15T12:10:00Z", status: "DRAFT" });
    const later = await createLink(ctx, { expiresAt: "2026-01-16T00:00:00Z" });
    await ctx.post(`/v1/payment-links/${a.id}/deactivate`);
    ctx.platform.clock.advance(600);
    expect(await sweep("paymentLinks.expire")).toBe(2);
    expect(await sweep("paymentLinks.expire")).toBe(0);
    expect((await expiredEvents()).map((e: { data: { details: { paymentLink: { id: string } } } }) => e.data.details.paymentLink.id).sort()).toEqual([a.id, b.id].sort());
    expect((await (await ctx.get(`/v1/payment-links/${later.id}`)).json()).status).toBe("ACTIVE");
    const listed = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links?status=EXPIRED`)).json();
    expect(listed.totalItems).toBe(2);
  });
});

describe("a checkout session's TTL", () => {
  it("the link's TTL, or 30 minutes by default, or never", async () => {
    const own = await openSession(ctx.app, (await createLink(ctx, { checkoutSessionTtlMinutes: 15 })).id);
    expect(own.expiresAt).toBe("2026-01-15T12:15:00.000Z");
    const byDefault = await openSession(ctx.app, (await createLink(ctx)).id);
    expect(byDefault.expiresAt).toBe("2026-01-15T12:30:00.000Z");
    const never = await openSession(ctx.app, (await createLink(ctx, { checkoutSessionNeverExpires: true })).id);
    expect(never.expiresAt).toBeNull();
    ctx.platform.clock.advance(365 * 24 * 3600);
    expect((await paySession(ctx.app, never)).status).toBe(201);
  });

  it("past its TTL an unpaid session reads EXPIRED and refuses a pay; the sweep records the others", async () => {
    const link = await createLink(ctx, { checkoutSessionTtlMinutes: 5 });
    const read = await openSession(ctx.app, link.id);
    const unread = await openSession(ctx.app, link.id);
    ctx.platform.clock.advance(300);
    const res = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${read.id}`, undefined, { "X-Client-Secret": read.clientSecret });
    expect(await res.json()).toMatchObject({ session: { status: "EXPIRED" }, transaction: null });
    await expectProblem(await paySession(ctx.app, read), 409, "CHECKOUT_SESSION_EXPIRED");
    expect(await sweep("checkoutSessions.expire")).toBe(1);
    await expectProblem(await paySession(ctx.app, unread), 409, "CHECKOUT_SESSION_EXPIRED");
  });

  it("a session whose charge is still pending stays OPEN past its TTL: its QR can still be paid", async () => {
    const link = await createLink(ctx, { checkoutSessionTtlMinutes: 5 });
    const session = await openSession(ctx.app, link.id);
    expect((await paySession(ctx.app, session)).status).toBe(201);
    const read = () => publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    // The buyer's page reads it (a look): the charge holds its use for 30 minutes.
    expect((await read()).status).toBe(200);
    ctx.platform.clock.advance(600);
    expect(await sweep("checkoutSessions.expire")).toBe(0);
    expect(await (await read()).json()).toMatchObject({ session: { status: "OPEN" }, transaction: { status: "PENDING" } });
  });
});
