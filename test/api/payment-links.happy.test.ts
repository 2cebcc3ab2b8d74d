/**
 * Payment links, as a seller and a buyer use them: create, read (owner and public), change,
 * deactivate and activate, list, and a buyer paying by PIX with no key; the link's charge is the
 * seller's transaction naming the link, and every move is an event in GET /v1/events.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTestContext } from "../support/platform";
import { createLink, openSession, paySession, publicCall } from "../support/payment-links";
import { getTx, pay, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

describe("POST /v1/payment-links", () => {
  it("201 with every field of the spec: CARD is CREDIT_CARD, checkoutConfig the object its string held, publicUrl the page", async () => {
    const link = await createLink(ctx, { maxUses: 10, expiresAt: "2026-02-01T00:00:00Z", checkoutSessionTtlMinutes: 15 });
    expect(link).toMatchObject({
      sellerId: ctx.seller.sellerId,
      name: "Camiseta Azul",
      description: "Camiseta 100% algodão",
      amountInCents: 4990,
      currency: "BRL",
      paymentMethods: ["PIX", "CREDIT_CARD"],
      maxInstallments: 6,
      requireCustomerDocument: false,
      successUrl: "https://loja.example.com/obrigado",
      cancelUrl: "https://loja.example.com/carrinho",
      publicUrl: `http://pay.test/pay/${link.id}`,
      status: "ACTIVE",
      maxUses: 10,
      currentUses: 0,
      reservedUses: 0,
      expiresAt: "2026-02-01T00:00:00.000Z",
      checkoutConfig: { locale: "pt-BR" },
      chargeType: "FIXED",
      quantity: 1,
      minAmountInCents: null,
      maxAmountInCents: null,
      checkoutSessionTtlMinutes: 15,
      checkoutSessionNeverExpires: false,
      livemode: false,
      createdAt: "2026-01-15T12:00:00.000Z",
    });
  });

  it("DRAFT when asked: not payable until activated", async () => {
    const link = await createLink(ctx, { status: "DRAFT" });
    expect(link.status).toBe("DRAFT");
    const refused = await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("PAYMENT_LINK_INACTIVE");
    const activated = await ctx.post(`/v1/payment-links/${link.id}/activate`);
    expect((await activated.json()).status).toBe("ACTIVE");
    await openSession(ctx.app, link.id);
  });
});

describe("GET /v1/payment-links/{id}", () => {
  it("with no key: the public view the page needs, and none of the seller's settings", async () => {
    const link = await createLink(ctx, { quantity: 2, maxUses: 5 });
    const res = await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`);
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view).toEqual({
      id: link.id,
      merchant: { name: "Loja Teste Ltda", legalName: "Loja Teste Ltda", documentType: null, document: null },
      name: "Camiseta Azul",
      description: "Camiseta 100% algodão",
      chargeType: "FIXED",
      amountInCents: 9980,
      unitAmountInCents: 4990,
      quantity: 2,
      minAmountInCents: null,
      maxAmountInCents: null,
      currency: "BRL",
      paymentMethods: ["PIX", "CREDIT_CARD"],
      maxInstallments: 6,
      requireCustomerDocument: false,
      status: "ACTIVE",
      expiresAt: null,
      payable: true,
      unpayableReason: null,
      locale: "pt-BR",
      livemode: false,
    });
  });

  it("with its owner's key: the whole Payment link", async () => {
    const link = await createLink(ctx);
    const res = await ctx.get(`/v1/payment-links/${link.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(link);
  });
});

describe("PATCH, deactivate and activate", () => {
  it("PATCH changes the fields sent, keeps the others, and emits PAYMENT_LINK_UPDATED", async () => {
    const link = await createLink(ctx);
    ctx.platform.clock.advance(60);
    const res = await ctx.patch(`/v1/payment-links/${link.id}`, { name: "Camiseta Verde", amountInCents: 5990, maxUses: 3, checkoutConfig: { locale: "en" } });
    expect(res.status, await res.clone().text()).toBe(200);
    const changed = await res.json();
    expect(changed).toMatchObject({ name: "Camiseta Verde", amountInCents: 5990, maxUses: 3, checkoutConfig: { locale: "en" }, description: "Camiseta 100% algodão", status: "ACTIVE", updatedAt: "2026-01-15T12:01:00.000Z" });
    const events = (await (await ctx.get("/v1/events?type=PAYMENT_LINK_UPDATED")).json()).items;
    expect(events).toHaveLength(1);
    expect(events[0].data.details.paymentLink).toMatchObject({ id: link.id, name: "Camiseta Verde", amountInCents: 5990 });
  });

  it("deactivate refuses new checkouts, activate brings them back; the events follow", async () => {
    const link = await createLink(ctx);
    const off = await ctx.post(`/v1/payment-links/${link.id}/deactivate`);
    expect(off.status).toBe(200);
    expect((await off.json()).status).toBe("INACTIVE");
    const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
    expect(view).toMatchObject({ status: "INACTIVE", payable: false, unpayableReason: "INACTIVE" });
    expect((await publicCall(ctx.app, "POST", `/v1/payment-links/${link.id}/checkout-sessions`)).status).toBe(409);
    const twice = await ctx.post(`/v1/payment-links/${link.id}/deactivate`);
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe("INVALID_STATE_TRANSITION");
    expect((await (await ctx.post(`/v1/payment-links/${link.id}/activate`)).json()).status).toBe("ACTIVE");
    const feed = (await (await ctx.get("/v1/events")).json()).items.filter((e: { type: string }) => e.type.startsWith("PAYMENT_LINK_"));
    expect(feed.map((e: { type: string; data: { details: { paymentLink: { status: string } } } }) => [e.type, e.data.details.paymentLink.status])).toEqual([
      ["PAYMENT_LINK_CREATED", "ACTIVE"],
      ["PAYMENT_LINK_UPDATED", "INACTIVE"],
      ["PAYMENT_LINK_UPDATED", "ACTIVE"],
    ]);
  });
});

describe("GET /v1/sellers/{sellerId}/payment-links", () => {
  it("the envelope, newest first, with a status filter", async () => {
    const first = await createLink(ctx, { name: "Primeiro" });
    ctx.platform.clock.advance(1);
    const second = await createLink(ctx, { name: "Segundo" });
    ctx.platform.clock.advance(1);
    const third = await createLink(ctx, { name: "Terceiro", status: "DRAFT" });
    const all = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links?size=2`)).json();
    expect(all).toMatchObject({ totalItems: 3, page: 0, size: 2, hasNext: true });
    expect(all.items.map((l: { id: string }) => l.id)).toEqual([third.id, second.id]);
    const next = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links?size=2&page=1`)).json();
    expect(next.items.map((l: { id: string }) => l.id)).toEqual([first.id]);
    const drafts = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/payment-links?status=DRAFT`)).json();
    expect(drafts.items.map((l: { id: string }) => l.id)).toEqual([third.id]);
  });
});

describe("a buyer pays a link by PIX, with no key", () => {
  it("the charge is the seller's transaction naming the link; paid, it is a use, and the session is COMPLETED", async () => {
    const link = await createLink(ctx, { maxUses: 2 });
    const opened = await openSession(ctx.app, link.id);
    expect(opened).toMatchObject({ paymentLinkId: link.id, status: "OPEN", expiresAt: "2026-01-15T12:30:00.000Z", transactionId: null });
    expect(opened.clientSecret).toMatch(new RegExp(`^${opened.id}_secret_`));
    const res = await paySession(ctx.app, opened);
    expect(res.status, await res.clone().text()).toBe(201);
    const { session, transaction } = await res.json();
    expect(session).toMatchObject({
      id: opened.id,
      status: "OPEN",
      transactionId: transaction.id,
      successUrl: `https://loja.example.com/obrigado?paymentLinkId=${link.id}&checkoutSessionId=${opened.id}&transactionId=${transaction.id}`,
      cancelUrl: "https://loja.example.com/carrinho",
    });
    expect(session.clientSecret).toBeUndefined();
    expect(transaction).toMatchObject({ status: "PENDING", paymentMethod: "PIX", amount: 4990 });
    expect(transaction.paymentDetails.qrCode).toMatch(/^000201/);
    const tx = await getTx(ctx, transaction.id);
    expect(tx).toMatchObject({ paymentLinkId: link.id, amount: 4990, description: "Camiseta Azul", customer: { name: "João Comprador", email: "joao@example.com" } });
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 0, reservedUses: 1 });
    await pay(ctx, transaction.id);
    expect(await (await ctx.get(`/v1/payment-links/${link.id}`)).json()).toMatchObject({ currentUses: 1, reservedUses: 0 });
    const read = await publicCall(ctx.app, "GET", `/v1/checkout-sessions/${opened.id}`, undefined, { "X-Client-Secret": opened.clientSecret });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ session: { status: "COMPLETED" }, transaction: { id: transaction.id, status: "PAID" } });
    const listed = await (await ctx.get(`/v1/transactions?paymentLinkId=${link.id}`)).json();
    expect(listed.items.map((t: { id: string }) => t.id)).toEqual([transaction.id]);
    const other = await (await ctx.get(`/v1/transactions?paymentLinkId=${crypto.randomUUID()}`)).json();
    expect(other.items).toEqual([]);
  });
});
