/**
 * The dashboard's selling sections through a browser-like visitor: payment links (list, read,
 * create, activate, deactivate), subscriptions (list, one with
 * its invoices, cancel now or at the period's end), the overview and the settlements. Each answer
 * is the one the seller's secret key gets on /v1; every change is an audit row; OPERATION only
 * reads; another seller's resource is 404; an invalid input names its field.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, paymentLinks, subscriptions, teamMembers } from "../../worker/db/schema";
import { createInvite } from "../../worker/domain/dashboard/invites";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { liveRequester } from "../support/live-keys";
import { createLink, linkBody } from "../support/payment-links";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { sweepAt } from "../support/settlements";
import { plan, subscribe, subscriber } from "../support/subscriptions";
import { paidCharge, type Ctx } from "../support/transactions";

let ctx: Ctx;
const ORIGIN = "http://pay.test";

beforeEach(async () => {
  ctx = await createTestContext();
});

/** A member of the seller with `profile`, signed in (OWNER through the operator's invite). */
async function signedIn(profile: string) {
  const v = new DashboardVisitor((path, init) => ctx.app.request(path, init), ORIGIN);
  let inviteUrl: string;
  if (profile === "OWNER") {
    const [owner] = await ctx.platform.db.select().from(teamMembers).where(eq(teamMembers.sellerId, ctx.seller.sellerId));
    inviteUrl = (await createInvite(ctx.platform, ctx.seller.sellerId, owner!.id)).inviteUrl;
  } else {
    // With the live key: the member holds live access (the tests read live mode too).
    const res = await (await liveRequester(ctx)).post(`/v1/sellers/${ctx.seller.sellerId}/team`, { email: `${profile.toLowerCase()}@loja.example.com`, firstName: "Ana", profile });
    expect(res.status, await res.clone().text()).toBe(201);
    inviteUrl = (await res.json()).inviteUrl;
  }
  expect((await v.register(inviteUrl)).status).toBe(201);
  return v;
}

/** Another company with its own key. */
async function otherSeller() {
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja Ltda", email: "outra@example.com", city: "Recife" }, ctx.platform.now());
  return { seller, ...requester(ctx.app, seller), app: ctx.app };
}

/** The seller's audit rows other than sign-ins and passkeys, oldest first. */
async function changes() {
  const rows = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.sellerId, ctx.seller.sellerId)).orderBy(auditLog.at, auditLog.id);
  return rows.filter((r) => !r.action.startsWith("passkey.") && !r.action.startsWith("session."));
}

const json = async (res: Response, status: number) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
};

