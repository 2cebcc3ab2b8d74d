/**
 * A link's held uses (issue 28, finding 6, OWASP API6): before, 30 buyers from one address held
 * every use of a link of 3 with unpaid PIX charges for 30 minutes. Now a link's unpaid charges are
 * capped per client address and per buyer document (in the charge's own INSERT, so under any
 * concurrency), a charge no one looks at holds its use for 5 minutes only, and the seller lists
 * and releases held uses (/v1 and the dashboard).
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, events, teamMembers, transactions } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { addressKey } from "../../worker/domain/payment-links/holds";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { liveRequester } from "../support/live-keys";
import { cpfOf, createLink, linkBuyer, openSession, paySession, publicCall } from "../support/payment-links";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { pay, type Ctx } from "../support/transactions";

let ctx: Ctx;

/** The test platform tells the client's address by the X-Test-Client-Address header (app.request() has no socket). */
function withAddresses(c: Ctx): Ctx {
  c.platform.clientAddress = (request) => request.headers.get("x-test-client-address");
  return c;
}

beforeEach(async () => {
  ctx = withAddresses(await createTestContext());
});

/** A buyer's pay of a new session of `linkId` from `address`, as buyer number `n` (its own CPF) unless told otherwise. */
async function payFrom(c: Ctx, linkId: string, address: string, n: number, body: Record<string, unknown> = {}) {
  const session = await openSession(c.app, linkId);
  const res = await paySession(c.app, session, { buyer: linkBuyer({ documentNumber: cpfOf(n) }), ...body }, { "X-Test-Client-Address": address });
  return { session, res };
}

const chargesOf = (c: Ctx, linkId: string) => c.platform.db.select().from(transactions).where(eq(transactions.paymentLinkId, linkId));
const linkOf = async (c: Ctx, id: string) => (await c.get(`/v1/payment-links/${id}`)).json();

