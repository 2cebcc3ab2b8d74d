/**
 * Payment links' refusals: every invalid field of a link is a 422 INVALID_DATA naming it, a link
 * that cannot be paid is a 409 with its own code, and a buyer's pay names the field it breaks.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectInvalidParameter, expectProblem, invalidDataPaths } from "../support/problem";
import { createLink, linkBody, linkBuyer, openSession, paySession, publicCall } from "../support/payment-links";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const VALIDATION: Array<[string, Record<string, unknown>, string]> = [
  ["name empty", { name: "" }, "name"],
  ["name missing", { name: undefined }, "name"],
  ["paymentMethods empty", { paymentMethods: [] }, "paymentMethods"],
  ["paymentMethods unknown", { paymentMethods: ["BOLETO"] }, "paymentMethods[0]"],
  ["maxInstallments 0", { maxInstallments: 0 }, "maxInstallments"],
  ["maxInstallments 22", { maxInstallments: 22 }, "maxInstallments"],
  ["maxInstallments without a card method", { paymentMethods: ["PIX"], maxInstallments: 3 }, "maxInstallments"],
  ["FIXED with amountInCents 0", { amountInCents: 0 }, "amountInCents"],
  ["FIXED with a negative amount", { amountInCents: -100 }, "amountInCents"],
  ["FIXED with no amount", { amountInCents: undefined }, "amountInCents"],
  ["CUSTOMER_CHOICE without minAmountInCents", { chargeType: "CUSTOMER_CHOICE", amountInCents: undefined }, "minAmountInCents"],
  ["expiresAt in the past", { expiresAt: "2026-01-15T11:59:59Z" }, "expiresAt"],
  ["expiresAt now", { expiresAt: "2026-01-15T12:00:00Z" }, "expiresAt"],
  ["expiresAt not a date", { expiresAt: "amanhã" }, "expiresAt"],
  ["checkoutConfig a string of no JSON", { checkoutConfig: "{locale" }, "checkoutConfig"],
  ["checkoutConfig a JSON array", { checkoutConfig: "[1,2]" }, "checkoutConfig"],
  ["checkoutConfig a number", { checkoutConfig: 42 }, "checkoutConfig"],
  ["checkoutConfig over 8 kB", { checkoutConfig: { note: "x".repeat(9000) } }, "checkoutConfig"],
  ["successUrl not http(s)", { successUrl: "ftp://loja.example.com/ok" }, "successUrl"],
  ["cancelUrl not a URL", { cancelUrl: "carrinho" }, "cancelUrl"],
  ["maxUses 0", { maxUses: 0 }, "maxUses"],
  ["checkoutSessionTtlMinutes below 5", { checkoutSessionTtlMinutes: 4 }, "checkoutSessionTtlMinutes"],
  ["checkoutSessionTtlMinutes above 7 days", { checkoutSessionTtlMinutes: 10_081 }, "checkoutSessionTtlMinutes"],
  ["status other than ACTIVE or DRAFT", { status: "EXPIRED" }, "status"],
  ["a field the link does not have", { color: "blue" }, "color"],
];

describe("POST /v1/payment-links: 422 INVALID_DATA names the field", () => {
  it.each(VALIDATION)("%s → %s", async (_, overrides, path) => {
    const res = await ctx.post("/v1/payment-links", linkBody(overrides));
    expect(await invalidDataPaths(res)).toContain(path);
  });

  it("every broken rule at once, each named", async () => {
    const res = await ctx.post("/v1/payment-links", linkBody({ paymentMethods: ["PIX"], maxInstallments: 2, amountInCents: 0, successUrl: "nope" }));
    expect((await invalidDataPaths(res)).sort()).toEqual(["amountInCents", "maxInstallments", "successUrl"]);
  });

  it("a test key may send http URLs; a live key needs https", async () => {
    await createLink(ctx, { successUrl: "http://localhost:3000/ok" });
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const res = await live.post("/v1/payment-links", linkBody({ successUrl: "http://loja.example.com/ok" }));
    expect(await invalidDataPaths(res)).toEqual(["successUrl"]);
  });

  it("nothing is written when refused", async () => {
    await ctx.post("/v1/payment-links", linkBody({ name: "" }));
    const list = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links`)).json();
    expect(list.totalItems).toBe(0);
    expect((await (await ctx.get("/v1/events")).json()).items).toEqual([]);
  });
});

describe("PATCH /v1/payment-links/{id}", () => {
  it("422 for an invalid field, and for maxUses below the uses paid or held", async () => {
    const link = await createLink(ctx, { maxUses: 5 });
    expect(await invalidDataPaths(await ctx.patch(`/v1/payment-links/${link.id}`, { amountInCents: 0 }))).toEqual(["amountInCents"]);
    expect(await invalidDataPaths(await ctx.patch(`/v1/payment-links/${link.id}`, { expiresAt: "2020-01-01T00:00:00Z" }))).toEqual(["expiresAt"]);
    for (let i = 0; i < 2; i++) expect((await paySession(ctx.app, await openSession(ctx.app, link.id))).status).toBe(201);
    const below = await ctx.patch(`/v1/payment-links/${link.id}`, { maxUses: 1 });
    const problem = await expectProblem(below, 422, "INVALID_DATA");
    expect(problem.errors[0]).toMatchObject({ path: "maxUses", code: "too_small" });
    expect((await ctx.patch(`/v1/payment-links/${link.id}`, { maxUses: 2 })).status).toBe(200);
  });

  it("a malformed id is the request's mistake: 400 naming id in the path, not the body's 422 (as a buyer's pay)", async () => {
    await expectInvalidParameter(await ctx.patch("/v1/payment-links/not-a-uuid", { name: "Camiseta" }), "path", "id");
    await expectInvalidParameter(await publicCall(ctx.app, "POST", "/v1/checkout-sessions/not-a-uuid/pay", { paymentMethod: "PIX" }), "path", "id");
  });
});

describe("activate and deactivate", () => {
  it("activating an EXPIRED link is 409 naming its status; an unknown link is 404", async () => {
    const link = await createLink(ctx, { expiresAt: "2026-01-15T13:00:00Z" });
    ctx.platform.clock.advance(3600);
    const problem = await expectProblem(await ctx.post(`/v1/payment-links/${link.id}/activate`), 409, "INVALID_STATE_TRANSITION");
    expect(problem).toMatchObject({ currentStatus: "EXPIRED", allowedStatuses: ["DRAFT", "INACTIVE"] });
    expect(problem.detail).toContain("EXPIRED");
    await expectProblem(await ctx.post(`/v1/payment-links/${crypto.randomUUID()}/activate`), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("paying a checkout session: the buyer's refusals", () => {
  it("422 names the field: a method the link lacks, a missing required document, a bad CPF, too many installments", async () => {
    const link = await createLink(ctx, { paymentMethods: ["CARD"], requireCustomerDocument: true, maxInstallments: 6 });
    const session = await openSession(ctx.app, link.id);
    expect(await invalidDataPaths(await paySession(ctx.app, session, { paymentMethod: "PIX" }))).toEqual(["paymentMethod"]);
    const noDocument = linkBuyer({ documentType: undefined, documentNumber: undefined });
    expect(await invalidDataPaths(await paySession(ctx.app, session, { paymentMethod: "CARD", buyer: noDocument }))).toEqual(["buyer.documentNumber"]);
    expect(await invalidDataPaths(await paySession(ctx.app, session, { paymentMethod: "CARD", buyer: linkBuyer({ documentNumber: "52998224726" }) }))).toEqual(["buyer.documentNumber"]);
    expect(await invalidDataPaths(await paySession(ctx.app, session, { paymentMethod: "CARD", installments: 7 }))).toEqual(["installments"]);
    expect((await paySession(ctx.app, session, { paymentMethod: "CARD", installments: 6 })).status).toBe(201);
  });

  it("CUSTOMER_CHOICE: the amount is required and at least the minimum; the buyer's amount is charged", async () => {
    const link = await createLink(ctx, { chargeType: "CUSTOMER_CHOICE", amountInCents: undefined, minAmountInCents: 1000 });
    const session = await openSession(ctx.app, link.id);
    expect(await invalidDataPaths(await paySession(ctx.app, session))).toEqual(["amountInCents"]);
    expect(await invalidDataPaths(await paySession(ctx.app, session, { amountInCents: 999 }))).toEqual(["amountInCents"]);
    const paid = await paySession(ctx.app, session, { amountInCents: 2500 });
    expect(paid.status).toBe(201);
    expect((await paid.json()).transaction.amount).toBe(2500);
  });

  it("without requireCustomerDocument the document may be left out (the QR carries no devedor)", async () => {
    const link = await createLink(ctx);
    const session = await openSession(ctx.app, link.id);
    const res = await paySession(ctx.app, session, { buyer: { name: "Ana", email: "ana@example.com" } });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it("a wrong or missing client secret is 404, as a session that does not exist", async () => {
    const link = await createLink(ctx);
    const session = await openSession(ctx.app, link.id);
    await expectProblem(await paySession(ctx.app, { id: session.id, clientSecret: `${session.id}_secret_wrong` }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await paySession(ctx.app, { id: crypto.randomUUID(), clientSecret: session.clientSecret }), 404, "RESOURCE_NOT_FOUND");
  });

  it("inactive, expired and sold-out links, and an expired session, each have their own code", async () => {
    const inactive = await createLink(ctx);
    const inactiveSession = await openSession(ctx.app, inactive.id);
    await ctx.post(`/v1/payment-links/${inactive.id}/deactivate`);
    await expectProblem(await paySession(ctx.app, inactiveSession), 409, "PAYMENT_LINK_INACTIVE");

    const soldOut = await createLink(ctx, { maxUses: 1 });
    const first = await openSession(ctx.app, soldOut.id);
    const second = await openSession(ctx.app, soldOut.id);
    expect((await paySession(ctx.app, first)).status).toBe(201);
    const problem = await expectProblem(await paySession(ctx.app, second), 409, "PAYMENT_LINK_SOLD_OUT");
    expect(problem).toMatchObject({ paymentLinkId: soldOut.id, currentStatus: "ACTIVE", maxUses: 1 });
    await expectProblem(await publicCall(ctx.app, "POST", `/v1/payment-links/${soldOut.id}/checkout-sessions`), 409, "PAYMENT_LINK_SOLD_OUT");

    const expiring = await createLink(ctx, { expiresAt: "2026-01-15T12:10:00Z", checkoutSessionNeverExpires: true });
    const late = await openSession(ctx.app, expiring.id);
    const session = await openSession(ctx.app, (await createLink(ctx)).id);
    ctx.platform.clock.advance(31 * 60);
    await expectProblem(await paySession(ctx.app, late), 409, "PAYMENT_LINK_EXPIRED");
    await expectProblem(await paySession(ctx.app, session), 409, "CHECKOUT_SESSION_EXPIRED");
  });
});
