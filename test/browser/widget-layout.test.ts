/**
 * The widget on a phone and on a desktop (issue 20, section 3): at 320, 375 and 1280 px, nothing
 * of `<pay-checkout>` (its light DOM, every shadow root inside it) nor of the card frame's
 * document overflows its container. A seller's page on another origin lays the checkout out as
 * the demo shop does (a grid of cards, the checkout in one of them, ~300 px wide on a desktop),
 * and `npm start` serves the widget. Checked for a PIX checkout (pt-BR: "Copiar código") and a
 * card checkout, with the number's placeholder and then with typed 16-digit numbers beside their
 * brand badge (Visa, and Mastercard, the widest badge).
 *
 * How an overflow is found (OVERFLOW_CHECK, plain browser JavaScript run in the page and in the
 * frame): each element's border box must lie inside its flat-tree parent's content box
 * (horizontally: a parent grows downwards with its content); no element's content may be wider
 * than its box (`scrollWidth > clientWidth`); an input's value, else its placeholder, measured
 * with a canvas in the input's own font, must fit the input's content width. Saves
 * test-results/widget-layout-*.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");
/**
 * The viewports, each with the shop's layout: `grid`, the demo shop's cards (the checkout ~300 px
 * wide at 1280); `single`, the checkout alone in a 560 px column (the badge then fits in the field).
 */
const CASES = [
  { width: 320, layout: "grid" },
  { width: 375, layout: "grid" },
  { width: 1280, layout: "grid" },
  { width: 1280, layout: "single" },
] as const;
const WAIT = { timeout: 20_000 };

