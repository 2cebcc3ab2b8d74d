/**
 * `<pay-3ds>` used ALONE, as a server integrator does: the test's server side creates a card
 * transaction with the secret key and the card in the body (no threeDs: 201 PENDING with a
 * pendingAction and a clientSecret); a seller's page on another 127.0.0.1 origin, under the
 * strict CSP of issue 10 (no 'unsafe-inline'), loads `{gateway}/pay.js` from `npm start` and
 * runs 3DS with the publishable key and the secret, in Chromium. The page never holds the card.
 * Cards: docs/test-cards.json. Saves test-results/pay-3ds-challenge*.png.
 */
import { mkdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardInput } from "../support/cards";
import { pixBody } from "../support/fixtures";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");

const CARDS = {
  frictionless: "4111111111111111",
  challenge: "4000000000003220",
  failedAuthentication: "4000000000001018",
  insufficientFunds: "4000000000009953",
};

let suite: BrowserSuite;
let host: GatewayHost;
let keys: GatewayHost["keys"];
let shop: TestServer;
let browser: Browser;

const csp = (gateway: string) => `default-src 'self'; script-src 'self' ${gateway}; frame-src ${gateway}; connect-src ${gateway}`;
const attr = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The seller's page. `?auto=1&tx=…&secret=…` renders `<pay-3ds auto …>` (declarative); without
 * `auto` the element is bare and the test sets its properties and calls run(). No inline script
 * or style: its own script is /shop.js ('self').
 */
