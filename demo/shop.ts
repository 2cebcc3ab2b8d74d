/**
 * The demo shop: a small store page and its own tiny backend, the integration the README teaches.
 *
 * - The page (GET /) lists two products. "Buy" asks the shop's backend for an order; the backend
 *   creates the transaction with the shop's SECRET key (server to server) and hands the page only
 *   the transaction id, its client secret and the publishable key; the page mounts
 *   `<pay-checkout>` from the gateway's `/pay.js`, which takes the buyer's card (inside the
 *   gateway's frame) or shows the PIX QR code.
 * - The backend receives the gateway's webhooks at POST /webhooks, checks `X-Service-Signature`
 *   over the raw body, and the page shows the events (GET /api/events): only its own seller's.
 *   The shop's seller may be a company (the first start's seller is), whose webhooks also hear of
 *   its sub-sellers' status changes; those are acknowledged and not shown.
 * - The page speaks one language, the shop's (pt-BR), its messages included, and shows each
 *   event's time as people read it, in the reader's time zone (public/events.js).
 * - The page runs under the strict CSP the widget promises to work with: scripts, frames and
 *   fetches from the gateway only, nothing inline.
 *
 * It runs on its own origin (the Node host's DEMO_PORT), so the gateway's frames are cross-origin
 * to it, as they are to a real seller's site.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { verifySignature } from "../shared/webhooks";

/** Calls the Pay API (in the Node host: its app's own fetch, no network). */
export type ApiFetch = (request: Request) => Response | Promise<Response>;

export interface DemoShopOptions {
  /** The gateway's public base URL (where pay.js and the API are). */
  gatewayUrl: string;
  api: ApiFetch;
  /** The shop's own seller: only its events are shown. */
  sellerId: string;
  secretKey: string;
  publishableKey: string;
  /** The shop's webhook secret, once it has registered its webhook. */
  webhookSecret: () => string | null;
}

/** Calls the API as the shop's server does: with its secret key, JSON in and out. */
export function callApi(api: ApiFetch, gatewayUrl: string, secretKey: string, method: string, path: string, body?: unknown) {
  return api(
    new Request(`${gatewayUrl}${path}`, {
      method,
      headers: { "X-Api-Key": secretKey, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
}

/** What the shop sells (prices in centavos). */
export const PRODUCTS = [
  { id: "cafe", name: "Café especial 250 g", amount: 3990 },
  { id: "caneca", name: "Caneca esmaltada", amount: 5900 },
] as const;

/** The demo's buyer (a real shop has its customer's details from its own checkout form). */
const BUYER = { name: "Maria Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria.silva@example.com" };

const file = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url), "utf8");

/** The page's CSP: the widget's promise (docs/widget.md), with the shop's own origin for its files. */
function csp(gateway: string): string {
  return `default-src 'self'; script-src 'self' ${gateway}; frame-src ${gateway}; connect-src 'self' ${gateway}; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}

/** The demo shop's app. */
export function createDemoShop(opts: DemoShopOptions) {
  const gateway = new URL(opts.gatewayUrl).origin;
  const page = file("index.html").replaceAll("{{GATEWAY}}", opts.gatewayUrl);
  const events: { id: string; type: string; occurredAt: string; transactionId: string | null; status: string | null }[] = [];
  const api = (method: string, path: string, body?: unknown) => callApi(opts.api, opts.gatewayUrl, opts.secretKey, method, path, body);

  return new Hono()
    .get("/", (c) => c.html(page, 200, { "Content-Security-Policy": csp(gateway), "Cache-Control": "no-store" }))
    .get("/shop.js", (c) => c.body(file("shop.js"), 200, { "Content-Type": "text/javascript; charset=utf-8" }))
    .get("/events.js", (c) => c.body(file("events.js"), 200, { "Content-Type": "text/javascript; charset=utf-8" }))
    .get("/shop.css", (c) => c.body(file("shop.css"), 200, { "Content-Type": "text/css; charset=utf-8" }))
    .get("/api/products", (c) => c.json({ items: PRODUCTS }))
    .post("/api/orders", async (c) => {
      const input = (await c.req.json().catch(() => ({}))) as { productId?: string; method?: string };
      const product = PRODUCTS.find((p) => p.id === input.productId);
      const method = input.method === "PIX" ? "PIX" : input.method === "CREDIT_CARD" ? "CREDIT_CARD" : null;
      if (!product || !method) return c.json({ error: "escolha um produto e a forma de pagamento (PIX ou cartão de crédito)" }, 400);
      // Server to server, with the secret key: the page never sees it.
      const res = await api("POST", "/v1/transactions", {
        paymentMethod: method,
        amount: product.amount,
        currency: "BRL",
        description: product.name,
        buyer: BUYER,
      });
      const tx = (await res.json()) as { id?: string; clientSecret?: string; code?: string };
      // The page speaks the shop's language: the gateway's English detail stays on the server.
      if (res.status !== 201 || !tx.id || !tx.clientSecret) {
        return c.json({ error: `o pagamento não pôde ser criado agora (${tx.code ?? `HTTP ${res.status}`}); tente de novo` }, 502);
      }
      return c.json({ transactionId: tx.id, clientSecret: tx.clientSecret, publishableKey: opts.publishableKey }, 201);
    })
    .post("/webhooks", async (c) => {
      const secret = opts.webhookSecret();
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!secret || !(await verifySignature(raw, c.req.header("x-service-signature") ?? null, secret))) return c.text("bad signature\n", 401);
      const event = JSON.parse(new TextDecoder().decode(raw)) as { id: string; type: string; sellerId?: string; occurredAt: string; data?: { transaction?: { id?: string; status?: string } } };
      // Another seller's event (a sub-seller's, heard by its company) is acknowledged, not shown.
      if (event.sellerId !== opts.sellerId) return c.text("ok (not this shop's seller)\n");
      // Deliveries are at least once: the envelope's id says whether this one was seen.
      if (!events.some((e) => e.id === event.id)) {
        events.unshift({ id: event.id, type: event.type, occurredAt: event.occurredAt, transactionId: event.data?.transaction?.id ?? null, status: event.data?.transaction?.status ?? null });
        events.length = Math.min(events.length, 50);
      }
      return c.text("ok\n");
    })
    .get("/api/events", (c) => c.json({ items: events }, 200, { "Cache-Control": "no-store" }));
}
