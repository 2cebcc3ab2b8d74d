/**
 * The demo shop's backend: it creates the order's transaction with its secret key and hands the
 * page only what a browser may hold; it accepts only correctly signed webhooks, once each; its
 * page runs under the strict CSP the widget promises to work with.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { serviceSignature } from "../../shared/webhooks";
import { createDemoShop, PRODUCTS } from "../../demo/shop";
import { createTestContext } from "../support/platform";
import type { Ctx } from "../support/transactions";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let ctx: Ctx;
let shop: ReturnType<typeof createDemoShop>;
beforeEach(async () => {
  ctx = await createTestContext();
  shop = createDemoShop({
    gatewayUrl: "https://pay.example.com",
    api: (req) => ctx.app.fetch(req),
    secretKey: ctx.seller.apiKey,
    publishableKey: ctx.seller.publishableKey,
    webhookSecret: () => SECRET,
  });
});

const order = (body: unknown) => shop.request("/api/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("the demo shop", () => {
  it("creates the order's transaction server-side and gives the page only the id, client secret and publishable key", async () => {
    for (const method of ["PIX", "CREDIT_CARD"]) {
      const res = await order({ productId: "cafe", method });
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(Object.keys(body).sort()).toEqual(["clientSecret", "publishableKey", "transactionId"]);
      expect(body.publishableKey).toBe(ctx.seller.publishableKey);
      expect(JSON.stringify(body)).not.toContain(ctx.seller.apiKey);
      const tx = await (await ctx.get(`/v1/transactions/${body.transactionId}`)).json();
      expect(tx).toMatchObject({ paymentMethod: method, amount: PRODUCTS[0].amount, status: "PENDING", clientSecret: body.clientSecret });
    }
    expect((await order({ productId: "nope", method: "PIX" })).status).toBe(400);
    expect((await order({ productId: "cafe", method: "BOLETO" })).status).toBe(400);
  });

  it("accepts a signed webhook once, refuses a bad signature, and lists what it got", async () => {
    const event = JSON.stringify({ id: "evt-1", type: "TRANSACTION_PAID", occurredAt: "2026-11-22T12:00:00Z", data: { transaction: { id: "tx-1", status: "PAID" } } });
    const send = async (body: string, signature: string) => shop.request("/webhooks", { method: "POST", headers: { "X-Service-Signature": signature }, body });
    expect((await send(event, "sha256=deadbeef")).status).toBe(401);
    expect((await send(event, await serviceSignature(event, SECRET))).status).toBe(200);
    expect((await send(event, await serviceSignature(event, SECRET))).status).toBe(200);
    const { items } = await (await shop.request("/api/events")).json();
    expect(items).toEqual([{ id: "evt-1", type: "TRANSACTION_PAID", occurredAt: "2026-11-22T12:00:00Z", transactionId: "tx-1", status: "PAID" }]);
  });

  it("serves its page under the strict CSP, loading pay.js from the gateway and nothing inline", async () => {
    const res = await shop.request("/");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'self'; script-src 'self' https://pay.example.com; frame-src https://pay.example.com; connect-src 'self' https://pay.example.com; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    const html = await res.text();
    expect(html).toContain('<script type="module" src="https://pay.example.com/pay.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle=/);
  });
});