describe("caps on a link's unpaid charges", () => {
  it("30 buyers from one address, at once, hold 2 of a link's 3 uses; the others are 429 and another address takes the third", async () => {
    // Every database call yields first, as a remote database does, so the 30 really interleave.
    const c = withAddresses(await createTestContext({ dbLatency: true }));
    const link = await createLink(c, { maxUses: 3 });
    const sessions = await Promise.all(Array.from({ length: 30 }, () => openSession(c.app, link.id)));
    const answers = await Promise.all(
      sessions.map((s, i) => paySession(c.app, s, { buyer: linkBuyer({ documentNumber: cpfOf(i) }) }, { "X-Test-Client-Address": "203.0.113.7" })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const res of answers.filter((r) => r.status !== 201)) {
      const problem = await expectProblem(res, 429, "RATE_LIMITED");
      expect(problem).toMatchObject({ policy: "paymentLinkHoldsPerAddress", limit: 2, paymentLinkId: link.id });
      // The first hold ends in 5 minutes unless someone looks at it.
      expect(res.headers.get("retry-after")).toBe("300");
    }
    expect(await linkOf(c, link.id)).toMatchObject({ reservedUses: 2 });
    expect((await payFrom(c, link.id, "198.51.100.20", 99)).res.status).toBe(201);
    expect(await linkOf(c, link.id)).toMatchObject({ reservedUses: 3 });
    const rows = await chargesOf(c, link.id);
    expect(rows).toHaveLength(3);
    // Keyed digests, never the address or the document.
    for (const row of rows) {
      expect(row.linkHoldAddress).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row.linkHoldDocument).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(JSON.stringify(row)).not.toContain("203.0.113.7");
    }
    expect(new Set(rows.map((r) => r.linkHoldAddress)).size).toBe(2);
  });

  it("the cap per address grows with the link: a tenth of its uses, rounded up, at least 2", async () => {
    const link = await createLink(ctx, { maxUses: 25 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await payFrom(ctx, link.id, "203.0.113.7", i)).res.status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("one CPF holds at most 2 unpaid charges of a link, from any address; the 429 names buyer.documentNumber", async () => {
    const link = await createLink(ctx, { maxUses: 10 });
    expect((await payFrom(ctx, link.id, "203.0.113.1", 7)).res.status).toBe(201);
    expect((await payFrom(ctx, link.id, "203.0.113.2", 7, { paymentMethod: "CARD" })).res.status).toBe(201);
    const { res } = await payFrom(ctx, link.id, "203.0.113.3", 7);
    const problem = await expectProblem(res, 429, "RATE_LIMITED");
    expect(problem).toMatchObject({ policy: "paymentLinkHoldsPerDocument", limit: 2 });
    expect(problem.errors).toEqual([expect.objectContaining({ path: "buyer.documentNumber", code: "not_accepted" })]);
    // Without a document (the link does not require one) only the address counts.
    expect((await payFrom(ctx, link.id, "203.0.113.3", 0, { buyer: linkBuyer({ documentType: undefined, documentNumber: undefined }) })).res.status).toBe(201);
    expect(await chargesOf(ctx, link.id)).toHaveLength(3);
  });

  it("an IPv6 client counts by its /64, an IPv4-mapped address as its IPv4", async () => {
    expect(addressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:0:0:9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("[2001:db8::5]")).toBe("2001:db8:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("64:ff9b:1:2:3::1.2.3.4")).toBe("64:ff9b:1:2::/64");
    const link = await createLink(ctx, { maxUses: 10 });
    expect((await payFrom(ctx, link.id, "2001:db8:1:2::1", 1)).res.status).toBe(201);
    expect((await payFrom(ctx, link.id, "2001:db8:1:3::1", 2)).res.status).toBe(201);
    expect((await payFrom(ctx, link.id, "2001:db8:1:2:ffff::9", 3)).res.status).toBe(201);
    await expectProblem((await payFrom(ctx, link.id, "2001:db8:1:2:abcd::7", 4)).res, 429, "RATE_LIMITED");
    expect((await payFrom(ctx, link.id, "::ffff:203.0.113.7", 5)).res.status).toBe(201);
    expect((await payFrom(ctx, link.id, "203.0.113.7", 6)).res.status).toBe(201);
    await expectProblem((await payFrom(ctx, link.id, "203.0.113.7", 7)).res, 429, "RATE_LIMITED");
  });

  it("only unpaid charges count: once one is paid or cancelled the same address may buy again", async () => {
    const link = await createLink(ctx, { maxUses: 5 });
    const first = await (await payFrom(ctx, link.id, "203.0.113.7", 1)).res.json();
    const second = await (await payFrom(ctx, link.id, "203.0.113.7", 2)).res.json();
    await expectProblem((await payFrom(ctx, link.id, "203.0.113.7", 3)).res, 429, "RATE_LIMITED");
    await pay(ctx, first.transaction.id);
    expect((await payFrom(ctx, link.id, "203.0.113.7", 3)).res.status).toBe(201);
    expect((await ctx.post(`/v1/transactions/${second.transaction.id}/cancel`)).status).toBe(200);
    expect((await payFrom(ctx, link.id, "203.0.113.7", 4)).res.status).toBe(201);
    expect(await linkOf(ctx, link.id)).toMatchObject({ currentUses: 1, reservedUses: 2 });
  });

  it("paying again in the same session replaces its own charge: it never counts against the buyer", async () => {
    const link = await createLink(ctx, { maxUses: 5 });
    const { session } = await payFrom(ctx, link.id, "203.0.113.7", 1);
    await payFrom(ctx, link.id, "203.0.113.7", 1);
    const again = await paySession(ctx.app, session, { paymentMethod: "CARD", buyer: linkBuyer({ documentNumber: cpfOf(1) }) }, { "X-Test-Client-Address": "203.0.113.7" });
    expect(again.status, await again.clone().text()).toBe(201);
  });

  it("a link without maxUses holds nothing: no cap, and no digest is kept", async () => {
    const link = await createLink(ctx);
    for (let i = 0; i < 4; i++) expect((await payFrom(ctx, link.id, "203.0.113.7", 1)).res.status).toBe(201);
    const rows = await chargesOf(ctx, link.id);
    expect(rows.map((r) => [r.linkHoldAddress, r.linkHoldDocument])).toEqual(Array(4).fill([null, null]));
  });

  it("the digests are per link: one buyer is not linkable across two links", async () => {
    const a = await createLink(ctx, { maxUses: 3 });
    const b = await createLink(ctx, { maxUses: 3 });
    await payFrom(ctx, a.id, "203.0.113.7", 1);
    await payFrom(ctx, b.id, "203.0.113.7", 1);
    const [ra] = await chargesOf(ctx, a.id);
    const [rb] = await chargesOf(ctx, b.id);
    expect(ra!.linkHoldAddress).not.toBe(rb!.linkHoldAddress);
    expect(ra!.linkHoldDocument).not.toBe(rb!.linkHoldDocument);
  });
});

describe("a charge no one has looked at holds its use for 5 minutes", () => {
  it("unread, it expires after 5 minutes (the sweep, with TRANSACTION_CANCELLED) and its use is sold again", async () => {
    const link = await createLink(ctx, { maxUses: 1 });
    const { res } = await payFrom(ctx, link.id, "203.0.113.7", 1);
    const { transaction } = await res.json();
    expect(transaction.paymentDetails.expiresAt).toBe("2026-01-15T12:05:00.000Z");
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`), 409, "PAYMENT_LINK_SOLD_OUT");
    ctx.platform.clock.advance(300);
    await ctx.platform.runScheduled();
    const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED", linkSeenAt: null });
    const cancelled = await ctx.platform.db.select().from(events).where(and(eq(events.type, "TRANSACTION_CANCELLED"), eq(events.sellerId, ctx.seller.sellerId)));
    expect(cancelled).toHaveLength(1);
    expect((await payFrom(ctx, link.id, "203.0.113.7", 2)).res.status).toBe(201);
  });

  it("the buyer's page reading it (its checkout view, or its session) or the payer's bank fetching its PIX location holds it for 30 minutes", async () => {
    const link = await createLink(ctx, { maxUses: 3 });
    const charges = [];
    for (let i = 0; i < 3; i++) {
      const { session, res } = await payFrom(ctx, link.id, `203.0.113.${i}`, i);
      charges.push({ session, transaction: (await res.json()).transaction });
    }
    ctx.platform.clock.advance(60);
    const [viaCheckout, viaSession, viaBank] = charges as [(typeof charges)[0], (typeof charges)[0], (typeof charges)[0]];
    const checkout = await publicCall(ctx.app, "GET", `/v1/transactions/${viaCheckout.transaction.id}/checkout`, undefined, {
      "X-Api-Key": ctx.seller.publishableKey,
      "X-Client-Secret": viaCheckout.transaction.clientSecret,
    });
    expect((await checkout.json()).paymentDetails.expiresAt).toBe("2026-01-15T12:30:00.000Z");
    const session = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${viaSession.session.id}`, undefined, { "X-Client-Secret": viaSession.session.clientSecret });
    expect((await session.json()).transaction.paymentDetails.expiresAt).toBe("2026-01-15T12:30:00.000Z");
    const location = viaBank.transaction.paymentDetails.qrCodeUrl.split("/pix/qr/")[1];
    const jws = await publicCall(ctx.app, "GET", `/pix/loc/${location}`);
    expect(jws.status).toBe(200);
    const cob = JSON.parse(Buffer.from((await jws.text()).split(".")[1]!, "base64url").toString());
    expect(cob.calendario.expiracao).toBe(1800);
    for (const { transaction } of charges) {
      const [row] = await ctx.platform.db.select().from(transactions).where(eq(transactions.id, transaction.id));
      expect(row).toMatchObject({ linkSeenAt: "2026-01-15T12:01:00.000Z", expiresAt: "2026-01-15T12:30:00.000Z" });
      // The seller's view says so too (the stored view was rewritten with it).
      expect((await (await ctx.get(`/v1/transactions/${transaction.id}`)).json()).paymentDetails.expiresAt).toBe("2026-01-15T12:30:00.000Z");
    }
    ctx.platform.clock.advance(600);
    await ctx.platform.runScheduled();
    expect(await linkOf(ctx, link.id)).toMatchObject({ reservedUses: 3 });
  });

  it("a look after the 5 minutes finds the charge ended: it is not revived", async () => {
    const link = await createLink(ctx, { maxUses: 1 });
    const { session } = await payFrom(ctx, link.id, "203.0.113.7", 1);
    ctx.platform.clock.advance(301);
    const read = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    expect((await read.json()).transaction).toMatchObject({ status: "CANCELLED", cancellationReason: "EXPIRED" });
    expect(await linkOf(ctx, link.id)).toMatchObject({ reservedUses: 0 });
  });
});

describe("the seller sees and releases held uses", () => {
  it("GET /v1/payment-links/{id}/holds: the pending charges, newest first, with when each ends, whether it was looked at and its address tag", async () => {
    const link = await createLink(ctx, { maxUses: 5 });
    const first = await payFrom(ctx, link.id, "203.0.113.7", 1);
    const a = { ...(await first.res.json()), session: first.session };
    ctx.platform.clock.advance(1);
    const b = await (await payFrom(ctx, link.id, "203.0.113.7", 2, { paymentMethod: "CARD" })).res.json();
    ctx.platform.clock.advance(1);
    const c = await (await payFrom(ctx, link.id, "198.51.100.9", 3)).res.json();
    await pay(ctx, c.transaction.id);
    await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${a.session.id}`, undefined, { "X-Client-Secret": a.session.clientSecret });
    const res = await ctx.get(`/v1/payment-links/${link.id}/holds`);
    expect(res.status, await res.clone().text()).toBe(200);
    const page = await res.json();
    expect(page).toMatchObject({ totalItems: 2, page: 0, hasNext: false });
    expect(page.items).toEqual([
      {
        transactionId: b.transaction.id,
        checkoutSessionId: b.session.id,
        paymentMethod: "CREDIT_CARD",
        amount: 4990,
        currency: "BRL",
        customer: { name: "João Comprador", email: "joao@example.com", document: expect.stringMatching(/^\*\*\*\./) },
        createdAt: "2026-01-15T12:00:01.000Z",
        expiresAt: "2026-01-15T12:05:01.000Z",
        lookedAt: null,
        addressTag: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
      },
      expect.objectContaining({ transactionId: a.transaction.id, lookedAt: "2026-01-15T12:00:02.000Z", expiresAt: "2026-01-15T12:30:00.000Z" }),
    ]);
    expect(page.items[0].addressTag).toBe(page.items[1].addressTag);
    const paged = await (await ctx.get(`/v1/payment-links/${link.id}/holds?size=1`)).json();
    expect(paged.items.map((h: { transactionId: string }) => h.transactionId)).toEqual([b.transaction.id]);
    const next = await (await ctx.get(`/v1/payment-links/${link.id}/holds?size=1&cursor=${paged.nextCursor}`)).json();
    expect(next.items.map((h: { transactionId: string }) => h.transactionId)).toEqual([a.transaction.id]);
  });

  it("releasing one cancels the charge (TRANSACTION_CANCELLED, REQUESTED) and its use is free at once", async () => {
    const link = await createLink(ctx, { maxUses: 1 });
    const held = await (await payFrom(ctx, link.id, "203.0.113.7", 1)).res.json();
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`), 409, "PAYMENT_LINK_SOLD_OUT");
    const res = await ctx.post(`/v1/payment-links/${link.id}/holds/${held.transaction.id}/release`);
    expect(res.status, await res.clone().text()).toBe(200);
    const released = await res.json();
    expect(released.transaction).toMatchObject({ id: held.transaction.id, status: "CANCELLED", cancellationReason: "REQUESTED" });
    expect(released.paymentLink).toMatchObject({ id: link.id, reservedUses: 0, currentUses: 0 });
    const [event] = await ctx.platform.db.select().from(events).where(and(eq(events.type, "TRANSACTION_CANCELLED"), eq(events.sellerId, ctx.seller.sellerId)));
    expect((event!.data as { transaction: { id: string } }).transaction.id).toBe(held.transaction.id);
    // The buyer's QR can no longer be paid; the link sells its use again.
    expect((await ctx.post(`/v1/sandbox/transactions/${held.transaction.id}/pay`)).status).toBe(409);
    expect((await payFrom(ctx, link.id, "198.51.100.9", 2)).res.status).toBe(201);
    await expectProblem(await ctx.post(`/v1/payment-links/${link.id}/holds/${held.transaction.id}/release`), 409, "INVALID_STATE_TRANSITION");
  });

  it("refusals: a paid charge 409; another link's charge, an unknown one, another seller's link and the other mode 404; nothing changes", async () => {
    const link = await createLink(ctx, { maxUses: 3 });
    const other = await createLink(ctx, { maxUses: 3 });
    const paid = await (await payFrom(ctx, link.id, "203.0.113.7", 1)).res.json();
    await pay(ctx, paid.transaction.id);
    const elsewhere = await (await payFrom(ctx, other.id, "203.0.113.7", 2)).res.json();
    await expectProblem(await ctx.post(`/v1/payment-links/${link.id}/holds/${paid.transaction.id}/release`), 409, "INVALID_STATE_TRANSITION");
    await expectProblem(await ctx.post(`/v1/payment-links/${link.id}/holds/${elsewhere.transaction.id}/release`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await ctx.post(`/v1/payment-links/${link.id}/holds/${crypto.randomUUID()}/release`), 404, "RESOURCE_NOT_FOUND");
    const stranger = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
    const theirs = requester(ctx.app, stranger);
    await expectProblem(await theirs.get(`/v1/payment-links/${other.id}/holds`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await theirs.post(`/v1/payment-links/${other.id}/holds/${elsewhere.transaction.id}/release`), 404, "RESOURCE_NOT_FOUND");
    const live = await liveRequester(ctx);
    await expectProblem(await live.get(`/v1/payment-links/${other.id}/holds`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await live.post(`/v1/payment-links/${other.id}/holds/${elsewhere.transaction.id}/release`), 404, "RESOURCE_NOT_FOUND");
    expect(await linkOf(ctx, other.id)).toMatchObject({ reservedUses: 1 });
  });

  it("in the dashboard: links.read lists them, links.manage releases one (audited); OPERATION may not release", async () => {
    const link = await createLink(ctx, { maxUses: 2 });
    const held = await (await payFrom(ctx, link.id, "203.0.113.7", 1)).res.json();
    const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
    const visitor = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
    expect((await visitor.register((await createInvite(ctx.platform, ctx.seller.sellerId, owner!.id)).inviteUrl)).status).toBe(201);
    const list = await visitor.request("GET", `/dashboard/api/payment-links/${link.id}/holds?mode=test`);
    expect(list.status, await list.clone().text()).toBe(200);
    expect(await list.json()).toEqual(await (await ctx.get(`/v1/payment-links/${link.id}/holds`)).json());

    const invited = await (await liveRequester(ctx)).post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: "operation@loja.example.com", firstName: "Ana", profile: "OPERATION" });
    expect(invited.status, await invited.clone().text()).toBe(201);
    const operation = new DashboardVisitor((path, init) => ctx.app.request(path, init), "http://pay.test");
    expect((await operation.register((await invited.json()).inviteUrl)).status).toBe(201);
    expect((await operation.request("GET", `/dashboard/api/payment-links/${link.id}/holds`)).status).toBe(200);
    await expectProblem(await operation.request("POST", `/dashboard/api/payment-links/${link.id}/holds/${held.transaction.id}/release`), 403, "FORBIDDEN");
    await expectProblem(await visitor.request("POST", `/dashboard/api/payment-links/${link.id}/holds/not-a-uuid/release`), 404, "RESOURCE_NOT_FOUND");

    const res = await visitor.request("POST", `/dashboard/api/payment-links/${link.id}/holds/${held.transaction.id}/release`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).paymentLink).toMatchObject({ reservedUses: 0 });
    const rows = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.action, "payment_link.release_hold"));
    expect(rows).toEqual([
      expect.objectContaining({ outcome: "ok", targetType: "payment_link", targetId: link.id, details: { transactionId: held.transaction.id, reservedUses: 0, livemode: false } }),
    ]);
  });
});
