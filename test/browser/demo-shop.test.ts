/**
 * The demo shop end to end, as a buyer meets it: `npm start` on a fresh database (the API,
 * `/pay.js` and the demo shop on its own origin, as the banner names them), the shop's page in
 * Chromium, and only its real UI: the payment method, "Comprar", the card typed into the
 * gateway's frame, the bank's code typed inside the challenge frame. Each case checks what the
 * buyer sees (`#result`, the checkout's status, the shop's webhook list) and what the seller's
 * server reads (GET /v1/transactions/{id} with the secret key).
 *
 * Cards: docs/test-cards.json. Saves test-results/demo-*.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";

const RESULTS = join(__dirname, "../../test-results");

const CARDS = {
  frictionless: "4111111111111111",
  challenge: "4000000000003220",
  insufficientFunds: "4000000000009953",
};
/** Waits for what a buyer waits for (a payment, a webhook, a poll of the PIX status). */
const WAIT = { timeout: 30_000 };

let suite: BrowserSuite;
let host: GatewayHost;
let demo: string;
let browser: Browser;

beforeAll(async () => {
  suite = await startBrowserSuite("demo-shop", { demo: true });
  ({ host, browser } = suite);
  demo = host.demo!;
  mkdirSync(RESULTS, { recursive: true });
}, 180_000);

// The browser's contexts close with it, a failed test's included.
afterAll(() => suite?.stop(), 60_000);

interface Shop {
  page: Page;
  context: BrowserContext;
  /** Page errors and console errors (CSP violations are console errors). */
  errors: string[];
  /** Main-frame navigations (the first load only, for a page that never reloads). */
  navigations: string[];
}

/** Opens the shop in a fresh context, as a new buyer; waits for its products. */
async function openShop(): Promise<Shop> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "pt-BR" });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  const errors: string[] = [];
  const navigations: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(`${msg.location().url}: ${msg.text()}`));
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await page.goto(demo);
  await page.getByRole("button", { name: "Comprar" }).first().waitFor();
  return { page, context, errors, navigations };
}

