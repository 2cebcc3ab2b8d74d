/**
 * The demo shop's backend: it creates the order's transaction with its secret key and hands the
 * page only what a browser may hold; it accepts only correctly signed webhooks, once each, and
 * shows only its own seller's events; its page runs under the strict CSP the widget promises to
 * work with, speaks one language (pt-BR) and shows times as people read them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { serviceSignature } from "../../shared/webhooks";
import { createDemoShop, PRODUCTS } from "../../demo/shop";
import { eventItem, readableTime } from "../../demo/public/events.js";
import { createTestContext } from "../support/platform";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { createPix, pay, type Ctx } from "../support/transactions";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let ctx: Ctx;
let shop: ReturnType<typeof createDemoShop>;
beforeEach(async () => {
  ctx = await createTestContext();
  shop = createDemoShop({
    gatewayUrl: "https://pay.example.com",
    api: (req) => ctx.app.fetch(req),
    sellerId: ctx.seller.sellerId,
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
    const event = JSON.stringify({ id: "evt-1", type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, occurredAt: "2026-11-22T12:00:00Z", data: { transaction: { id: "tx-1", status: "PAID" } } });
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
  it("shows only its own seller's events: another seller's, signed and delivered, is acknowledged and not listed", async () => {
    const sign = async (event: object) => {
      const body = JSON.stringify(event);
      return shop.request("/webhooks", { method: "POST", headers: { "X-Service-Signature": await serviceSignature(body, SECRET) }, body });
    };
    const subSeller = { id: "evt-sub", type: "SELLER_STATUS_CHANGED", sellerId: crypto.randomUUID(), occurredAt: "2026-11-22T12:00:00Z", data: { seller: { status: "ACTIVE" } } };
    expect((await sign(subSeller)).status).toBe(200);
    expect((await sign({ id: "evt-own", type: "TRANSACTION_PAID", sellerId: ctx.seller.sellerId, occurredAt: "2026-11-22T12:01:00Z", data: { transaction: { id: "tx-1", status: "PAID" } } })).status).toBe(200);
    const { items } = await (await shop.request("/api/events")).json();
    expect(items.map((e: { id: string }) => e.id)).toEqual(["evt-own"]);
  });

  it("through the gateway: its company webhook hears a sub-seller's status change, and the page lists only the shop's own payment", async () => {
    // The shop's seller is a company (as the first start's seller is); its webhook takes ALL types.
    ctx.platform.fetch = async (input, init) => shop.fetch(new Request(String(input), init));
    const hook = await (await ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: "https://shop.example.com/webhooks", eventTypes: ["ALL"] })).json();
    shop = createDemoShop({
      gatewayUrl: "https://pay.example.com",
      api: (req) => ctx.app.fetch(req),
      sellerId: ctx.seller.sellerId,
      secretKey: ctx.seller.apiKey,
      publishableKey: ctx.seller.publishableKey,
      webhookSecret: () => hook.secret,
    });
    const planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    const sub = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
    expect((await ctx.post(`/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" })).status).toBe(200);
    const tx = await createPix(ctx);
    await pay(ctx, tx.id);
    await ctx.platform.drainQueue();
    const delivered = await (await ctx.get(`/v1/sellers/${ctx.seller.sellerId}/webhooks/deliveries`)).json();
    expect(delivered.items.map((d: { eventType: string; status: string }) => `${d.eventType} ${d.status}`)).toEqual(
      expect.arrayContaining(["SELLER_STATUS_CHANGED DELIVERED", "TRANSACTION_PAID DELIVERED"]),
    );
    const { items } = await (await shop.request("/api/events")).json();
    expect(items).toEqual([expect.objectContaining({ type: "TRANSACTION_PAID", transactionId: tx.id, status: "PAID" })]);
  });
});

describe("the demo shop's page speaks one language and shows times as people read them", () => {
  it("its header and every text of the page are Portuguese, like its lang", async () => {
    const html = await (await shop.request("/")).text();
    expect(html).toContain('<html lang="pt-BR">');
    const header = /<header>([\s\S]*?)<\/header>/.exec(html)![1]!;
    expect(header).toContain("Ambiente de testes: nada é cobrado. Cartões de teste: 4111 1111 1111 1111 (aprovado)");
    const text = html.replace(/<[^>]+>/g, " ");
    expect(text).not.toMatch(/\b(Sandbox|nothing|charged|Test cards|approved|code|Buy|Pay with|Products|Payment|received)\b/);
  });

  it("its backend's messages to the page are Portuguese too", async () => {
    const res = await order({ productId: "nope", method: "PIX" });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("escolha um produto e a forma de pagamento (PIX ou cartão de crédito)");
  });

  it("an event's time reads as a date and time in the reader's time zone, not an ISO string", () => {
    expect(readableTime("2026-11-22T12:00:00Z", "America/Sao_Paulo")).toBe("22/11/2026, 09:00:00");
    expect(readableTime("2026-11-22T12:00:00Z", "UTC")).toBe("22/11/2026, 12:00:00");
    // The list's line: a <time> with the exact instant, its text the readable time, then what happened.
    type Node = { tag: string; dateTime?: string; textContent?: string; children: Array<Node | string>; append: (...nodes: Array<Node | string>) => void };
    const fake = {
      createElement: (tag: string): Node => {
        const node: Node = { tag, children: [], append: (...nodes) => node.children.push(...nodes) };
        return node;
      },
    };
    const li = eventItem({ occurredAt: "2026-11-22T12:00:00Z", type: "TRANSACTION_PAID", status: "PAID" }, fake as unknown as Document, "America/Sao_Paulo") as unknown as Node;
    const [time, rest] = li.children as [Node, string];
    expect(li.tag).toBe("li");
    expect(time).toMatchObject({ tag: "time", dateTime: "2026-11-22T12:00:00Z", textContent: "22/11/2026, 09:00:00" });
    expect(rest).toBe(" TRANSACTION_PAID → PAID");
  });

  it("the page renders its events with that module, which the shop serves under its CSP ('self')", async () => {
    const script = readFileSync(join(__dirname, "../../demo/public/shop.js"), "utf8");
    expect(script).toContain('import { eventItem } from "/events.js";');
    expect(script).not.toContain("e.occurredAt}");
    const module = await shop.request("/events.js");
    expect(module.status).toBe(200);
    expect(module.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await module.text()).toContain("export function eventItem");
  });
});
