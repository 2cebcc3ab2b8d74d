/**
 * PIX end to end, as a buyer meets it: `npm start` (the real Node host) serves the API and
 * `/pay.js`; a seller's page on another origin embeds `<pay-checkout>` for a PIX transaction its
 * server created with the secret key. The QR is inline SVG and scans to the charge's BR Code;
 * the payer's bank paying (`POST /v1/sandbox/transactions/{id}/pay`) flips the page to paid
 * without a reload, with `pay-success`. Then the same under the strict CSP of the widget plan,
 * with the checkout inside another custom element's shadow root. Screenshots in test-results/.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { decodePng } from "../support/qr";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");

let suite: BrowserSuite;
let host: GatewayHost;
let keys: GatewayHost["keys"];
let shop: TestServer;
let browser: Browser;

/** Runs first on every shop page (a file from 'self', so the strict CSP allows it): records the widget's events and any CSP violation. */
const RECORDER = `
window.payEvents = [];
window.cspViolations = [];
for (const type of ["pay-ready", "pay-status", "pay-success", "pay-failed"]) {
  document.addEventListener(type, (e) => window.payEvents.push({ type, detail: e.detail }));
}
document.addEventListener("securitypolicyviolation", (e) => window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));
`;

/** The seller's own component: it puts the checkout inside its shadow root (attributes from its dataset). */
const SHOP_CART = `
customElements.define("shop-cart", class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: "open" });
    const heading = document.createElement("h2");
    heading.textContent = "Carrinho";
    const checkout = document.createElement("pay-checkout");
    for (const [name, value] of Object.entries({ "publishable-key": this.dataset.pk, "transaction-id": this.dataset.tx, "client-secret": this.dataset.secret })) checkout.setAttribute(name, value);
    root.append(heading, checkout);
  }
});
`;

/** The strict CSP of docs/widget.md: only the gateway besides 'self', no 'unsafe-inline'. */
const strictCsp = (gateway: string) => `default-src 'self'; script-src 'self' ${gateway}; frame-src ${gateway}; connect-src ${gateway}`;

