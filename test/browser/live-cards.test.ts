/**
 * A live-mode card payment in Chromium (issue 30): `npm start` configured with the card
 * simulators (CYBERSOURCE_*, CIELO_*, REDE_*: worker/cli/card-simulators.ts), its sandbox seller
 * approved for live and given live keys by the admin CLI, as an operator does. The seller's
 * server creates a live card transaction (PENDING, pendingAction); `<pay-3ds>` on a seller's page
 * of another origin, under a strict CSP naming only the gateway, runs 3DS with the live
 * publishable key:
 *
 * - device data: the gateway's hidden page posts the setup JWT to Cardinal's collection page (the
 *   Cybersource simulator's pages origin), which posts `profile.completed` back; only then (or
 *   after 10 s) authenticate;
 * - frictionless: confirm → PAID at Cielo;
 * - challenge: the dialog frames the gateway's relay, which frames Cardinal's step-up page; the
 *   buyer types the code there; the ACS returns to the gateway's page, which tells the widget;
 *   challenge-result and confirm → PAID.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCardSimulators, type CardSimulators } from "../../worker/cli/card-simulators";
import { cardInput } from "../support/cards";
import { pixBody } from "../support/fixtures";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const ROOT = join(__dirname, "../..");
let sims: CardSimulators;
let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let shop: TestServer;
let liveSecret: string;

const SHOP = (gateway: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Live shop</title>
<script type="module" src="${gateway}/pay.js"></script></head><body><h1>Live shop</h1><pay-3ds locale="en"></pay-3ds></body></html>`;

/** The admin CLI against the host's database, as an operator runs it; its one JSON line. */
async function admin(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await promisify(execFile)(join(ROOT, "node_modules/.bin/tsx"), ["worker/cli/admin.ts", ...args, "--json"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: `file:${host.databaseFile}` },
  });
  return JSON.parse(stdout.split("\n").find((l) => l.trim().startsWith("{"))!) as Record<string, unknown>;
}

beforeAll(async () => {
  sims = await startCardSimulators();
  suite = await startBrowserSuite("live-cards", { env: sims.env });
  ({ host, browser } = suite);
  await admin("seller:approve-live", "--seller", host.sellerId);
  liveSecret = (await admin("keys:rotate", "--seller", host.sellerId, "--live")).apiKey as string;
  expect(liveSecret).toMatch(/^sk_live_/);
  shop = await startServer({ "/": { body: SHOP(host.base), headers: { "Content-Security-Policy": `default-src 'self'; script-src 'self' ${host.base}; frame-src ${host.base}; connect-src ${host.base}` } } });
}, 180_000);

afterAll(async () => {
  await suite?.stop(shop);
  await sims?.close();
}, 60_000);

/** The seller's server: a live card transaction, card in the body, no threeDs → PENDING. */
async function createLiveCardTransaction(number: string, amount: number) {
  const res = await fetch(`${host.base}/v1/transactions`, {
    method: "POST",
    headers: { "X-Api-Key": liveSecret, "Content-Type": "application/json" },
    body: JSON.stringify({ ...pixBody({ amount }), paymentMethod: "CREDIT_CARD", card: cardInput(number) }),
  });
  const tx = await res.json();
  expect(res.status, JSON.stringify(tx)).toBe(201);
  expect(tx).toMatchObject({ livemode: true, status: "PENDING", pendingAction: { publishableKey: expect.stringMatching(/^pk_live_/) } });
  return { id: tx.id as string, clientSecret: tx.pendingAction.clientSecret as string, publishableKey: tx.pendingAction.publishableKey as string };
}

