/**
 * Card entry isolated from the seller's page (docs/widget.md, "Card entry"), in Chromium, against
 * `npm start` as a user runs it. The seller's shop is one origin (127.0.0.1, a strict CSP) and
 * reaches the gateway as `localhost`, another site, so the card frame runs out of process as it
 * would for a buyer; an attacker's frames come from a third origin.
 *
 * - the frame formats and checks as the buyer types (Visa, Amex, a bad Luhn, an expired date, a
 *   short CVV), in English and in Portuguese, keyboard only, with autofill's names;
 * - the host page cannot find the card number anywhere it can look, while the frame's own setup
 *   call succeeded (and the payment goes through with that card);
 * - messages from a wrong origin or window are ignored by the form and by the frame.
 * Saves test-results/card-frame.png (filled in) and card-frame-errors.png (errors, pt-BR).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Frame, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_FRAME_CSP } from "../../widget/serving";
import { authenticateBody } from "../support/cards";
import { pixBody } from "../support/fixtures";
import { evilRoutes, shopRoutes } from "./card-pages";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");

let suite: BrowserSuite;
/** `api`: where Node calls the API (127.0.0.1); `gateway`: the same host as pages reach it (localhost: another site). */
let host: { api: string; gateway: string };
let keys: GatewayHost["keys"];
let shop: TestServer;
let evil: TestServer;
let browser: Browser;

beforeAll(async () => {
  suite = await startBrowserSuite("card-frame");
  browser = suite.browser;
  // Node calls the API on 127.0.0.1; pages reach the same host as localhost: another site.
  host = { api: suite.host.base, gateway: `http://localhost:${suite.host.port}` };
  keys = suite.host.keys;
  evil = await startServer(evilRoutes());
  shop = await startServer(shopRoutes(() => ({ gateway: host.gateway, publishableKey: keys.publishable, evil: evil.origin })));
}, 180_000);

afterAll(() => suite?.stop(shop, evil), 60_000);

