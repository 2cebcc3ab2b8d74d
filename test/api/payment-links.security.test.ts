/**
 * Another seller on every link route: its links are 404 to change, list or filter by, and read
 * only as anyone reads them (the public view); the test key's links are not the live key's; a
 * publishable key creates nothing; a session's client secret is shown once and never logged.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { insertSeller } from "../support/dashboards";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createLink, linkBody, openSession, paySession, publicCall } from "../support/payment-links";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let other: ReturnType<typeof requester>;
beforeEach(async () => {
  ctx = await createTestContext();
  const seller = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "o@example.com", city: "Recife" }, ctx.platform.now());
  other = requester(ctx.app, seller);
});

describe("another seller", () => {
  it("is 404 on PATCH, activate, deactivate and the owner's list, and changes nothing", async () => {
    const link = await createLink(ctx);
    await expectProblem(await other.patch(`/v1/payment-links/${link.id}`, { name: "Roubado" }), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.post(`/v1/payment-links/${link.id}/deactivate`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.post(`/v1/payment-links/${link.id}/activate`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await other.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links`), 404, "RESOURCE_NOT_FOUND");
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toEqual(link);
  });

  it("reads the link only as anyone does: the public view, without the seller's URLs, counts or settings", async () => {
    const link = await createLink(ctx, { maxUses: 3 });
    const view = await (await other.get(`/v1/payment-links/${link.id}`)).json();
    expect(view.id).toBe(link.id);
    for (const field of ["successUrl", "cancelUrl", "checkoutConfig", "currentUses", "reservedUses", "maxUses", "sellerId", "publicUrl"]) expect(view).not.toHaveProperty(field);
  });

  it("cannot find the link's charges by filtering on it", async () => {
    const link = await createLink(ctx);
    expect((await paySession(ctx.app, await openSession(ctx.app, link.id))).status).toBe(201);
    expect((await (await other.get(`/v1/transactions?paymentLinkId=${link.id}`)).json()).items).toEqual([]);
  });
});

describe("a company and its sub-sellers", () => {
  it("a company lists its sub-seller's links; the sub-seller cannot list its company's, nor a sibling's", async () => {
    const sub = await insertSeller(ctx.platform.db, ctx.seller.sellerId, undefined, "Sub Loja");
    const sibling = await insertSeller(ctx.platform.db, ctx.seller.sellerId, undefined, "Sub Irma");
    const subApi = requester(ctx.app, sub);
    const subLink = await createLink(subApi, { name: "Do sub" });
    await createLink(ctx, { name: "Da empresa" });
    const listed = await (await ctx.get(`/v1/sellers/${sub.sellerId}/payment-links`)).json();
    expect(listed.items.map((l: { id: string }) => l.id)).toEqual([subLink.id]);
    await expectProblem(await subApi.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await subApi.get(`/v1/sellers/${sibling.sellerId}/payment-links`), 404, "RESOURCE_NOT_FOUND");
    // The company manages its own links; the sub-seller's stay the sub-seller's to change.
    await expectProblem(await ctx.patch(`/v1/payment-links/${subLink.id}`, { name: "x" }), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("keys", () => {
  it("the live key does not see or change the test key's link", async () => {
    const link = await createLink(ctx);
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    await expectProblem(await live.patch(`/v1/payment-links/${link.id}`, { name: "x" }), 404, "RESOURCE_NOT_FOUND");
    expect((await (await live.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links`)).json()).totalItems).toBe(0);
    expect(await (await live.get(`/v1/payment-links/${link.id}`)).json()).not.toHaveProperty("successUrl");
  });

  it("a publishable key or no key creates and changes nothing", async () => {
    const link = await createLink(ctx);
    const browser = { "X-Api-Key": ctx.seller.publishableKey, "Content-Type": "application/json" };
    const created = await ctx.app.request("/v1/payment-links", { method: "POST", headers: browser, body: JSON.stringify(linkBody()) });
    expect([401, 403]).toContain(created.status);
    expect((await publicCall(ctx.app, "POST", "/v1/payment-links", linkBody())).status).toBe(401);
    expect((await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/deactivate`)).status).toBe(401);
    expect((await publicCall(ctx.app, "GET", `/v1/sellers/${ctx.seller.sellerId}/payment-links`)).status).toBe(401);
  });
});

describe("a session's client secret", () => {
  it("is answered once (not by the pay or the read) and never written to the request log", async () => {
    const session = await openSession(ctx.app, (await createLink(ctx)).id);
    const paid = await (await paySession(ctx.app, session)).json();
    expect(JSON.stringify(paid)).not.toContain(session.clientSecret);
    const read = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${session.id}`, undefined, { "X-Client-Secret": session.clientSecret });
    expect(await read.text()).not.toContain(session.clientSecret);
    expect(JSON.stringify(ctx.platform.logs)).not.toContain(session.clientSecret);
  });
});