describe("payment links", () => {
  it("FINANCE creates, lists, reads, deactivates and activates a link; each change is one audit row", async () => {
    const finance = await signedIn("FINANCE");
    const link = await json(await finance.request("POST", "/dashboard/api/payment-links?mode=test", linkBody()), 201);
    expect(link).toMatchObject({ name: "Camiseta Azul", status: "ACTIVE", amountInCents: 4990 });
    expect(await ctx.platform.db.select().from(paymentLinks)).toHaveLength(1);

    const list = await json(await finance.request("GET", "/dashboard/api/payment-links"), 200);
    expect(list).toEqual(await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links`)).json());
    expect(list.items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await json(await finance.request("GET", "/dashboard/api/payment-links?mode=live"), 200)).items).toEqual([]);
    expect(await json(await finance.request("GET", `/dashboard/api/payment-links/${link.id}`), 200)).toEqual(await (await ctx.get(`/v1/payment-links/${link.id}`)).json());
    await expectProblem(await finance.request("GET", `/dashboard/api/payment-links/${link.id}?mode=live`), 404, "RESOURCE_NOT_FOUND");

    ctx.platform.clock.advance(1);
    expect(await json(await finance.request("POST", `/dashboard/api/payment-links/${link.id}/deactivate`), 200)).toMatchObject({ id: link.id, status: "INACTIVE" });
    expect((await json(await finance.request("GET", "/dashboard/api/payment-links?status=INACTIVE"), 200)).totalItems).toBe(1);
    ctx.platform.clock.advance(1);
    expect(await json(await finance.request("POST", `/dashboard/api/payment-links/${link.id}/activate`), 200)).toMatchObject({ status: "ACTIVE" });
    ctx.platform.clock.advance(1);
    const draft = await json(await finance.request("POST", "/dashboard/api/payment-links", linkBody({ name: "Boné", status: "DRAFT" })), 201);
    expect(draft.status).toBe("DRAFT");

    const rows = await changes();
    expect(rows.map((r) => `${r.action} ${r.outcome} ${r.targetId}`)).toEqual([
      `payment_link.create ok ${link.id}`,
      `payment_link.deactivate ok ${link.id}`,
      `payment_link.activate ok ${link.id}`,
      `payment_link.create ok ${draft.id}`,
    ]);
    expect(rows[0]).toMatchObject({ memberEmail: "finance@loja.example.com", targetType: "payment_link", details: { name: "Camiseta Azul", status: "ACTIVE", livemode: false } });
    expect(rows[1]!.details).toEqual({ status: "INACTIVE", livemode: false });
  });

  it("a link a rule refuses is 422 naming the field, and nothing is written", async () => {
    const finance = await signedIn("FINANCE");
    // Installments without a credit card: a link rule, refused inside the create.
    const refused = await expectProblem(await finance.request("POST", "/dashboard/api/payment-links", linkBody({ paymentMethods: ["PIX"] })), 422, "INVALID_DATA");
    expect(refused.errors.map((e: { path: string }) => e.path)).toEqual(["maxInstallments"]);
    expect(await ctx.platform.db.select().from(paymentLinks)).toHaveLength(0);
    expect(await changes()).toEqual([]);
  });

  it("OPERATION reads links but may not create or move one: 403, audited as denied, nothing written", async () => {
    const link = await createLink(ctx);
    const operation = await signedIn("OPERATION");
    expect((await json(await operation.request("GET", "/dashboard/api/payment-links"), 200)).totalItems).toBe(1);
    expect((await json(await operation.request("GET", `/dashboard/api/payment-links/${link.id}`), 200)).id).toBe(link.id);
    await expectProblem(await operation.request("POST", "/dashboard/api/payment-links", linkBody()), 403, "FORBIDDEN");
    ctx.platform.clock.advance(1);
    await expectProblem(await operation.request("POST", `/dashboard/api/payment-links/${link.id}/deactivate`), 403, "FORBIDDEN");
    expect(await ctx.platform.db.select().from(paymentLinks)).toMatchObject([{ id: link.id, status: "ACTIVE" }]);
    expect((await changes()).map((r) => `${r.action} ${r.outcome} ${r.targetId ?? "-"}`)).toEqual(["links.manage denied -", `links.manage denied ${link.id}`]);
  });

  it("another seller's link is 404 to read and to move, and stays as it was", async () => {
    const other = await otherSeller();
    const theirs = await createLink(other);
    const finance = await signedIn("FINANCE");
    await expectProblem(await finance.request("GET", `/dashboard/api/payment-links/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("POST", `/dashboard/api/payment-links/${theirs.id}/deactivate`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("GET", "/dashboard/api/payment-links/not-a-uuid"), 404, "RESOURCE_NOT_FOUND");
    expect((await json(await finance.request("GET", "/dashboard/api/payment-links"), 200)).items).toEqual([]);
    expect((await ctx.platform.db.select().from(paymentLinks).where(eq(paymentLinks.id, theirs.id)))[0]!.status).toBe("ACTIVE");
    expect(await changes()).toEqual([]);
  });

  it("an invalid body or query names its field (422 for link data, as /v1; 400 otherwise)", async () => {
    const finance = await signedIn("FINANCE");
    const body = await expectProblem(await finance.request("POST", "/dashboard/api/payment-links", linkBody({ price: 10, amountInCents: "cinco" })), 422, "INVALID_DATA");
    expect(body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["amountInCents", "price"]);
    const status = await expectProblem(await finance.request("GET", "/dashboard/api/payment-links?status=SOLD"), 400, "VALIDATION_FAILED");
    expect(status.errors).toEqual([expect.objectContaining({ path: "status", in: "query" })]);
    const mode = await expectProblem(await finance.request("POST", "/dashboard/api/payment-links?mode=prod", linkBody()), 400, "VALIDATION_FAILED");
    expect(mode.errors).toEqual([expect.objectContaining({ path: "mode", in: "query" })]);
    expect(await ctx.platform.db.select().from(paymentLinks)).toEqual([]);
  });
});

/** A card subscription, ACTIVE at once, and a PIX one, INCOMPLETE with an open invoice. */
async function twoSubscriptions(seller: Ctx | (ReturnType<typeof requester> & { app: Ctx["app"] }) = ctx) {
  const p = await plan(seller);
  const card = await subscriber(seller, "4111111111111111");
  const active = await subscribe(seller, { planId: p.id, buyerId: card.buyerId, paymentMethod: "CREDIT_CARD", cardToken: card.cardToken });
  const pix = await subscribe(seller, { planId: p.id, buyerId: (await subscriber(seller)).buyerId, paymentMethod: "PIX" });
  return { active, pix };
}

describe("subscriptions", () => {
  it("FINANCE lists them, opens one with its invoices, cancels one at the period's end and one now; each cancel is audited", async () => {
    const { active, pix } = await twoSubscriptions();
    expect(active.status).toBe("ACTIVE");
    const finance = await signedIn("FINANCE");
    const list = await json(await finance.request("GET", "/dashboard/api/subscriptions"), 200);
    // /v1's list, each subscription named (buyer, plan, next charge: dashboard.subscriptions.test.ts).
    const unnamed = list.items.map(({ buyer: _b, plan: _p, nextChargeAt: _n, ...rest }: Record<string, unknown>) => rest);
    expect({ ...list, items: unnamed }).toEqual(await (await ctx.get("/v1/subscriptions")).json());
    expect(list.totalItems).toBe(2);
    expect((await json(await finance.request("GET", "/dashboard/api/subscriptions?status=ACTIVE"), 200)).items.map((s: { id: string }) => s.id)).toEqual([active.id]);
    const one = await json(await finance.request("GET", `/dashboard/api/subscriptions/${pix.id}`), 200);
    const { invoices, buyer: _buyer, plan: _plan, nextChargeAt: _next, ...subscription } = one;
    expect(subscription).toEqual(await (await ctx.get(`/v1/subscriptions/${pix.id}`)).json());
    expect(invoices).toEqual(await (await ctx.get(`/v1/subscriptions/${pix.id}/invoices`)).json());
    expect(invoices.items).toEqual([expect.objectContaining({ status: "OPEN" })]);

    ctx.platform.clock.advance(1);
    const later = await json(await finance.request("POST", `/dashboard/api/subscriptions/${active.id}/cancel`, { atPeriodEnd: true }), 200);
    expect(later).toMatchObject({ id: active.id, status: "ACTIVE", cancelAtPeriodEnd: true, cancelledAt: null });
    ctx.platform.clock.advance(1);
    // No body: cancel now, as /v1's.
    expect(await json(await finance.request("POST", `/dashboard/api/subscriptions/${pix.id}/cancel`), 200)).toMatchObject({ status: "CANCELLED" });
    expect((await json(await finance.request("GET", `/dashboard/api/subscriptions/${pix.id}`), 200)).invoices.items).toEqual([expect.objectContaining({ status: "VOID" })]);

    const rows = await changes();
    expect(rows.map((r) => `${r.action} ${r.outcome} ${r.targetType} ${r.targetId}`)).toEqual([`subscription.cancel ok subscription ${active.id}`, `subscription.cancel ok subscription ${pix.id}`]);
    expect(rows.map((r) => r.details)).toEqual([
      { atPeriodEnd: true, status: "ACTIVE", livemode: false },
      { atPeriodEnd: false, status: "CANCELLED", livemode: false },
    ]);
  });

  it("OPERATION reads but may not cancel; another seller's subscription is 404; a bad body names atPeriodEnd", async () => {
    const { pix } = await twoSubscriptions();
    const other = await otherSeller();
    const theirs = (await twoSubscriptions(other)).pix;
    const operation = await signedIn("OPERATION");
    expect((await json(await operation.request("GET", `/dashboard/api/subscriptions/${pix.id}`), 200)).id).toBe(pix.id);
    await expectProblem(await operation.request("POST", `/dashboard/api/subscriptions/${pix.id}/cancel`, {}), 403, "FORBIDDEN");
    expect((await changes()).map((r) => `${r.action} ${r.outcome} ${r.targetId}`)).toEqual([`subscriptions.manage denied ${pix.id}`]);

    const finance = await signedIn("FINANCE");
    await expectProblem(await finance.request("GET", `/dashboard/api/subscriptions/${theirs.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("POST", `/dashboard/api/subscriptions/${theirs.id}/cancel`, {}), 404, "RESOURCE_NOT_FOUND");
    const bad = await expectProblem(await finance.request("POST", `/dashboard/api/subscriptions/${pix.id}/cancel`, { atPeriodEnd: "yes" }), 422, "INVALID_DATA");
    expect(bad.errors.map((e: { path: string }) => e.path)).toEqual(["atPeriodEnd"]);
    const query = await expectProblem(await finance.request("GET", "/dashboard/api/subscriptions?planId=abc"), 400, "VALIDATION_FAILED");
    expect(query.errors.map((e: { path: string }) => e.path)).toEqual(["planId"]);
    const statuses = await ctx.platform.db.select({ id: subscriptions.id, status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.status, "CANCELLED"));
    expect(statuses).toEqual([]);
  });
});

describe("overview and settlements", () => {
  it("FINANCE reads the seller's own overview and settlements, as its secret key does; OPERATION may not", async () => {
    ctx.platform.clock.set("2026-05-04T15:00:00Z");
    const other = await otherSeller();
    await paidCharge(ctx, 1000);
    await paidCharge({ ...ctx, ...other }, 7000);
    expect(await sweepAt(ctx, "2026-05-05T00:00:00Z")).toBe(2);
    await paidCharge(ctx, 3000);
    const finance = await signedIn("FINANCE");

    const period = "from=2026-05-01&to=2026-05-06";
    const overview = await json(await finance.request("GET", `/dashboard/api/overview?${period}&mode=test`), 200);
    expect(overview).toEqual(await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/dashboard/overview?${period}`)).json());
    expect(overview).toMatchObject({ sellerId: ctx.seller.sellerId, totals: { count: 2, volume: 4000 } });
    const live = await json(await finance.request("GET", `/dashboard/api/overview?${period}&mode=live`), 200);
    expect(live).toMatchObject({ totals: { count: 0, volume: 0 } });

    const settlements = await json(await finance.request("GET", "/dashboard/api/settlements"), 200);
    expect(settlements).toEqual(await (await ctx.get("/v1/settlements")).json());
    expect(settlements.items).toEqual([expect.objectContaining({ sellerId: ctx.seller.sellerId, grossAmount: 1000, status: "PAID" })]);
    expect((await json(await finance.request("GET", "/dashboard/api/settlements?status=SCHEDULED"), 200)).items).toEqual([]);

    const operation = await signedIn("OPERATION");
    await expectProblem(await operation.request("GET", "/dashboard/api/overview"), 403, "FORBIDDEN");
    ctx.platform.clock.advance(1);
    await expectProblem(await operation.request("GET", "/dashboard/api/settlements"), 403, "FORBIDDEN");
    expect((await changes()).map((r) => `${r.action} ${r.outcome}`)).toEqual(["reports.read denied", "settlements.read denied"]);
  });

  it("days=7 is the last 7 days of the seller's zone, today included: a sale at 23:30 in São Paulo is today's", async () => {
    ctx.platform.clock.set("2026-05-05T02:30:00Z"); // 4 May, 23:30 in São Paulo
    await paidCharge(ctx, 2500);
    const finance = await signedIn("FINANCE");
    const overview = await json(await finance.request("GET", "/dashboard/api/overview?days=7&mode=test"), 200);
    expect(overview).toMatchObject({ timeZone: "America/Sao_Paulo", periodFrom: "2026-04-28T03:00:00.000Z", periodTo: "2026-05-05T03:00:00.000Z" });
    expect(overview.daily).toHaveLength(7);
    expect(overview.daily.at(-1)).toEqual({ date: "2026-05-04", count: 1, volume: 2500, paidCount: 1, paidAmount: 2500 });
    const both = await expectProblem(await finance.request("GET", "/dashboard/api/overview?days=7&from=2026-05-01"), 400, "VALIDATION_FAILED");
    expect(both.errors).toEqual([expect.objectContaining({ path: "days", code: "conflicting_fields" })]);
  });

  it("an invalid period or filter names its field", async () => {
    const finance = await signedIn("FINANCE");
    const format = await expectProblem(await finance.request("GET", "/dashboard/api/overview?from=ontem"), 400, "VALIDATION_FAILED");
    expect(format.errors).toEqual([expect.objectContaining({ path: "from", in: "query" })]);
    const order = await expectProblem(await finance.request("GET", "/dashboard/api/overview?from=2026-05-06&to=2026-05-01"), 400, "VALIDATION_FAILED");
    expect(order.errors).toEqual([expect.objectContaining({ path: "to", code: "invalid_period" })]);
    const status = await expectProblem(await finance.request("GET", "/dashboard/api/settlements?status=DONE"), 400, "VALIDATION_FAILED");
    expect(status.errors).toEqual([expect.objectContaining({ path: "status", in: "query" })]);
  });
});