function shopPage(req: IncomingMessage): string {
  const q = new URL(req.url ?? "/", "http://x").searchParams;
  const locale = q.get("locale") ?? "en";
  const attrs = q.get("auto")
    ? ` auto publishable-key="${attr(keys.publishable)}" transaction-id="${attr(q.get("tx") ?? "")}" client-secret="${attr(q.get("secret") ?? "")}"`
    : "";
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Test shop</title>
    <script type="module" src="/shop.js"></script>
    <script type="module" src="${host.base}/pay.js"></script>
  </head>
  <body>
    <h1>Test shop</h1>
    <button id="buy" type="button">Pay</button>
    <pay-3ds locale="${attr(locale)}"${attrs}></pay-3ds>
    <pre id="log"></pre>
  </body>
</html>`;
}

/** The page's own script: records the widget's events and any CSP violation; proves the CSP is live (eval refused). */
const SHOP_JS = `
window.__events = [];
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
for (const type of ["pay-3ds-challenge", "pay-3ds-complete", "pay-3ds-error"]) {
  document.addEventListener(type, (e) => {
    window.__events.push({ type, detail: e.detail, bubbles: e.bubbles, composed: e.composed, target: e.target.localName });
    document.getElementById("log").textContent += type + ":" + (e.detail.status ?? e.detail.code) + "\\n";
  });
}
window.__evalRefused = false;
try { eval("1"); } catch { window.__evalRefused = true; }
`;

beforeAll(async () => {
  suite = await startBrowserSuite("3ds-browser");
  ({ host, browser } = suite);
  keys = host.keys;
  shop = await startServer({
    "/": (req) => ({ body: shopPage(req), headers: { "Content-Security-Policy": csp(host.base) } }),
    "/shop.js": { body: SHOP_JS, headers: { "Content-Type": "text/javascript; charset=utf-8" } },
  });
  mkdirSync(RESULTS, { recursive: true });
}, 180_000);

afterAll(() => suite?.stop(shop), 60_000);

/** The seller's server: a card transaction with the card in the body and no threeDs → PENDING. */
async function createCardTransaction(number: string, amount = 4200): Promise<{ id: string; clientSecret: string }> {
  const res = await fetch(`${host.base}/v1/transactions`, {
    method: "POST",
    headers: { "X-Api-Key": keys.secret, "Content-Type": "application/json" },
    body: JSON.stringify({ ...pixBody({ amount }), paymentMethod: "CREDIT_CARD", card: cardInput(number) }),
  });
  const tx = await res.json();
  expect(res.status, JSON.stringify(tx)).toBe(201);
  expect(tx).toMatchObject({ status: "PENDING", pendingAction: { clientSecret: expect.any(String), nextActionType: "challenge" } });
  return { id: tx.id, clientSecret: tx.pendingAction.clientSecret };
}

/** The transaction as the seller's server reads it. */
async function serverView(id: string) {
  const res = await fetch(`${host.base}/v1/transactions/${id}`, { headers: { "X-Api-Key": keys.secret } });
  expect(res.status).toBe(200);
  return res.json();
}

interface Opened {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** The gateway's API calls the page made, in order (no preflights). */
  calls: { method: string; path: string; body: unknown }[];
  close(): Promise<void>;
}

/** Opens the shop in a fresh context of `viewport`, recording errors and API calls. */
async function openShop(query: Record<string, string>, viewport = { width: 1280, height: 800 }): Promise<Opened> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  const calls: Opened["calls"] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.origin !== host.base || !url.pathname.startsWith("/v1/") || req.method() === "OPTIONS") return;
    calls.push({ method: req.method(), path: url.pathname, body: req.postData() ? JSON.parse(req.postData()!) : undefined });
  });
  await page.goto(`${shop.origin}/?${new URLSearchParams(query)}`);
  await page.waitForFunction(() => customElements.get("pay-3ds") !== undefined);
  return { page, context, errors, calls, close: () => context.close() };
}

/** Sets the element's properties and starts run(); its outcome lands in `window.__outcome`. */
async function startRun(page: Page, props: Record<string, unknown>): Promise<void> {
  await page.evaluate((p) => {
    const el = document.querySelector("pay-3ds")!;
    Object.assign(el, p);
    const w = window as unknown as { __outcome: Promise<unknown> };
    w.__outcome = el.run().then(
      (view) => ({ view }),
      (err: { status: number; code: string; message: string }) => ({ error: { isError: err instanceof Error, status: err.status, code: err.code, message: err.message } }),
    );
  }, props);
}

const outcome = (page: Page) => page.evaluate(() => (window as unknown as { __outcome: Promise<{ view?: Record<string, unknown>; error?: Record<string, unknown> }> }).__outcome);
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: { type: string; detail: Record<string, unknown> }[] }).__events);
const statusText = (page: Page) => page.locator("pay-3ds").getByRole("status").textContent();

/** The challenge frame (inside the element's shadow root). */
const challengeFrame = (page: Page): FrameLocator => page.locator("pay-3ds").locator('iframe[part="challenge-frame"]').contentFrame();

/** What the page may not have seen: no error, no CSP violation except the eval the page tried on purpose. */
async function expectCleanPage(opened: Opened): Promise<void> {
  const { violations, evalRefused } = await opened.page.evaluate(() => {
    const w = window as unknown as { __violations: string[]; __evalRefused: boolean };
    return { violations: w.__violations, evalRefused: w.__evalRefused };
  });
  expect(evalRefused, "the page's CSP is in force").toBe(true);
  expect(violations.filter((v) => !v.endsWith(" eval"))).toEqual([]);
  // Chromium's own note on the eval above. (No "Blocked autofocusing": the bank page focuses its
  // field by script, since a cross-origin frame may not use `autofocus`.)
  expect(opened.errors.filter((e) => !e.includes("unsafe-eval"))).toEqual([]);
}

/** The focused element inside `<pay-3ds>`'s shadow root, by its part. */
const activePart = (page: Page) => page.evaluate(() => document.querySelector("pay-3ds")!.shadowRoot!.activeElement?.getAttribute("part") ?? null);

/** Whether the bank's page has focus, on its code field. */
const codeFocused = (frame: FrameLocator) => frame.locator("#code").evaluate((el) => document.hasFocus() && document.activeElement === el);

const paymentProps = (tx: { id: string; clientSecret: string }, extra: Record<string, unknown> = {}) => ({
  publishableKey: keys.publishable,
  transactionId: tx.id,
  clientSecret: tx.clientSecret,
  ...extra,
});

describe("<pay-3ds> alone on a seller's page (strict CSP), against npm start", { timeout: 60_000 }, () => {
  it("frictionless (4111…): run() sets up with card {}, collects device data, authenticates with the browser's facts and confirms → PAID", async () => {
    const tx = await createCardTransaction(CARDS.frictionless);
    const opened = await openShop({});
    const { page, calls } = opened;
    const frames: string[] = [];
    page.on("request", (req) => req.url().includes("/3ds/") && frames.push(new URL(req.url()).pathname.split("/").slice(0, 3).join("/")));

    await startRun(page, paymentProps(tx, { amount: 4200, currency: "BRL", paymentMethod: "CREDIT_CARD" }));
    const { view, error } = await outcome(page);
    expect(error).toBeUndefined();
    expect(view).toMatchObject({ id: tx.id, status: "PAID", paymentMethod: "CREDIT_CARD", amount: 4200, card: { brand: "VISA", last4digits: "1111" }, failureCode: null });
    expect(await serverView(tx.id)).toMatchObject({ status: "PAID" });

    // The calls, in order: amount etc. were given, so no read before; the view read after confirm.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /v1/transactions/threeds/setup",
      "POST /v1/transactions/threeds/authenticate",
      `POST /v1/transactions/${tx.id}/3ds/confirm`,
      `GET /v1/transactions/${tx.id}/checkout`,
    ]);
    expect(calls[0]!.body).toEqual({ card: {}, transactionId: tx.id, clientSecret: tx.clientSecret });
    // The device-data page was loaded in its frame before authenticate.
    expect(frames).toContain("/3ds/device-data");

    // authenticate: card {}, no billing, no ipAddress, the real browser's facts as strings.
    const auth = calls[1]!.body as Record<string, unknown>;
    const browserFacts = await page.evaluate(() => ({
      httpBrowserLanguage: navigator.language,
      httpBrowserJavaEnabled: String(typeof navigator.javaEnabled === "function" ? navigator.javaEnabled() : false),
      httpBrowserColorDepth: String(screen.colorDepth),
      httpBrowserScreenHeight: String(screen.height),
      httpBrowserScreenWidth: String(screen.width),
      httpBrowserTimeDifference: String(new Date().getTimezoneOffset()),
      userAgentBrowserValue: navigator.userAgent,
      httpAcceptContent: "text/html",
    }));
    expect(auth).toEqual({
      requestId: expect.any(String),
      referenceId: expect.any(String),
      card: {},
      amount: 4200,
      currency: "BRL",
      paymentMethod: "CREDIT_CARD",
      returnUrl: page.url(),
      deviceChannel: "BROWSER",
      deviceInformation: browserFacts,
      clientSecret: tx.clientSecret,
    });
    expect(browserFacts.httpBrowserScreenWidth).toBe("1280");
    // The card number never went through the page.
    expect(JSON.stringify(calls)).not.toContain(CARDS.frictionless);

    expect(await events(page)).toEqual([
      { type: "pay-3ds-complete", detail: { transactionId: tx.id, status: "PAID", failureCode: null, failureMessage: null }, bubbles: true, composed: true, target: "pay-3ds" },
    ]);
    expect(await statusText(page)).toBe("Payment approved.");
    // Nothing left behind: neither frame stays.
    expect(await page.locator("pay-3ds").locator("iframe").count()).toBe(0);
    await expectCleanPage(opened);
    await opened.close();
  });

  it("challenge (4000…3220), declarative `auto`: a labelled modal dialog, focus in the bank's frame, the code typed in it → PAID", async () => {
    const tx = await createCardTransaction(CARDS.challenge);
    const opened = await openShop({ auto: "1", tx: tx.id, secret: tx.clientSecret });
    const { page, calls } = opened;

    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getAttribute("aria-modal")).toBe("true");
    expect(await dialog.getByRole("heading", { level: 2 }).textContent()).toBe("Confirm it's you");
    // The amount came from the checkout view (auto with no amount given).
    expect(await dialog.locator('[part="hint"]').textContent()).toBe("Your bank asks you to confirm the payment of R$42.00.");
    const frameEl = page.locator("pay-3ds").locator('iframe[part="challenge-frame"]');
    expect(await frameEl.getAttribute("title")).toBe("Your bank's verification");
    expect(await page.evaluate(() => document.querySelector("pay-3ds")!.shadowRoot!.activeElement?.getAttribute("part"))).toBe("challenge-frame");
    expect(await statusText(page)).toBe("Your bank asks you to confirm this payment.");
    expect(await events(page)).toEqual([
      { type: "pay-3ds-challenge", detail: { transactionId: tx.id, status: "PENDING", windowSize: "03" }, bubbles: true, composed: true, target: "pay-3ds" },
    ]);

    const frame = challengeFrame(page);
    await frame.getByLabel("One-time code").waitFor();
    // Focus is on the code field: the widget focused the frame, the bank's page its field.
    await expect.poll(() => codeFocused(frame)).toBe(true);
    expect(await frame.locator("html").getAttribute("lang")).toBe("en");
    expect(await frame.locator("p").first().textContent()).toBe("Confirm the payment of R$42.00 with your VISA card.");
    await page.screenshot({ path: join(RESULTS, "pay-3ds-challenge.png") });
    await frame.getByLabel("One-time code").fill("123456");
    await frame.getByRole("button", { name: "Confirm" }).click();

    await page.locator("#log").getByText("pay-3ds-complete:PAID").waitFor({ timeout: 15_000 });
    expect(await dialog.count()).toBe(0);
    expect(await statusText(page)).toBe("Payment approved.");
    // Focus moved to the result.
    expect(await activePart(page)).toBe("status");
    expect(await serverView(tx.id)).toMatchObject({ status: "PAID" });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/transactions/${tx.id}/checkout`,
      "POST /v1/transactions/threeds/setup",
      "POST /v1/transactions/threeds/authenticate",
      "POST /v1/transactions/threeds/challenge-result",
      `POST /v1/transactions/${tx.id}/3ds/confirm`,
      `GET /v1/transactions/${tx.id}/checkout`,
    ]);
    await expectCleanPage(opened);
    await opened.close();
  });

  it("a failed challenge (wrong code) → FAILED authentication_failed, in pt-BR: the bank's page in pt-BR too; focus on the code, then on the result", async () => {
    const tx = await createCardTransaction(CARDS.challenge);
    const opened = await openShop({ locale: "pt-BR" });
    const { page } = opened;
    await page.locator("#buy").focus();
    await startRun(page, paymentProps(tx));

    const dialog = page.getByRole("dialog", { name: "Confirme que é você" });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByRole("button").textContent()).toBe("Cancelar");
    const frame = challengeFrame(page);
    // The bank's page follows the checkout's locale (?locale=pt-BR on its URL): its words and the amount.
    expect(new URL((await page.locator("pay-3ds").locator('iframe[part="challenge-frame"]').getAttribute("src"))!).searchParams.get("locale")).toBe("pt-BR");
    await frame.getByLabel("Código de verificação").waitFor();
    expect(await frame.locator("html").getAttribute("lang")).toBe("pt-BR");
    expect(await frame.getByRole("heading", { level: 1 }).textContent()).toBe("Banco Sandbox");
    expect((await frame.locator("p").first().textContent())!.replace(/\s/g, " ")).toBe("Confirme o pagamento de R$ 42,00 com seu cartão VISA.");
    expect(await frame.locator("body").textContent()).not.toMatch(/Confirm the|One-time|Sandbox Bank/);
    await expect.poll(() => codeFocused(frame)).toBe(true);
    await page.screenshot({ path: join(RESULTS, "pay-3ds-challenge-pt-BR.png") });
    // Typed from the keyboard where focus already is; Enter submits the bank's form.
    await page.keyboard.type("000000");
    expect(await frame.getByLabel("Código de verificação").inputValue()).toBe("000000");
    await page.keyboard.press("Enter");

    const { view, error } = await outcome(page);
    expect(error).toBeUndefined();
    expect(view).toMatchObject({ id: tx.id, status: "FAILED", failureCode: "authentication_failed" });
    expect(await serverView(tx.id)).toMatchObject({ status: "FAILED", failureCode: "authentication_failed" });
    expect(await dialog.count()).toBe(0);
    // Focus is on the result (the status line), not back on the page's button.
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe("pay-3ds");
    expect(await activePart(page)).toBe("status");
    expect(await statusText(page)).toMatch(/^Pagamento não aprovado\./);
    expect((await events(page)).map((e) => `${e.type}:${e.detail.status}`)).toEqual(["pay-3ds-challenge:PENDING", "pay-3ds-complete:FAILED"]);
    await expectCleanPage(opened);
    await opened.close();
  });

  it("a card that passes 3DS but is declined (4000…9953) → FAILED insufficient_funds; one whose 3DS fails (4000…1018) is still confirmed → FAILED authentication_failed", async () => {
    for (const [number, failureCode] of [
      [CARDS.insufficientFunds, "insufficient_funds"],
      [CARDS.failedAuthentication, "authentication_failed"],
    ] as const) {
      const tx = await createCardTransaction(number);
      const opened = await openShop({ auto: "1", tx: tx.id, secret: tx.clientSecret });
      const { page, calls } = opened;
      await page.locator("#log").getByText("pay-3ds-complete:FAILED").waitFor({ timeout: 15_000 });
      const [complete] = await events(page);
      expect(complete!.detail, number).toEqual({ transactionId: tx.id, status: "FAILED", failureCode, failureMessage: expect.any(String) });
      expect(await serverView(tx.id)).toMatchObject({ status: "FAILED", failureCode });
      expect(calls.map((c) => c.path)).toContain(`/v1/transactions/${tx.id}/3ds/confirm`);
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(await statusText(page)).toMatch(/^Payment not approved\./);
      await expectCleanPage(opened);
      await opened.close();
    }
  });

  it("the challenge window: full screen on a 375 px wide phone, 500x600 on a desktop, re-chosen when the window shrinks", async () => {
    const phoneTx = await createCardTransaction(CARDS.challenge);
    const phone = await openShop({ auto: "1", tx: phoneTx.id, secret: phoneTx.clientSecret }, { width: 375, height: 667 });
    const phoneFrame = phone.page.locator("pay-3ds").locator('iframe[part="challenge-frame"]');
    await phoneFrame.waitFor({ timeout: 15_000 });
    await challengeFrame(phone.page).getByLabel("One-time code").waitFor();
    const phoneDialog = await phone.page.getByRole("dialog").boundingBox();
    const phoneBox = await phoneFrame.boundingBox();
    expect(phoneDialog).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(phoneBox!.width).toBe(375);
    expect(phoneBox!.y + phoneBox!.height).toBeCloseTo(667, 0);
    expect(phoneBox!.height).toBeGreaterThan(667 - 150);
    expect((await events(phone.page))[0]!.detail.windowSize).toBe("05");
    await phone.page.screenshot({ path: join(RESULTS, "pay-3ds-challenge-phone.png") });
    await phone.close();

    const desktopTx = await createCardTransaction(CARDS.challenge);
    const desktop = await openShop({ auto: "1", tx: desktopTx.id, secret: desktopTx.clientSecret }, { width: 1280, height: 800 });
    const desktopFrame = desktop.page.locator("pay-3ds").locator('iframe[part="challenge-frame"]');
    await desktopFrame.waitFor({ timeout: 15_000 });
    const box = await desktopFrame.boundingBox();
    expect([box!.width, box!.height]).toEqual([500, 600]);
    // Centred in the viewport, within the room window-size.ts counts for the heading (48 x 112 px).
    const dialogBox = (await desktop.page.getByRole("dialog").boundingBox())!;
    expect(dialogBox.width).toBeLessThanOrEqual(500 + 48);
    expect(dialogBox.height).toBeLessThanOrEqual(600 + 112);
    expect(Math.abs(dialogBox.x + dialogBox.width / 2 - 640)).toBeLessThanOrEqual(1);
    expect(Math.abs(dialogBox.y + dialogBox.height / 2 - 400)).toBeLessThanOrEqual(1);
    // Rotated / shrunk below 600 px: full screen.
    await desktop.page.setViewportSize({ width: 500, height: 700 });
    await expect.poll(async () => (await desktopFrame.boundingBox())?.width).toBe(500);
    expect(await desktop.page.getByRole("dialog").boundingBox()).toEqual({ x: 0, y: 0, width: 500, height: 700 });
    await desktop.close();
  });

  it("Escape never cancels, in the dialog or inside the bank's frame: it reaches Cancel; Tab stays in the dialog; Cancel (Enter) rejects THREEDS_CANCELLED and leaves the sale PENDING (a new run pays it); a wrong secret rejects with the gateway's 404", async () => {
    const tx = await createCardTransaction(CARDS.challenge);
    const opened = await openShop({});
    const { page } = opened;
    await page.locator("#buy").focus();
    await startRun(page, paymentProps(tx));
    const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    const active = () => activePart(page);
    const frame = challengeFrame(page);

    // Focus opens on the bank's code field; Escape pressed there (the key goes to the frame's
    // document) moves focus to Cancel, and cancels nothing.
    await expect.poll(() => codeFocused(frame), { timeout: 15_000 }).toBe(true);
    // The same message from anyone but the bank's frame (here the page itself) is ignored.
    await page.evaluate(() => window.postMessage({ type: "pay:3ds:escape" }, "*"));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await codeFocused(frame)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(active).toBe("cancel");
    expect(await dialog.isVisible()).toBe(true);
    // Escape in the dialog itself does the same.
    await page.locator("pay-3ds").locator('[part="title"]').focus();
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);
    expect(await active()).toBe("cancel");
    // Shift+Tab from the first stop wraps to the frame, onto its code field; Tab through the frame (Confirm) wraps to Cancel.
    await page.keyboard.press("Shift+Tab");
    expect(await active()).toBe("challenge-frame");
    await expect.poll(() => codeFocused(frame)).toBe(true);
    for (let i = 0; i < 2; i++) await page.keyboard.press("Tab");
    expect(await active()).toBe("cancel");
    expect(await dialog.isVisible()).toBe(true);
    expect(await events(page)).toHaveLength(1); // pay-3ds-challenge only: nothing was cancelled

    // Back in the frame, Escape then Enter: cancelled, from the keyboard alone.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => codeFocused(frame)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(active).toBe("cancel");
    await page.keyboard.press("Enter");
    const { view, error } = await outcome(page);
    expect(view).toBeUndefined();
    expect(error).toMatchObject({ isError: true, status: 0, code: "THREEDS_CANCELLED" });
    expect(await dialog.count()).toBe(0);
    expect(await statusText(page)).toBe("Verification cancelled.");
    expect(await serverView(tx.id)).toMatchObject({ status: "PENDING" });
    expect((await events(page)).map((e) => e.type)).toEqual(["pay-3ds-challenge", "pay-3ds-error"]);
    expect((await events(page))[1]!.detail).toEqual({ transactionId: tx.id, code: "THREEDS_CANCELLED", message: expect.any(String) });
    // Cancelled, focus goes back where it was (the page's button), for another try.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("buy");

    // The buyer tries again: a new run starts over (new setup) and can pay.
    await startRun(page, {});
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    await challengeFrame(page).getByLabel("One-time code").fill("123456");
    await challengeFrame(page).getByRole("button", { name: "Confirm" }).click();
    expect((await outcome(page)).view).toMatchObject({ id: tx.id, status: "PAID" });

    // A secret that is not this transaction's: the gateway's 404, as a GatewayError.
    const other = await createCardTransaction(CARDS.frictionless);
    await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events = []));
    await startRun(page, paymentProps(other, { clientSecret: tx.clientSecret }));
    const wrong = await outcome(page);
    expect(wrong.error).toMatchObject({ isError: true, status: 404, code: "RESOURCE_NOT_FOUND" });
    expect(await events(page)).toEqual([
      expect.objectContaining({ type: "pay-3ds-error", detail: { transactionId: other.id, code: "RESOURCE_NOT_FOUND", message: expect.any(String) } }),
    ]);
    expect(await statusText(page)).toBe("The verification could not be completed. Please try again.");
    expect(await serverView(other.id)).toMatchObject({ status: "PENDING" });
    await expectCleanPage({ ...opened, errors: opened.errors.filter((e) => !e.includes("404")) });
    await opened.close();
  });
});