let suite: BrowserSuite;
let host: GatewayHost;
let shop: TestServer;
let browser: Browser;

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The shop's stylesheet: the demo shop's grid of cards (each at least 300 px when there is room). */
const SHOP_CSS = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f7f9; }
main { display: grid; gap: 24px; padding: 16px; max-width: 1100px; margin: auto; grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr)); }
main.single { max-width: 560px; grid-template-columns: minmax(0, 1fr); }
section { background: #fff; border-radius: 8px; padding: 16px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.1); min-width: 0; }
h2 { margin: 0 0 8px; font-size: 1.125rem; }
`;

function shopPage(q: URLSearchParams): string {
  return `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Loja</title>
    <link rel="stylesheet" href="/shop.css" />
    <script type="module" src="${host.base}/pay.js"></script>
  </head>
  <body>
    <main class="${q.get("layout") === "single" ? "single" : "grid"}">
      <section><h2>Café especial</h2><p>250 g, torra média.</p></section>
      <section><h2>Pagamento</h2><pay-checkout publishable-key="${esc(host.keys.publishable)}" transaction-id="${esc(q.get("tx") ?? "")}" client-secret="${esc(q.get("secret") ?? "")}"></pay-checkout></section>
      <section><h2>Seu pedido</h2><p>Entrega em 2 dias úteis.</p></section>
    </main>
  </body>
</html>`;
}

beforeAll(async () => {
  suite = await startBrowserSuite("widget-layout");
  ({ host, browser } = suite);
  shop = await startServer({
    "/": (req) => ({ body: shopPage(new URL(req.url ?? "/", "http://x").searchParams) }),
    "/shop.css": { body: SHOP_CSS, headers: { "Content-Type": "text/css; charset=utf-8" } },
  });
  mkdirSync(RESULTS, { recursive: true });
}, 180_000);

afterAll(() => suite?.stop(shop), 60_000);

/** The seller's server: a PENDING charge, PIX or card (the card is typed in the checkout). */
async function createTransaction(paymentMethod: "PIX" | "CREDIT_CARD"): Promise<{ id: string; clientSecret: string }> {
  const res = await fetch(`${host.base}/v1/transactions`, {
    method: "POST",
    headers: { "X-Api-Key": host.keys.secret, "Content-Type": "application/json" },
    body: JSON.stringify({
      paymentMethod,
      amount: 5900,
      currency: "BRL",
      description: "Café especial",
      buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725", email: "maria@example.com" },
    }),
  });
  const tx = await res.json();
  expect(res.status, JSON.stringify(tx)).toBe(201);
  return { id: tx.id, clientSecret: tx.clientSecret ?? tx.pendingAction?.clientSecret };
}

/**
 * Plain browser JavaScript, `(rootSelector) => problems[]`: every overflow under the element the
 * selector names (the document's body when null), looking through open shadow roots and slots.
 */
const OVERFLOW_CHECK = `(rootSelector) => {
  const EPS = 0.5;
  const problems = [];
  const root = rootSelector ? document.querySelector(rootSelector) : document.body;
  if (!root) return ["no " + rootSelector];
  const px = (v) => parseFloat(v) || 0;
  const up = (el) => el.assignedSlot || el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const boxParent = (el) => {
    let p = up(el);
    while (p && getComputedStyle(p).display === "contents") p = up(p);
    return p;
  };
  const name = (el) => {
    const path = [];
    for (let e = el; e && e !== root; e = up(e)) {
      const part = e.getAttribute("part");
      path.unshift(e.localName + (e.id ? "#" + e.id : "") + (part ? "[part=" + part + "]" : "") + (typeof e.className === "string" && e.className ? "." + e.className.trim().split(/\\s+/).join(".") : ""));
    }
    return path.join(" > ");
  };
  // Out of the flow on purpose: hidden, visually hidden (clipped to nothing), or in the top layer.
  const skipped = (el, cs, r) =>
    cs.display === "none" || cs.visibility === "hidden" || cs.position === "fixed" ||
    (r.width <= 1 && r.height <= 1) || cs.clip === "rect(0px, 0px, 0px, 0px)" || cs.clipPath === "inset(50%)";
  let canvas;
  const textWidth = (text, cs) => {
    canvas = canvas || document.createElement("canvas");
    const ctx = canvas.getContext("2d");
    ctx.font = [cs.fontStyle, cs.fontVariant === "normal" ? "" : cs.fontVariant, cs.fontWeight, cs.fontStretch === "100%" ? "" : cs.fontStretch, cs.fontSize, cs.fontFamily].filter(Boolean).join(" ");
    ctx.letterSpacing = cs.letterSpacing === "normal" ? "0px" : cs.letterSpacing;
    return ctx.measureText(text).width;
  };
  const visit = (el) => {
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (el !== root && !skipped(el, cs, r)) {
      const parent = boxParent(el);
      if (parent && cs.display !== "contents") {
        const pr = parent.getBoundingClientRect();
        const ps = getComputedStyle(parent);
        const left = pr.left + px(ps.borderLeftWidth) + px(ps.paddingLeft);
        const right = pr.right - px(ps.borderRightWidth) - px(ps.paddingRight);
        if (r.left < left - EPS || r.right > right + EPS) {
          problems.push(name(el) + ": its box [" + r.left.toFixed(1) + ", " + r.right.toFixed(1) + "] leaves its parent's content box [" + left.toFixed(1) + ", " + right.toFixed(1) + "]");
        }
      }
      // The PIX code (~150 characters) scrolls in its field by design: it is there to be copied.
      if ((el.localName === "input" || el.localName === "textarea") && el.getAttribute("part") !== "code") {
        const text = el.value || el.placeholder || "";
        const room = el.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight);
        const need = textWidth(text, cs);
        if (text && need > room + EPS) problems.push(name(el) + ": its " + (el.value ? "value" : "placeholder") + " " + JSON.stringify(text) + " needs " + need.toFixed(1) + " px, the field has " + room.toFixed(1));
      } else if (el.localName !== "input" && el.localName !== "textarea" && cs.display !== "contents" && cs.display !== "inline" && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        problems.push(name(el) + ": its content is " + el.scrollWidth + " px wide, its box " + el.clientWidth);
      }
    }
    for (const child of el.children) visit(child);
    if (el.shadowRoot) for (const child of el.shadowRoot.children) visit(child);
  };
  visit(root);
  const r = root.getBoundingClientRect();
  if (r.left < -EPS || r.right > innerWidth + EPS) problems.push(name(root) + ": leaves the viewport");
  if (document.documentElement.scrollWidth > innerWidth) problems.push("the document scrolls sideways: " + document.documentElement.scrollWidth + " px in " + innerWidth);
  return problems;
}`;

const overflows = (target: Page | Frame, rootSelector: string | null): Promise<string[]> => target.evaluate(`(${OVERFLOW_CHECK})(${JSON.stringify(rootSelector)})`);

/** Opens the shop at `width` with the checkout of `tx`. */
async function openShop({ width, layout }: (typeof CASES)[number], tx: { id: string; clientSecret: string }): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: width < 600 ? 740 : 900 }, locale: "pt-BR" });
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(`${shop.origin}/?${new URLSearchParams({ tx: tx.id, secret: tx.clientSecret, layout })}`);
  return page;
}

/** The card frame (the gateway's document, out of the page's reach; the driver reads it). */
async function cardFrame(page: Page): Promise<Frame> {
  const iframe = page.locator("pay-checkout").locator('iframe[part="frame"]');
  await iframe.waitFor({ state: "visible" });
  const frame = await (await iframe.elementHandle())!.contentFrame();
  await frame!.locator("#number").waitFor();
  return frame!;
}

describe("the widget's layout at 320, 375 and 1280 px, against npm start", { timeout: 90_000 }, () => {
  for (const c of CASES) {
    const name = `${c.width}-${c.layout}`;
    it(`${c.width} px, ${c.layout}: PIX — the code and "Copiar código" stay inside the checkout`, async () => {
      const page = await openShop(c, await createTransaction("PIX"));
      const checkout = page.locator("pay-checkout");
      await checkout.getByRole("img", { name: /^QR code PIX/ }).waitFor();
      const copy = checkout.getByRole("button", { name: "Copiar código" });
      await copy.waitFor();
      await page.screenshot({ path: join(RESULTS, `widget-layout-pix-${name}.png`), fullPage: true });
      // The control the issue saw clipped, by name, then everything.
      const [button, box] = await Promise.all([copy.boundingBox(), checkout.locator('[part="base"]').boundingBox()]);
      expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
      expect(await overflows(page, "pay-checkout")).toEqual([]);
      await page.close();
    });

    it(`${c.width} px, ${c.layout}: card — the placeholder, then 4111… (Visa) and 5555… (Mastercard), fully visible beside the brand badge`, async () => {
      const page = await openShop(c, await createTransaction("CREDIT_CARD"));
      const frame = await cardFrame(page);
      const number = frame.locator("#number");
      expect(await number.getAttribute("placeholder")).toBe("1234 1234 1234 1234");
      // Every stage's overflows, asserted at the end (the screenshots show each stage).
      const found: Record<string, string[]> = { "the page, empty": await overflows(page, "pay-checkout"), "the frame, empty": await overflows(frame, null) };
      await page.screenshot({ path: join(RESULTS, `widget-layout-card-${name}.png`), fullPage: true });

      for (const [digits, brand] of [
        ["4111111111111111", "Visa"],
        ["5555555555554444", "Mastercard"],
      ] as const) {
        await number.fill("");
        await number.pressSequentially(digits);
        await expect.poll(() => number.inputValue()).toBe(digits.replace(/(\d{4})(?=\d)/g, "$1 "));
        expect(await frame.locator("#brand").textContent()).toBe(brand);
        await page.screenshot({ path: join(RESULTS, `widget-layout-card-${name}-${brand.toLowerCase()}.png`), fullPage: true });
        found[`the frame, ${brand}`] = await overflows(frame, null);
        // The badge covers no digit: it is after the text, or above the field (frame coordinates).
        const covered = await number.evaluate((input: HTMLInputElement) => {
          const cs = getComputedStyle(input);
          const ctx = document.createElement("canvas").getContext("2d")!;
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const field = input.getBoundingClientRect();
          const textEnd = field.left + input.clientLeft + parseFloat(cs.paddingLeft) + ctx.measureText(input.value).width;
          const badge = document.getElementById("brand")!.getBoundingClientRect();
          const where = badge.top >= field.top && badge.bottom <= field.bottom ? "in the field" : badge.bottom <= field.top ? "above the field" : "elsewhere";
          return { where, covers: badge.left < textEnd && badge.bottom > field.top ? `the badge (from x ${badge.left.toFixed(1)}) covers the digits (up to ${textEnd.toFixed(1)})` : null };
        });
        if (covered.covers) found[`the frame, ${brand}`]!.push(covered.covers);
        // In the field at its end where the frame is 22em wide or more (the single column), at the label's line otherwise.
        expect(covered.where, brand).toBe(c.layout === "single" ? "in the field" : "above the field");
      }
      found["the page, typed"] = await overflows(page, "pay-checkout");
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      await page.close();
    });
  }
});
