/**
 * The payment link's page, `{base}/pay/{id}`, as a buyer meets it: `npm start` (the real Node
 * host) serves the page and `/pay.js`; the seller created the link with its secret key; a buyer on
 * a 375 px phone opens the link, fills the form (found by its autocomplete tokens and labels) and
 * pays by PIX or by card (frictionless and with the bank's challenge), and is sent to the link's
 * successUrl with the transaction and link ids in the query. The page runs under its own strict
 * CSP with no violation, loads the link mode as its own chunk, fits 375 px with no horizontal
 * scroll, and axe-core finds no WCAG 2.1 AA violation. At 375 and 1280 px (issue 31): who sells
 * (legal name, CNPJ) and a test link's notice on screen and the preview tags in the served HTML; a
 * CPF with wrong check digits stopped before any request and a server field error in pt-BR; the
 * installments adding up with the total beside them; a declined card on a card-only link keeping
 * the card form, one width with the page's buttons. Screenshots in test-results/link-*.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");
const WAIT = { timeout: 30_000 };
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

let suite: BrowserSuite;
let host: GatewayHost;
let store: TestServer;
let browser: Browser;

beforeAll(async () => {
  suite = await startBrowserSuite("link-page");
  ({ host, browser } = suite);
  // The seller's store: where the link sends buyers back.
  store = await startServer({ "/obrigado": { body: "<!doctype html><title>Obrigado</title><h1>Obrigado!</h1>" }, "/carrinho": { body: "<!doctype html><title>Carrinho</title>" } });
  mkdirSync(RESULTS, { recursive: true });
}, 180_000);

afterAll(() => suite?.stop(store), 60_000);

/** What the seller's server does: creates a link with the secret key. */
async function createLink(overrides: Record<string, unknown> = {}): Promise<{ id: string; publicUrl: string }> {
  const res = await fetch(`${host.base}/v1/payment-links`, {
    method: "POST",
    headers: { "X-Api-Key": host.keys.secret, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Camiseta Azul",
      description: "Camiseta 100% algodão",
      amountInCents: 4990,
      paymentMethods: ["PIX", "CARD"],
      maxInstallments: 3,
      successUrl: `${store.origin}/obrigado`,
      cancelUrl: `${store.origin}/carrinho`,
      ...overrides,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

interface Buyer {
  page: Page;
  context: BrowserContext;
  errors: string[];
  violations: () => Promise<string[]>;
  scripts: string[];
}

/** A buyer's phone opening the link's page, recording errors, CSP violations and the scripts it loads. */
async function openLink(url: string, locale = "pt-BR", viewport = PHONE): Promise<Buyer> {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, locale, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT.timeout);
  const errors: string[] = [];
  const scripts: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("request", (req) => req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname));
  // Init scripts run whatever the page's CSP says: they only listen.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto(url);
  expect(res?.status()).toBe(200);
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  return { page, context, errors, violations, scripts };
}

/** Fills the buyer's form and chooses the method, as a buyer does. */
async function fillForm(page: Page, method: "PIX" | "Cartão de crédito"): Promise<void> {
  const form = page.locator("pay-checkout");
  await form.getByLabel("Nome completo").fill("João Comprador");
  await form.getByLabel("E-mail").fill("joao@example.com");
  await form.getByLabel("Telefone (opcional)").fill("11987654321");
  await form.getByRole("radio", { name: method }).check();
  await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
}

/** What the payer's bank does, in the sandbox. */
async function payInSandbox(id: string): Promise<void> {
  const res = await fetch(`${host.base}/v1/sandbox/transactions/${id}/pay`, { method: "POST", headers: { "X-Api-Key": host.keys.secret } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The link's charges, as its seller reads them. */
async function chargesOf(linkId: string): Promise<Array<{ id: string; status: string; paymentMethod: string; paymentLinkId: string; createdAt: string; paymentDetails: { expiresAt: string } | null }>> {
  const res = await fetch(`${host.base}/v1/transactions?paymentLinkId=${linkId}`, { headers: { "X-Api-Key": host.keys.secret } });
  return (await res.json()).items;
}

/** The card, typed into the gateway's frame. */
async function payWithCard(page: Page, number: string): Promise<void> {
  const frame = page.locator("pay-checkout").locator('iframe[part="frame"]').contentFrame();
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, "0");
  await frame.getByLabel("Número do cartão").pressSequentially(number);
  await frame.getByLabel("Validade (MM/AA)").pressSequentially(`12${nextYear}`);
  await frame.getByLabel("Código de segurança (CVV)").pressSequentially("123");
  await frame.getByLabel("Nome impresso no cartão").pressSequentially("JOAO COMPRADOR");
  await page.locator("pay-checkout").locator('[part="card"]').filter({ hasText: `final ${number.slice(-4)}` }).waitFor();
  await page.locator("pay-checkout").getByRole("button", { name: /^Pagar/ }).click();
}

/** The redirect to the store, with the ids in the query. */
async function expectBackAtStore(page: Page, linkId: string): Promise<URL> {
  await page.waitForURL((url) => url.origin === store.origin && url.pathname === "/obrigado", WAIT);
  const url = new URL(page.url());
  expect(url.searchParams.get("paymentLinkId")).toBe(linkId);
  expect(url.searchParams.get("transactionId")).toMatch(/^[0-9a-f-]{36}$/);
  return url;
}

describe("the payment link's page on a 375 px phone, against npm start", { timeout: 90_000 }, () => {
  it("PIX: the form, the QR, the bank pays, and the buyer is back at the store's successUrl", async () => {
    const link = await createLink();
    expect(link.publicUrl).toBe(`${host.base}/pay/${link.id}`);
    const buyer = await openLink(link.publicUrl);
    const { page } = buyer;
    const { headers } = await fetch(link.publicUrl);
    expect(headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(headers.get("content-security-policy")).not.toContain("unsafe-inline");
    await page.locator("pay-checkout").getByRole("heading", { name: "Camiseta Azul" }).waitFor();
    expect(await page.locator("pay-checkout").getByText("R$ 49,90").count()).toBeGreaterThan(0);
    // The heading can paint a frame before the buyer's fields (the methods arrive with the
    // session): wait for the form, then count its fields.
    await page.locator("pay-checkout").locator('input[autocomplete="name"]').waitFor();
    expect(await page.locator("pay-checkout").locator('input[autocomplete="name"]').count()).toBe(1);
    expect(await page.locator("pay-checkout").locator('input[autocomplete="email"]').count()).toBe(1);
    expect(await page.locator("pay-checkout").locator('input[autocomplete="tel"]').count()).toBe(1);
    expect(await page.locator("pay-checkout").locator('input[name="document"]').count()).toBe(1);
    expect(buyer.scripts).toEqual(expect.arrayContaining(["/pay.js", "/pay-link.js"]));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(RESULTS, "link-form.png"), fullPage: true });

    await fillForm(page, "PIX");
    const qr = page.locator("pay-checkout").getByRole("img", { name: /^QR code PIX para pagar R\$\s49,90$/ });
    await qr.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: join(RESULTS, "link-pix.png"), fullPage: true });
    const [charge] = await chargesOf(link.id);
    expect(charge).toMatchObject({ status: "PENDING", paymentMethod: "PIX", paymentLinkId: link.id });
    // The page showing the QR has read the charge: it holds its use 30 minutes, not the 5 of a
    // charge no one looked at (docs/payment-links.md, "Held uses").
    expect(Date.parse(charge!.paymentDetails!.expiresAt) - Date.parse(charge!.createdAt)).toBe(30 * 60_000);
    await page.locator("pay-checkout").getByText(/29:\d\d|30:00/).first().waitFor();

    await payInSandbox(charge!.id);
    const url = await expectBackAtStore(page, link.id);
    expect(url.searchParams.get("transactionId")).toBe(charge!.id);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("card, frictionless (4111…): the card frame, 3DS, paid, back at the store", async () => {
    const link = await createLink();
    const buyer = await openLink(link.publicUrl);
    await fillForm(buyer.page, "Cartão de crédito");
    await payWithCard(buyer.page, "4111111111111111");
    await expectBackAtStore(buyer.page, link.id);
    expect((await chargesOf(link.id)).map((c) => c.status)).toEqual(["PAID"]);
    expect(buyer.errors.filter((e) => !e.startsWith("Blocked autofocusing"))).toEqual([]);
    await buyer.context.close();
  });

  it("card with the bank's challenge (4000…3220): the code typed in the bank's frame, paid, back at the store", async () => {
    const link = await createLink();
    const buyer = await openLink(link.publicUrl);
    const { page } = buyer;
    await fillForm(page, "Cartão de crédito");
    await payWithCard(page, "4000000000003220");
    const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
    await dialog.waitFor({ state: "visible" });
    await page.screenshot({ path: join(RESULTS, "link-card-challenge.png"), fullPage: true });
    const bank = page.locator("pay-checkout").locator('iframe[part="challenge-frame"]').contentFrame();
    // The bank's page speaks the checkout's language (pt-BR).
    await bank.getByLabel("Código de verificação").fill("123456");
    await bank.getByRole("button", { name: "Confirmar" }).click();
    await expectBackAtStore(page, link.id);
    expect((await chargesOf(link.id)).map((c) => c.status)).toEqual(["PAID"]);
    await buyer.context.close();
  });

  it("no CSP violation on the page, and axe-core finds no WCAG 2.1 AA violation in the form or the PIX view", async () => {
    const link = await createLink({ requireCustomerDocument: true });
    const buyer = await openLink(link.publicUrl);
    const { page } = buyer;
    await page.locator("pay-checkout").getByLabel("CPF ou CNPJ", { exact: true }).waitFor();
    expect(await buyer.violations()).toEqual([]);
    // The page's CSP refuses the checker's script: a context that bypasses it runs the audit.
    const audit = await browser.newContext({ viewport: PHONE, locale: "pt-BR", bypassCSP: true });
    try {
      const auditPage = await audit.newPage();
      await auditPage.goto(link.publicUrl);
      await auditPage.locator("pay-checkout").getByLabel("Nome completo").waitFor();
      const run = async () => {
        await auditPage.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
        return auditPage.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
          const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
          return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
        });
      };
      expect(await run()).toEqual([]);
      // The errors on screen: a submit with nothing filled in.
      await auditPage.locator("pay-checkout").getByRole("button", { name: "Continuar para o pagamento" }).click();
      await auditPage.locator("pay-checkout").getByText("Confira os campos indicados abaixo.").waitFor();
      expect(await auditPage.locator("pay-checkout").getByLabel("CPF ou CNPJ", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await run()).toEqual([]);
    } finally {
      await audit.close();
    }
    await page.locator("pay-checkout").getByLabel("CPF ou CNPJ", { exact: true }).fill("52998224725");
    await fillForm(page, "PIX");
    await page.locator("pay-checkout").getByRole("img", { name: /^QR code PIX/ }).waitFor();
    expect(await buyer.violations()).toEqual([]);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("in English when the browser asks for it; a sold-out link shows why instead of a form", async () => {
    const link = await createLink({ maxUses: 1 });
    const first = await openLink(link.publicUrl, "en-US");
    const form = first.page.locator("pay-checkout");
    await form.getByLabel("Full name").fill("Jane Buyer");
    await form.getByLabel("E-mail").fill("jane@example.com");
    await form.getByRole("radio", { name: "PIX" }).check();
    await form.getByRole("button", { name: "Continue to payment" }).click();
    await form.getByRole("img", { name: /^PIX QR code to pay/ }).waitFor();
    const second = await openLink(link.publicUrl, "en-US");
    await second.page.locator("pay-checkout").getByRole("alert").filter({ hasText: "sold out" }).waitFor();
    expect(await second.page.locator("pay-checkout").getByRole("button", { name: "Continue to payment" }).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });
});

/** Intl writes money with a no-break space: as a space, to compare with what a buyer reads. */
const spaced = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

/** The page scrolls no wider than the window. */
async function fitsWidth(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.each([
  ["375", PHONE],
  ["1280", DESKTOP],
])("the buyer's page at %s px (issue 31)", { timeout: 90_000 }, (width, viewport) => {
  it("who sells: legal name and CNPJ on screen, the test link's notice, and the preview tags in the HTML the server sends", async () => {
    const link = await createLink();
    const html = spaced(await (await fetch(link.publicUrl)).text());
    expect(html).toContain('<meta property="og:title" content="Camiseta Azul">');
    expect(html).toContain('<meta property="og:description" content="R$ 49,90 · Pagamento para Sandbox Shop · Camiseta 100% algodão · Link de teste: nenhum valor é cobrado">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    const buyer = await openLink(link.publicUrl, "pt-BR", viewport);
    const el = buyer.page.locator("pay-checkout");
    const seller = el.locator('[part="seller"]');
    await seller.waitFor({ state: "visible" });
    expect(spaced(await seller.textContent())).toBe("Vendido por Sandbox Seller Ltda · CNPJ 11.222.333/0001-81");
    const notice = el.locator('[part="test-notice"]');
    expect(await notice.isVisible()).toBe(true);
    expect(spaced(await notice.textContent())).toMatch(/^Modo de teste: .*Nada é cobrado/);
    await fitsWidth(buyer.page, viewport.width);
    await buyer.page.screenshot({ path: join(RESULTS, `link-${width}.png`), fullPage: true });
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });

  it("a CPF with wrong check digits is stopped before any request; a field the server refuses is told in pt-BR by its code", async () => {
    const link = await createLink({ requireCustomerDocument: true });
    const buyer = await openLink(link.publicUrl, "pt-BR", viewport);
    const { page } = buyer;
    const pays: string[] = [];
    page.on("request", (req) => req.method() === "POST" && req.url().endsWith("/pay") && pays.push(req.url()));
    const el = page.locator("pay-checkout");
    const cpf = el.getByLabel("CPF ou CNPJ", { exact: true });
    await cpf.fill("529.982.247-24");
    await fillForm(page, "PIX");
    await el.getByText("Este CPF ou CNPJ não é válido: confira os dígitos.").waitFor();
    expect(await cpf.getAttribute("aria-invalid")).toBe("true");
    expect(pays).toEqual([]);
    await fitsWidth(page, viewport.width);
    await page.screenshot({ path: join(RESULTS, `link-${width}-errors.png`), fullPage: true });

    // The browser does not count a name's characters; the API does (at most 200): its code, in Portuguese.
    await cpf.fill("529.982.247-25");
    await el.getByLabel("Nome completo").fill("João ".repeat(41));
    await el.getByRole("button", { name: "Continuar para o pagamento" }).click();
    await el.getByText("Informe seu nome completo, com até 200 caracteres e sem quebras de linha.").waitFor();
    expect(pays).toHaveLength(1);
    expect(await el.getByLabel("Nome completo").getAttribute("aria-invalid")).toBe("true");
    expect(await el.getByText(/at most 200 characters/).count()).toBe(0);
    expect(buyer.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await buyer.context.close();
  });

  it("a card-only link: installments that add up with the total beside them; a decline keeps the card form, one width with the buttons", async () => {
    const link = await createLink({ paymentMethods: ["CARD"], maxInstallments: 3 });
    const buyer = await openLink(link.publicUrl, "pt-BR", viewport);
    const { page } = buyer;
    const el = page.locator("pay-checkout");
    await fillForm(page, "Cartão de crédito");
    await el.locator('[part="installments"] option').nth(2).waitFor({ state: "attached" });
    const options = (await el.locator('[part="installments"] option').allTextContents()).map(spaced);
    // R$ 49,90 in 3: 16,64 + 16,63 + 16,63 (the remainder in the first), never 3 × 16,63 = 49,89.
    expect(options).toEqual(["À vista: R$ 49,90", "2 × R$ 24,95 sem juros (total R$ 49,90)", "3 × R$ 16,63 sem juros (1ª R$ 16,64, total R$ 49,90)"]);

    await payWithCard(page, "4000000000009953");
    await el.getByRole("alert").filter({ hasText: "O cartão não tem saldo suficiente" }).waitFor();
    // The next charge's card form, not a choice of method the link does not offer.
    const frame = el.locator('iframe[part="frame"]').contentFrame();
    await frame.getByLabel("Número do cartão").waitFor();
    expect(await el.getByRole("button", { name: "Escolher outra forma de pagamento" }).count()).toBe(0);
    const back = el.getByRole("button", { name: "Alterar seus dados" });
    const pay = el.locator('[part="button"]');
    await pay.waitFor();
    const [payBox, backBox] = [await pay.boundingBox(), await back.boundingBox()];
    expect(Math.abs(payBox!.x - backBox!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(payBox!.width - backBox!.width)).toBeLessThanOrEqual(1);
    await fitsWidth(page, viewport.width);
    await page.screenshot({ path: join(RESULTS, `link-${width}-declined.png`), fullPage: true });

    await payWithCard(page, "4111111111111111");
    await expectBackAtStore(page, link.id);
    expect((await chargesOf(link.id)).map((c) => c.status).sort()).toEqual(["FAILED", "PAID"]);
    await buyer.context.close();
  });
});