/** Calls the API from the seller's server (secret key) or as a browser (publishable key). */
async function api<T = Record<string, unknown>>(path: string, body: unknown, key = keys.secret): Promise<T> {
  const res = await fetch(`${host.api}${path}`, { method: "POST", headers: { "X-Api-Key": key, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

/** A card transaction the seller's server created without a card: PENDING, with its pendingAction. */
async function pendingCard(): Promise<{ id: string; secret: string }> {
  const tx = await api<{ id: string; status: string; pendingAction: { clientSecret: string } }>("/v1/transactions", { ...pixBody({ amount: 4200 }), paymentMethod: "CREDIT_CARD" });
  expect(tx.status).toBe("PENDING");
  return { id: tx.id, secret: tx.pendingAction.clientSecret };
}

/** Page errors and console errors, the card frame's included (a CSP violation is one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(`${msg.location().url}: ${msg.text()}`));
  return errors;
}

/** Opens the shop's form page and waits until the card frame is shown; returns the form and the frame. */
async function openForm(page: Page, query: Record<string, string>): Promise<{ form: Locator; frame: Frame }> {
  await page.goto(`${shop.origin}/form?${new URLSearchParams(query)}`);
  const form = page.locator("pay-card-form");
  await expect.poll(() => form.evaluate((el) => el.shadowRoot?.querySelector("iframe")?.classList.contains("ready") ?? false), { timeout: 15_000 }).toBe(true);
  return { form, frame: await frameOf(form.locator("iframe")) };
}

async function frameOf(iframe: Locator): Promise<Frame> {
  const frame = await (await iframe.elementHandle())!.contentFrame();
  expect(frame?.url()).toBe(`${host.gateway}/elements/card-frame`);
  return frame!;
}

/** A field as the buyer and assistive technology meet it: its value, aria-invalid, and the texts it is described by. */
const fieldState = (input: Locator) =>
  input.evaluate((el: HTMLInputElement) => ({
    value: el.value,
    invalid: el.getAttribute("aria-invalid"),
    described: (el.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .filter(Boolean),
  }));

/** Types into a field from scratch, key by key. */
async function retype(input: Locator, text: string): Promise<void> {
  await input.fill("");
  await input.pressSequentially(text);
}

/** The card number as a pattern: its digits with anything (spaces, dashes, markup) between them. */
const panPattern = (pan: string) => pan.split("").join("\\D{0,12}");

/** What `<pay-card-form>` fired, recorded by the page's events.js. */
const cardEvents = (page: Page) => page.evaluate(() => (window as unknown as { cardEvents: { type: string; detail: Record<string, unknown> }[] }).cardEvents);

describe("card entry in the gateway's frame, on a seller's page of another site", { timeout: 90_000 }, () => {
  it("serves the frame with its own strict CSP, framable by any site, with no inline script or style", async () => {
    const res = await fetch(`${host.api}/elements/card-frame`);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-security-policy", "x-content-type-options", "referrer-policy", "access-control-allow-origin"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CARD_FRAME_CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "access-control-allow-origin": null,
    });
    expect(CARD_FRAME_CSP).toContain("frame-ancestors *");
    expect(CARD_FRAME_CSP).not.toContain("unsafe");
    const html = await res.text();
    expect(html).toContain('<script type="module" src="card-frame.js"></script>');
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=|\son[a-z]+=/i);
    const files: [string, string][] = [
      ["/elements/card-frame.js", "text/javascript; charset=utf-8"],
      ["/elements/card-frame.js.map", "application/json; charset=utf-8"],
      ["/elements/card-frame.css", "text/css; charset=utf-8"],
    ];
    for (const [path, type] of files) {
      const file = await fetch(`${host.api}${path}`);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("content-type"), path).toBe(type);
      expect(file.headers.get("x-content-type-options"), path).toBe("nosniff");
      const body = await file.text();
      // The frame posts to its parent's origin only, never to "*".
      if (path.endsWith(".js")) expect(body).not.toMatch(/postMessage\([^()]*[`"']\*[`"']\)/);
    }
  });

  it("formats and checks as the buyer types, at the field, in English and Portuguese; keyboard only; autofill's names", async () => {
    const tx = await pendingCard();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const { form, frame } = await openForm(page, { locale: "en", tx: tx.id, secret: tx.secret });
    const number = frame.getByLabel("Card number");
    const expiry = frame.getByLabel("Expiry date (MM/YY)");
    const cvv = frame.getByLabel("Security code (CVV)");
    const name = frame.getByLabel("Name on card");

    // Autofill's names and the numeric keyboard.
    const attrs = (input: Locator) => input.evaluate((el) => [el.getAttribute("autocomplete"), el.getAttribute("inputmode")]);
    expect(await Promise.all([number, expiry, cvv, name].map(attrs))).toEqual([
      ["cc-number", "numeric"],
      ["cc-exp", "numeric"],
      ["cc-csc", "numeric"],
      ["cc-name", null],
    ]);

    // Grouped by brand as it is typed; the brand is shown and describes the field.
    await number.pressSequentially("4111111111111111");
    expect(await fieldState(number)).toEqual({ value: "4111 1111 1111 1111", invalid: "false", described: ["Visa"] });
    await retype(number, "378282246310005");
    expect(await fieldState(number)).toEqual({ value: "3782 822463 10005", invalid: "false", described: ["Amex"] });
    // A wrong digit shows as soon as the number is full.
    await retype(number, "4111111111111112");
    expect(await fieldState(number)).toEqual({ value: "4111 1111 1111 1112", invalid: "true", described: ["Visa", "This card number is not valid."] });
    await expiry.pressSequentially("0120");
    expect(await fieldState(expiry)).toEqual({ value: "01/20", invalid: "true", described: ["This card has expired."] });
    await retype(number, "4111111111111111");
    expect(await fieldState(number)).toEqual({ value: "4111 1111 1111 1111", invalid: "false", described: ["Visa"] });
    // A short CVV: nothing while typing, the error on leaving the field (Tab goes on to the name).
    await cvv.pressSequentially("12");
    expect(await fieldState(cvv)).toEqual({ value: "12", invalid: "false", described: [] });
    await cvv.press("Tab");
    expect(await fieldState(cvv)).toEqual({ value: "12", invalid: "true", described: ["The security code has 3 digits."] });
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe("holderName");
    // Tabbing through an untouched field raises nothing.
    expect(await fieldState(name)).toEqual({ value: "", invalid: "false", described: [] });
    // The host knows the brand, never the last 4 of an invalid card.
    const lastChange = async () => (await cardEvents(page)).filter((e) => e.type === "pay-card-change").at(-1)?.detail;
    expect(await lastChange()).toEqual({ brand: "VISA", last4: "1111", complete: false, valid: false });

    // Portuguese: the host passes its locale; words and errors change at once.
    await form.evaluate((el) => el.setAttribute("locale", "pt-BR"));
    await expect.poll(() => frame.locator('label[for="number"]').textContent()).toBe("Número do cartão");
    expect(await frame.evaluate(() => [document.documentElement.lang, document.title])).toEqual(["pt-BR", "Dados do cartão"]);
    expect(await fieldState(frame.getByLabel("Validade (MM/AA)"))).toEqual({ value: "01/20", invalid: "true", described: ["Este cartão está vencido."] });
    expect(await fieldState(frame.getByLabel("Código de segurança (CVV)"))).toEqual({ value: "12", invalid: "true", described: ["O código de segurança tem 3 dígitos."] });
    const numero = frame.getByLabel("Número do cartão");
    await retype(numero, "4111111111111112");
    expect(await fieldState(numero)).toEqual({ value: "4111 1111 1111 1112", invalid: "true", described: ["Visa", "Este número de cartão não é válido."] });
    await retype(numero, "37828224631000");
    await numero.press("Tab");
    expect(await fieldState(numero)).toEqual({ value: "3782 822463 1000", invalid: "true", described: ["Amex", "Está incompleto."] });
    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, "card-frame-errors.png"), fullPage: true });

    // Put right from the keyboard: errors go, the host learns brand and last 4, the button wakes.
    const button = form.locator('[part="button"]');
    expect(await button.isDisabled()).toBe(true);
    await retype(numero, "4111111111111111");
    await numero.press("Tab");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("1230");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("123");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Maria Silva");
    for (const id of ["number", "expiry", "cvv", "holderName"]) {
      expect((await fieldState(frame.locator(`#${id}`))).invalid, id).toBe("false");
    }
    await expect.poll(lastChange).toEqual({ brand: "VISA", last4: "1111", complete: true, valid: true });
    expect(await form.locator('[part="card"]').textContent()).toBe("Visa final 1111");
    expect(await button.isDisabled()).toBe(false);
    // Visible focus inside the frame.
    expect(await frame.evaluate(() => [document.activeElement?.id, getComputedStyle(document.activeElement!).outlineStyle, getComputedStyle(document.activeElement!).outlineWidth])).toEqual(["holderName", "solid", "3px"]);

    // Tab leaves the frame for the installments, then the button; Enter asks to pay.
    const options = await form.locator("option").allTextContents();
    expect(options.map((o) => o.replace(/\s/g, " "))).toEqual(["À vista: R$ 42,00", "2 × R$ 21,00 sem juros (total R$ 42,00)", "3 × R$ 14,00 sem juros (total R$ 42,00)"]);
    await page.keyboard.press("Tab");
    const focusedInForm = () => form.evaluate((el) => el.shadowRoot!.activeElement?.getAttribute("part"));
    expect(await focusedInForm()).toBe("installments");
    await form.locator("select").selectOption("3");
    await page.keyboard.press("Tab");
    expect(await focusedInForm()).toBe("button");
    await page.keyboard.press("Enter");
    expect((await cardEvents(page)).filter((e) => e.type === "pay-card-submit")).toEqual([{ type: "pay-card-submit", detail: { installments: 3 } }]);

    await page.screenshot({ path: join(RESULTS, "card-frame.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("axe-core finds no accessibility violation in the frame or the form, empty or showing errors", async () => {
    const tx = await pendingCard();
    // The frame's and the shop's CSPs would refuse the checker's script: only this context bypasses them.
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      const { frame } = await openForm(page, { locale: "pt-BR", tx: tx.id, secret: tx.secret });
      const axePath = require.resolve("axe-core/axe.min.js");
      const audit = async (target: Page | Frame) => {
        await target.addScriptTag({ path: axePath });
        return target.evaluate(async () => {
          const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe.run(document, {
            runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          });
          return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
        });
      };
      expect(await audit(frame)).toEqual([]);
      await frame.getByLabel("Número do cartão").pressSequentially("4111111111111112");
      await frame.getByLabel("Validade (MM/AA)").pressSequentially("0120");
      await frame.getByLabel("Nome impresso no cartão").focus();
      // The errors are on screen: the audit covers the invalid state too.
      expect(await frame.getByLabel("Número do cartão").getAttribute("aria-invalid")).toBe("true");
      expect(await audit(frame)).toEqual([]);
      expect(await audit(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the host page cannot read the card number; the frame's own setup call succeeds and the payment goes through", async () => {
    const PAN = "5555555555554444";
    const tx = await pendingCard();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const { form, frame } = await openForm(page, { locale: "en", tx: tx.id, secret: tx.secret });
    const setupCalls: string[] = [];
    page.on("request", (req) => req.url().endsWith("/threeds/setup") && setupCalls.push(`${req.frame().url()} → ${req.method()} ${req.url()}`));

    await frame.getByLabel("Card number").pressSequentially(PAN);
    await frame.getByLabel("Expiry date (MM/YY)").pressSequentially("1230");
    await frame.getByLabel("Security code (CVV)").pressSequentially("123");
    await frame.getByLabel("Name on card").pressSequentially("MARIA SILVA");
    await expect.poll(async () => (await cardEvents(page)).at(-1)?.detail).toEqual({ brand: "MASTERCARD", last4: "4444", complete: true, valid: true });

    type Search = { found: string[]; frames: { src: string; contentDocument: null | string; document: string }[]; shadowRoots: number; messages: number };
    const search = () => page.evaluate((patterns) => (window as unknown as { spy: { search(p: string[]): Search } }).spy.search(patterns), [panPattern(PAN)]);
    const cardFrame = { src: `${host.gateway}/elements/card-frame`, contentDocument: null, document: "SecurityError" };

    // Control: the spy does find the number wherever this page could read it (light DOM, a shadow root).
    await page.evaluate((pan) => {
      const control = (tag: string, where: Node & ParentNode) => where.appendChild(Object.assign(document.createElement(tag), { className: "control" }));
      (control("input", document.body) as HTMLInputElement).value = pan.replace(/(\d{4})/g, "$1 ");
      control("span", document.body).textContent = pan;
      control("span", document.querySelector("pay-card-form")!.shadowRoot!).textContent = pan;
    }, PAN);
    expect((await search()).found.sort()).toEqual(["document", "document > pay-card-form", "document input.value", "text"]);
    await page.evaluate(() => [document, document.querySelector("pay-card-form")!.shadowRoot!].forEach((root) => root.querySelectorAll(".control").forEach((el) => el.remove())));

    const before = await search();
    expect(before).toMatchObject({ found: [], frames: [cardFrame], shadowRoots: 1 });
    expect(before.messages).toBeGreaterThanOrEqual(4); // ready, its height, the changes (brand, then valid)

    // The frame sends the card itself; the form resolves with setup's answer.
    const setup = await form.evaluate((el: HTMLElement & { submit(): Promise<unknown> }) => el.submit());
    expect(setup).toEqual({
      code: expect.any(String),
      accessToken: expect.any(String),
      deviceDataCollectionUrl: expect.stringContaining("/3ds/device-data/"),
      referenceId: expect.any(String),
      requestId: expect.any(String),
      cardAcquirer: "sandbox-alpha",
    });
    expect(setupCalls).toEqual([`${host.gateway}/elements/card-frame → POST ${host.gateway}/v1/transactions/threeds/setup`]);
    const after = await search();
    expect(after).toMatchObject({ found: [], frames: [cardFrame] });
    expect(after.messages).toBeGreaterThan(before.messages); // the setup answer came by message too

    // The 3DS session holds the typed card: authenticate with `card: {}` and confirm, as <pay-3ds> will.
    const { requestId, referenceId } = setup as { requestId: string; referenceId: string };
    const auth = await api<{ code: string }>("/v1/transactions/threeds/authenticate", authenticateBody({ requestId, referenceId }, {}, 4200, { clientSecret: tx.secret, returnUrl: `${shop.origin}/form` }), keys.publishable);
    expect(auth.code).toBe("AUTHENTICATION_SUCCESSFUL");
    const paid = await api<{ status: string; card: unknown }>(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.secret }, keys.publishable);
    expect(paid).toMatchObject({ status: "PAID", card: { brand: "MASTERCARD", last4digits: "4444" } });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the form ignores messages from any other origin or window, a gateway frame not its own included", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const { form } = await openForm(page, { locale: "en", forger: "1" });
    type Seen = { origin: string; data: string };
    const seen = () => page.evaluate(() => (window as unknown as { spyMessages: Seen[] }).spyMessages);
    await expect.poll(async () => (await seen()).some((m) => m.data.includes("forger:done")), { timeout: 15_000 }).toBe(true);

    // The page's second card frame (the gateway's, initialized by the page itself) is given a valid card.
    const other = await frameOf(page.locator("#other-card-frame"));
    await other.getByLabel("Card number").pressSequentially("4111111111111111");
    await other.getByLabel("Expiry date (MM/YY)").pressSequentially("1230");
    await other.getByLabel("Security code (CVV)").pressSequentially("123");
    await other.getByLabel("Name on card").pressSequentially("MARIA SILVA");
    const validFrom = (origin: string, last4: string) => (m: Seen) => m.origin === origin && m.data.includes('"valid":true') && m.data.includes(`"last4":"${last4}"`);
    await expect.poll(async () => (await seen()).some(validFrom(host.gateway, "1111"))).toBe(true);
    // Every fake did reach the page: from the attacker's origin, from the page itself, and from the gateway's other frame.
    const all = await seen();
    expect(all.some(validFrom(evil.origin, "9999"))).toBe(true);
    expect(all.some(validFrom(shop.origin, "8888"))).toBe(true);

    // The form took none of them: no valid card, no last 4, no 7px frame, the button off.
    const changes = (await cardEvents(page)).filter((e) => e.type === "pay-card-change");
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((e) => e.detail.valid === false && e.detail.last4 === null)).toBe(true);
    expect(await form.locator('[part="card"]').count()).toBe(0);
    expect(await form.locator('[part="button"]').isDisabled()).toBe(true);
    expect(await form.locator("iframe").evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(100);
    // submit() is answered by its own frame only: the card there is empty.
    const submitted = await form.evaluate((el: HTMLElement & { submit(): Promise<unknown> }) => el.submit().then(() => "resolved", (err: { code: string; field?: string }) => `${err.code} ${err.field}`));
    expect(submitted).toBe("invalid_card number");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the frame ignores messages from any window but its parent, and answers only its parent's origin", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const setupCalls: string[] = [];
    page.on("request", (req) => req.url().endsWith("/threeds/setup") && setupCalls.push(req.url()));
    await page.goto(`${shop.origin}/frame-ignores`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { done: boolean }).done), { timeout: 15_000 }).toBe(true);

    type Logged = { from: string; origin: string; data: { type?: string; requestId?: string; code?: string; field?: string; message?: string } };
    const log = await page.evaluate(() => (window as unknown as { log: Logged[] }).log);
    const fromCard = log.filter((m) => m.from === "card");
    expect(fromCard.every((m) => m.origin === host.gateway)).toBe(true);
    // The page's init was taken (ready once), although the meddler's came first.
    expect(fromCard.filter((m) => m.data.type === "pay:card:ready")).toHaveLength(1);
    // The meddler's submits got no answer; the page's got one, in the page's language (en), not the meddler's (pt-BR).
    const answers = fromCard.filter((m) => m.data.type === "pay:card:error" || m.data.type === "pay:card:setup").map((m) => m.data);
    expect(answers).toEqual([{ type: "pay:card:error", requestId: "page-1", code: "invalid_card", message: "Enter the card number.", field: "number" }]);
    expect(setupCalls).toEqual([]);

    const card = await frameOf(page.locator("#card"));
    expect(await card.evaluate(() => [document.documentElement.lang, document.querySelector('label[for="number"]')!.textContent, document.documentElement.style.getPropertyValue("--pay-color-text")])).toEqual(["en", "Card number", ""]);
    // The card frame posted nothing to the meddler (it posts to its parent's origin only).
    const meddler = await (await page.locator("#meddler").elementHandle())!.contentFrame();
    const received = await meddler!.evaluate(() => (window as unknown as { received: { origin: string; data: string }[] }).received);
    expect(received.map((m) => [m.origin, JSON.parse(m.data).type])).toEqual([
      [shop.origin, "meddler:go"],
      [shop.origin, "meddler:go"],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
