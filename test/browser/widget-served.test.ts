/**
 * The widget as a seller embeds it: `npm start` (the Node host, as a user runs it) serves
 * `/pay.js`, and a page on another origin loads it with one module script tag and uses
 * `<pay-checkout>`, in Chromium. The Worker's side: test/workerd/widget.test.ts.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "./gateway-host";
import { startServer, type TestServer } from "./servers";

const RESULTS = join(__dirname, "../../test-results");

let suite: BrowserSuite;
let host: GatewayHost;
let shop: TestServer;
let browser: Browser;

/** The seller's page: pt-BR, one checkout asking for English and one taking the page's language. */
const shopPage = (base: string) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <title>Loja de teste</title>
    <script type="module" src="${base}/pay.js"></script>
  </head>
  <body>
    <h1>Loja de teste</h1>
    <pay-checkout id="en" locale="en"><p>Seller content, slotted</p></pay-checkout>
    <pay-checkout id="page"></pay-checkout>
  </body>
</html>`;

beforeAll(async () => {
  suite = await startBrowserSuite("widget-served");
  ({ host, browser } = suite);
  shop = await startServer({ "/": { body: shopPage(host.base) } });
}, 180_000);

afterAll(() => suite?.stop(shop), 60_000);

/** Opens the shop page, collecting page errors, and returns the /pay.js response. */
async function openShop(page: Page, errors: string[]): Promise<Response> {
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  const script = page.waitForResponse((res) => res.url() === `${host.base}/pay.js`);
  await page.goto(`${shop.origin}/`);
  return script;
}

describe("the widget served by npm start, on a seller's page of another origin", { timeout: 60_000 }, () => {
  it("defines <pay-checkout>, which renders its labelled region in the asked (or the page's) language", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    await openShop(page, errors);
    await page.waitForFunction(() => customElements.get("pay-checkout") !== undefined);

    const rendered = await page.evaluate(() =>
      [...document.querySelectorAll("pay-checkout")].map((el) => {
        const base = el.shadowRoot?.querySelector('[part="base"]');
        return { id: el.id, shadow: el.shadowRoot !== null, tag: base?.localName, label: base?.getAttribute("aria-label"), lang: base?.getAttribute("lang") };
      }),
    );
    expect(rendered).toEqual([
      { id: "en", shadow: true, tag: "section", label: "Payment", lang: "en" },
      { id: "page", shadow: true, tag: "section", label: "Pagamento", lang: "pt-BR" },
    ]);
    // As assistive technology sees it: two named regions, the seller's content inside the first.
    expect(await page.locator("body").ariaSnapshot()).toBe(
      ['- heading "Loja de teste" [level=1]', '- region "Payment":', "  - paragraph: Seller content, slotted", '- region "Pagamento"'].join("\n"),
    );

    // The attribute is live.
    await page.locator("#en").evaluate((el) => el.setAttribute("locale", "pt-BR"));
    await expect.poll(() => page.getByRole("region", { name: "Pagamento" }).count()).toBe(2);
    await page.locator("#en").evaluate((el) => el.setAttribute("locale", "en"));

    mkdirSync(RESULTS, { recursive: true });
    await page.screenshot({ path: join(RESULTS, "widget-served.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("answers /pay.js as a cross-origin module: JavaScript, CORS for any origin, nosniff, a short cache", async () => {
    const page = await browser.newPage();
    const script = await openShop(page, []);
    expect(script.status()).toBe(200);
    expect(script.request().headers()["origin"]).toBe(shop.origin); // a module script is a CORS request
    const headers = script.headers();
    expect(headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("public, max-age=300");
    expect(headers["etag"]).toBeTruthy();
    const body = await script.text();
    expect(body.trimEnd().endsWith("//# sourceMappingURL=pay.js.map")).toBe(true);
    await page.close();

    // Revalidation after max-age costs a 304, not the bundle.
    const again = await fetch(`${host.base}/pay.js`, { headers: { "If-None-Match": headers["etag"]! } });
    expect(again.status).toBe(304);
  });

  it("answers /pay.js.map beside it, with the widget's own sources", async () => {
    const res = await fetch(`${host.base}/pay.js.map`, { headers: { Origin: shop.origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const map = (await res.json()) as { file: string; sources: string[]; sourcesContent?: string[] };
    expect(map.file).toBe("pay.js");
    expect(map.sources).toEqual(expect.arrayContaining(["../../widget/src/pay.ts", "../../widget/src/pay-checkout.ts"]));
    expect(map.sourcesContent?.length).toBe(map.sources.length);
    // Shipped on purpose (docs/widget.md): the open-source files only, by paths relative to the
    // repository, never a path of the machine that built it.
    for (const source of map.sources) expect(source).toMatch(/^\.\.\/\.\.\/(widget|shared|node_modules)\//);
    expect(JSON.stringify(map.sources)).not.toContain(process.cwd());
  });

  it("never serves the Worker's rule files from dist/", async () => {
    for (const path of ["/_headers", "/_redirects"]) {
      const res = await fetch(`${host.base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
    }
  });
});