function shopPage(query: URLSearchParams, strict: boolean): string {
  const [pk, tx, secret] = ["pk", "tx", "secret"].map((k) => query.get(k) ?? "");
  const checkout = strict
    ? `<shop-cart data-pk="${pk}" data-tx="${tx}" data-secret="${secret}"></shop-cart>
    <script src="/shop-cart.js"></script>
    <script>window.inlineRan = true</script>`
    : `<pay-checkout publishable-key="${pk}" transaction-id="${tx}" client-secret="${secret}"></pay-checkout>`;
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <title>Loja PIX</title>
    <script src="/recorder.js"></script>
    <script type="module" src="${host.base}/pay.js"></script>
  </head>
  <body>
    <h1>Loja PIX</h1>
    ${checkout}
  </body>
</html>`;
}

beforeAll(async () => {
  suite = await startBrowserSuite("pix-checkout");
  ({ host, browser } = suite);
  keys = host.keys;
  const js = (body: string) => ({ body, headers: { "Content-Type": "text/javascript; charset=utf-8" } });
  shop = await startServer({
    "/": (req) => ({ body: shopPage(new URL(req.url ?? "/", "http://x").searchParams, false) }),
    "/strict": (req) => ({ body: shopPage(new URL(req.url ?? "/", "http://x").searchParams, true), headers: { "Content-Security-Policy": strictCsp(host.base) } }),
    "/recorder.js": js(RECORDER),
    "/shop-cart.js": js(SHOP_CART),
  });
}, 180_000);

afterAll(() => suite?.stop(shop), 60_000);

/** What the seller's server does: creates the PIX charge with the secret key. */
async function createPix(): Promise<{ id: string; clientSecret: string; paymentDetails: { qrCode: string } }> {
  const res = await fetch(`${host.base}/v1/transactions`, {
    method: "POST",
    headers: { "X-Api-Key": keys.secret, "Content-Type": "application/json" },
    body: JSON.stringify({
      paymentMethod: "PIX",
      amount: 1050,
      currency: "BRL",
      description: "Pedido 42",
      buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** What the seller's server does for a PIX Automático subscription (journey 3): a monthly plan, a buyer, the subscription. */
async function subscribePixAutomatico(): Promise<{ id: string; pixAutomatico: { brCode: string; firstTransactionId: string } }> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${host.base}${path}`, { method: "POST", headers: { "X-Api-Key": keys.secret, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  };
  const plan = await post("/v1/subscriptions/plans", { name: "Clube do Café", amount: 4990, billingInterval: "MONTHLY", paymentMethods: ["PIX"] });
  const buyer = await post("/v1/buyers", buyerBody());
  return post("/v1/subscriptions", { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX_AUTOMATICO" });
}

/** The seller's server reads a transaction (its client secret is for the buyer's page). */
async function readTransaction(id: string): Promise<{ id: string; clientSecret: string; paymentDetails: { qrCode: string } }> {
  const res = await fetch(`${host.base}/v1/transactions/${id}`, { headers: { "X-Api-Key": keys.secret } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** What the payer's bank does, in the sandbox. */
async function payInSandbox(id: string): Promise<void> {
  const res = await fetch(`${host.base}/v1/sandbox/transactions/${id}/pay`, { method: "POST", headers: { "X-Api-Key": keys.secret } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Opens a shop page, counting main-frame navigations and collecting page errors. */
async function open(path: string, tx: { id: string; clientSecret: string }) {
  const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
  const errors: string[] = [];
  const navigations: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  const query = new URLSearchParams({ pk: keys.publishable, tx: tx.id, secret: tx.clientSecret });
  const response = await page.goto(`${shop.origin}${path}?${query}`);
  return { page, errors, navigations, response };
}

/** The QR as the buyer sees it: a labelled inline SVG, big enough, that a camera reads as `code`. */
async function expectScannableQr(page: Page, code: string, amount = "R$ 10,50"): Promise<void> {
  const qr = page.getByRole("img", { name: `QR code PIX para pagar ${amount}` });
  await qr.waitFor({ state: "visible", timeout: 15_000 });
  expect(await qr.evaluate((el) => el.localName)).toBe("svg");
  expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
  expect(await page.locator("img").count()).toBe(0); // no <img> anywhere, shadow roots included
  expect(decodePng(await page.locator("[part=qr]").screenshot())).toBe(code);
  expect(await page.getByLabel("Código PIX copia e cola").inputValue()).toBe(code);
}

type PayEvent = { type: string; detail: Record<string, unknown> };
const eventsOf = (page: Page) => page.evaluate(() => (window as unknown as { payEvents: PayEvent[] }).payEvents);

describe("PIX in <pay-checkout> against npm start, on a seller's page of another origin", { timeout: 90_000 }, () => {
  it("shows the QR as inline SVG, then shows paid without a reload once the bank pays, firing pay-success", async () => {
    const tx = await createPix();
    const { page, errors, navigations } = await open("/", tx);
    await expectScannableQr(page, tx.paymentDetails.qrCode);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Aguardando pagamento" }).count()).toBe(1);
    expect(await page.locator("[part=amount]").textContent()).toBe("R$\u00a010,50");
    expect(await page.locator("[part=merchant]").textContent()).toBe("Sandbox Shop");
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, "pix-checkout-pending.png"), fullPage: true });

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await payInSandbox(tx.id);
    await page.getByText("Pagamento recebido").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("status").first().textContent()).toContain("Sandbox Shop recebeu seu pagamento de R$\u00a010,50");
    expect(await page.getByRole("img", { name: /QR code PIX/ }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(navigations).toHaveLength(1); // the first load only

    const events = await eventsOf(page);
    const detail = (status: string) => ({ transactionId: tx.id, status });
    expect(events).toEqual([
      { type: "pay-ready", detail: detail("PENDING") },
      { type: "pay-status", detail: detail("PENDING") },
      { type: "pay-status", detail: detail("PAID") },
      { type: "pay-success", detail: detail("PAID") },
    ]);
    await page.screenshot({ path: join(RESULTS, "pix-checkout-paid.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("works under the strict CSP (no 'unsafe-inline') inside another component's shadow root", async () => {
    const tx = await createPix();
    const { page, errors, response } = await open("/strict", tx);
    expect(response!.headers()["content-security-policy"]).toBe(strictCsp(host.base));
    await expectScannableQr(page, tx.paymentDetails.qrCode);
    // The checkout really is in the seller's component's shadow root, not in the page's DOM.
    expect(await page.evaluate(() => [document.querySelector("pay-checkout"), document.querySelector("shop-cart")!.shadowRoot!.querySelector("pay-checkout") !== null])).toEqual([
      null,
      true,
    ]);
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, "pix-checkout-strict-csp.png"), fullPage: true });

    await payInSandbox(tx.id);
    await page.getByText("Pagamento recebido").waitFor({ timeout: 20_000 });
    const events = await eventsOf(page);
    expect(events.filter((e) => e.type === "pay-success")).toEqual([{ type: "pay-success", detail: { transactionId: tx.id, status: "PAID" } }]);

    // The policy was in force (the page's own inline script was refused) and the widget broke none of it.
    const report = await page.evaluate(() => ({ inlineRan: (window as unknown as { inlineRan?: boolean }).inlineRan ?? false, violations: (window as unknown as { cspViolations: string[] }).cspViolations }));
    expect(report).toEqual({ inlineRan: false, violations: ["script-src-elem inline"] });
    expect(errors.filter((e) => !e.includes("Executing inline script violates"))).toEqual([]);
    await page.close();
  });

  it("a PIX Automático subscription (journey 3): its first charge shows the composite QR that pays and authorizes; the payer's approval flips it to paid and the subscription to ACTIVE", async () => {
    const sub = await subscribePixAutomatico();
    const first = await readTransaction(sub.pixAutomatico.firstTransactionId);
    // The first charge's code is the composite BR Code: the cob with the recurrence's location.
    expect(first.paymentDetails.qrCode).toBe(sub.pixAutomatico.brCode);
    expect(sub.pixAutomatico.brCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);
    const { page, errors } = await open("/", first);
    await expectScannableQr(page, sub.pixAutomatico.brCode, "R$ 49,90");
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, "pix-checkout-automatico.png"), fullPage: true });

    // The payer scans it and approves in their bank's app (the sandbox plays the bank).
    const approve = await fetch(`${host.base}/v1/sandbox/pix-automatico/${sub.id}/approve`, { method: "POST", headers: { "X-Api-Key": keys.secret } });
    expect(approve.status, await approve.clone().text()).toBe(200);
    expect(await approve.json()).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
    await page.getByText("Pagamento recebido").waitFor({ timeout: 20_000 });
    const events = await eventsOf(page);
    expect(events.filter((e) => e.type === "pay-success")).toEqual([{ type: "pay-success", detail: { transactionId: first.id, status: "PAID" } }]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