/** Chooses the payment method and buys the coffee, as the buyer clicks; returns the transaction id the page got. */
async function buy(page: Page, method: "Cartão de crédito" | "PIX"): Promise<string> {
  await page.getByRole("radio", { name: method }).check();
  await page.getByRole("listitem").filter({ hasText: "Café especial" }).getByRole("button", { name: "Comprar" }).click();
  const checkout = page.locator("pay-checkout");
  await checkout.waitFor();
  const id = await checkout.getAttribute("transaction-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id!;
}

/** The card fields: inside the gateway's frame, in the page's language. */
const cardFrame = (page: Page): FrameLocator => page.locator("pay-checkout").locator('iframe[part="frame"]').contentFrame();

/** Types a card into the gateway's frame, key by key, and presses the pay button. */
async function payWithCard(page: Page, number: string): Promise<void> {
  const frame = cardFrame(page);
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
  await frame.getByLabel("Número do cartão").pressSequentially(number);
  await frame.getByLabel("Validade (MM/AA)").pressSequentially(`12${nextYear}`);
  await frame.getByLabel("Código de segurança (CVV)").pressSequentially("123");
  await frame.getByLabel("Nome impresso no cartão").pressSequentially("MARIA SILVA");
  // The form learns only brand and last 4 (from the frame), then the button wakes.
  await page.locator("pay-checkout").locator('[part="card"]').filter({ hasText: `final ${number.slice(-4)}` }).waitFor();
  await page.locator("pay-checkout").getByRole("button", { name: /^Pagar/ }).click();
}

/** A new buyer opens the shop, buys the coffee by card and pays with `number`; returns the page and the transaction id. */
async function buyWithCard(number: string): Promise<{ shop: Shop; page: Page; id: string }> {
  const shop = await openShop();
  const id = await buy(shop.page, "Cartão de crédito");
  await payWithCard(shop.page, number);
  return { shop, page: shop.page, id };
}

/** The bank's page in the challenge dialog (it speaks the checkout's language, pt-BR here). */
const bankFrame = (page: Page): FrameLocator => page.locator("pay-checkout").locator('iframe[part="challenge-frame"]').contentFrame();

/** The bank's challenge: the dialog, and the code typed inside its frame. */
async function answerChallenge(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
  await dialog.waitFor({ state: "visible" });
  const bank = bankFrame(page);
  await bank.getByLabel("Código de verificação").fill(code);
  await bank.getByRole("button", { name: "Confirmar" }).click();
  await dialog.waitFor({ state: "detached" });
}

/** The part of `<pay-checkout>` that has focus (looking into its shadow root). */
const checkoutFocus = (page: Page) => page.evaluate(() => document.querySelector("pay-checkout")!.shadowRoot!.activeElement?.getAttribute("part") ?? null);

/** The transaction as the seller's server reads it (secret key). */
async function serverView(id: string): Promise<{ status: string; paymentMethod: string; card: { last4digits: string } | null; failureCode: string | null }> {
  const res = await fetch(`${host.base}/v1/transactions/${id}`, { headers: { "X-Api-Key": host.keys.secret } });
  expect(res.status).toBe(200);
  return res.json();
}

/** The shop's verified webhooks (its backend's list, which the page shows). */
async function shopEvents(): Promise<{ type: string; transactionId: string | null; status: string | null }[]> {
  const res = await fetch(`${demo}api/events`);
  return ((await res.json()) as { items: { type: string; transactionId: string | null; status: string | null }[] }).items;
}

/** Waits until the shop's backend verified this transaction's TRANSACTION_PAID and the page lists as many as the backend has. */
async function expectPaidWebhookShown(page: Page, id: string): Promise<void> {
  await expect.poll(async () => (await shopEvents()).some((e) => e.type === "TRANSACTION_PAID" && e.transactionId === id), WAIT).toBe(true);
  const paid = (await shopEvents()).filter((e) => e.type === "TRANSACTION_PAID").length;
  await expect.poll(() => page.locator("#events li").filter({ hasText: "TRANSACTION_PAID → PAID" }).count(), WAIT).toBeGreaterThanOrEqual(paid);
}

/** The checkout's live status line (what a screen reader announces). */
const checkoutStatus = (page: Page) => page.locator("pay-checkout").locator('[part="status"]');

/** Paid, as the buyer sees it (the shop's line, the checkout's status), as the seller's server reads it, and in the shop's webhook list. */
async function expectPaid(page: Page, id: string, server: Record<string, unknown>): Promise<void> {
  await page.locator("#result").filter({ hasText: `Pedido pago! (${id})` }).waitFor();
  expect(await checkoutStatus(page).textContent()).toContain("Pagamento recebido");
  expect(await serverView(id)).toMatchObject({ status: "PAID", ...server });
  await expectPaidWebhookShown(page, id);
}

/** Not paid: the shop's line says so, the checkout says why (in pt-BR), the server has it FAILED with `failureCode`. */
async function expectNotPaid(page: Page, id: string, reason: string, failureCode: string): Promise<void> {
  await page.locator("#result").filter({ hasText: "Pagamento não concluído" }).waitFor();
  expect(await page.locator("#result").textContent()).not.toContain("Pedido pago");
  const status = await checkoutStatus(page).textContent();
  expect(status).toContain("Pagamento não aprovado");
  expect(status).toContain(reason);
  expect(await serverView(id)).toMatchObject({ status: "FAILED", failureCode });
}

/** Saves the screenshot, checks nothing went wrong on the page (no script error, no CSP violation, no reload), and closes it. */
async function finish(shop: Shop, screenshot: string): Promise<void> {
  await shop.page.screenshot({ path: join(RESULTS, screenshot), fullPage: true });
  expect(shop.errors).toEqual([]);
  expect(shop.navigations).toEqual([demo]);
  await shop.context.close();
}

describe("the demo shop, bought through its page like a buyer, against npm start", { timeout: 120_000 }, () => {
  it("card, frictionless (4111…): typed into the gateway's frame → paid, and the TRANSACTION_PAID webhook is listed", async () => {
    const { shop, page, id } = await buyWithCard(CARDS.frictionless);
    await expectPaid(page, id, { paymentMethod: "CREDIT_CARD", card: { last4digits: "1111" } });
    await finish(shop, "demo-card-frictionless.png");
  });

  it("card with a challenge (4000…3220): the code typed inside the bank's frame → paid", async () => {
    const { shop, page, id } = await buyWithCard(CARDS.challenge);
    await page.getByRole("dialog", { name: "Confirme que é você" }).waitFor({ state: "visible" });
    const bank = bankFrame(page);
    await bank.getByLabel("Código de verificação").waitFor();
    // The bank's page in the checkout's pt-BR, the amount as the checkout writes it; focus on its code field.
    expect((await bank.locator("p").first().textContent())!.replace(/\s/g, " ")).toBe("Confirme o pagamento de R$ 39,90 com seu cartão VISA.");
    await expect.poll(() => bank.locator("#code").evaluate((el) => document.hasFocus() && document.activeElement === el)).toBe(true);
    await page.screenshot({ path: join(RESULTS, "demo-card-challenge.png"), fullPage: true });
    await answerChallenge(page, "123456");
    await expectPaid(page, id, { paymentMethod: "CREDIT_CARD", card: { last4digits: "3220" } });
    // The form and its button are gone: focus is on the result, the checkout's status line.
    expect(await checkoutFocus(page)).toBe("status");
    await finish(shop, "demo-card-challenge-paid.png");
  });

  it("a failed challenge (a wrong code): not paid, and the page says why", async () => {
    const { shop, page, id } = await buyWithCard(CARDS.challenge);
    await answerChallenge(page, "000000");
    await expectNotPaid(page, id, "O banco do cartão não confirmou que é você", "authentication_failed");
    expect(await checkoutFocus(page)).toBe("status");
    await finish(shop, "demo-card-challenge-failed.png");
  });

  it("a decline (4000…9953, insufficient funds, after frictionless 3DS): not paid, the reason shown", async () => {
    const { shop, page, id } = await buyWithCard(CARDS.insufficientFunds);
    await expectNotPaid(page, id, "O cartão não tem saldo suficiente", "insufficient_funds");
    expect(await serverView(id)).toMatchObject({ card: { last4digits: "9953" } });
    await finish(shop, "demo-card-declined.png");
  });

  it("PIX: the QR as inline SVG; the bank pays (sandbox) → the page shows paid without a reload", async () => {
    const shop = await openShop();
    const { page } = shop;
    const id = await buy(page, "PIX");

    const qr = page.getByRole("img", { name: /^QR code PIX para pagar R\$\s39,90$/ });
    await qr.waitFor({ state: "visible" });
    expect(await qr.evaluate((el) => el.localName)).toBe("svg");
    expect((await qr.boundingBox())!.width).toBeGreaterThan(150);
    expect(await page.locator("pay-checkout").getByLabel("Código PIX copia e cola").inputValue()).toMatch(/^000201/);
    expect(await checkoutStatus(page).textContent()).toContain("Aguardando pagamento");
    await page.screenshot({ path: join(RESULTS, "demo-pix-pending.png"), fullPage: true });

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const paid = await fetch(`${host.base}/v1/sandbox/transactions/${id}/pay`, { method: "POST", headers: { "X-Api-Key": host.keys.secret } });
    expect(paid.status, await paid.clone().text()).toBe(200);

    await expectPaid(page, id, { paymentMethod: "PIX", card: null });
    expect(await qr.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await finish(shop, "demo-pix-paid.png");
  });
});