/** Opens the shop and starts `<pay-3ds>`'s run() for `tx`; records the page's requests. */
async function pay(tx: Awaited<ReturnType<typeof createLiveCardTransaction>>, amount: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (req) => requests.push(`${req.method()} ${req.url()}`));
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(shop.origin);
  await page.waitForFunction(() => customElements.get("pay-3ds") !== undefined);
  await page.evaluate((p) => {
    const el = document.querySelector("pay-3ds")! as HTMLElement & { run(): Promise<unknown> };
    Object.assign(el, p);
    (window as unknown as { __outcome: Promise<unknown> }).__outcome = el.run().then(
      (view) => ({ view }),
      (err: { code: string; message: string }) => ({ error: { code: err.code, message: err.message } }),
    );
  }, { publishableKey: tx.publishableKey, transactionId: tx.id, clientSecret: tx.clientSecret, amount, currency: "BRL", paymentMethod: "CREDIT_CARD" });
  const outcome = () => page.evaluate(() => (window as unknown as { __outcome: Promise<{ view?: Record<string, unknown>; error?: unknown }> }).__outcome);
  return { page, context, requests, errors, outcome };
}

const serverView = async (id: string) => (await fetch(`${host.base}/v1/transactions/${id}`, { headers: { "X-Api-Key": liveSecret } })).json();

/** Index of the first request matching `pattern` (-1 when none). */
const indexOf = (requests: string[], pattern: RegExp) => requests.findIndex((r) => pattern.test(r));

describe("a live card payment in Chromium through the simulated Cybersource, Cardinal and Cielo", { timeout: 90_000 }, () => {
  it("frictionless: device data at Cardinal's page (profile.completed) before authenticate, then PAID at Cielo", async () => {
    const tx = await createLiveCardTransaction("4000000000001000", 4200);
    const started = Date.now();
    const run = await pay(tx, 4200);
    const { view, error } = await run.outcome();
    // Cardinal's profile.completed reached the widget: it did not wait out the 10 s fallback.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(error, JSON.stringify({ error, requests: run.requests, sim: sims.cybersource.control.requests().slice(-1) })).toBeUndefined();
    expect(view).toMatchObject({ id: tx.id, status: "PAID" });
    expect(await serverView(tx.id)).toMatchObject({ status: "PAID", livemode: true, acquirer: "cielo" });
    // The gateway's device-data page, then Cardinal's collection page, then authenticate.
    const ddc = indexOf(run.requests, new RegExp(`^POST ${sims.cybersource.pagesOrigin}/V\\d/Cruise/Collect`));
    expect(indexOf(run.requests, new RegExp(`^GET ${host.base}/3ds/device-data/`))).toBeGreaterThan(-1);
    expect(ddc).toBeGreaterThan(-1);
    expect(indexOf(run.requests, /threeds\/authenticate$/)).toBeGreaterThan(ddc);
    expect(run.errors).toEqual([]);
    expect(sims.cielo.control.sales().filter((s) => (s.sale as { MerchantOrderId: string }).MerchantOrderId === tx.id.replace(/-/g, ""))).toHaveLength(1);
    await run.context.close();
  });

  it("challenge: the buyer answers Cardinal's step-up page inside the gateway's dialog; the ACS returns to the gateway; PAID", async () => {
    const tx = await createLiveCardTransaction("4000000000001091", 5100);
    const run = await pay(tx, 5100);
    const dialog = run.page.locator("pay-3ds").locator('[part="dialog"]');
    await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
    // The dialog frames the gateway's relay, which frames Cardinal's step-up page.
    const cardinal = run.page.locator("pay-3ds").locator('iframe[part="challenge-frame"]').contentFrame().locator('iframe[name="relay"]').contentFrame();
    await cardinal.locator('input[name="code"]').fill("1234");
    await cardinal.locator('button, input[type="submit"]').first().click();
    const { view, error } = await run.outcome();
    expect(error).toBeUndefined();
    expect(view).toMatchObject({ id: tx.id, status: "PAID" });
    expect(indexOf(run.requests, new RegExp(`^POST ${host.base}/3ds/return/`))).toBeGreaterThan(-1);
    expect(await serverView(tx.id)).toMatchObject({ status: "PAID", acquirer: "cielo" });
    expect(run.errors).toEqual([]);
    await run.context.close();
  });
});
