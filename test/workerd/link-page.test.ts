/**
 * The payment link's page and its assets on the Worker: `/pay/{id}` is the Worker's (its own
 * strict CSP, the link mode's markup, the language), `/pay-link.js` the static asset pay.js
 * imports beside itself for link mode. The Node host's side: test/browser/link-page.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiJson } from "./api";

const viaAssets = (env as unknown as { WORKER_WITH_ASSETS: Fetcher }).WORKER_WITH_ASSETS;

describe("the payment link's page in workerd", () => {
  it("GET /pay/{id}: the page under its CSP, with the link mode's element and pay.js, in the link's language", async () => {
    const link = await apiJson<{ id: string; publicUrl: string }>("POST", "/v1/payment-links", 201, { name: "Aula <avulsa>", amountInCents: 8000, paymentMethods: ["PIX"], checkoutConfig: { locale: "en" } });
    const res = await viaAssets.fetch(`http://pay.test/pay/${link.id}`, { headers: { "Accept-Language": "pt-BR" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // One framing policy: X-Frame-Options says what frame-ancestors says (issue 28, finding 8).
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(csp).not.toContain("unsafe-inline");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Aula &#60;avulsa&#62;</title>");
    expect(html).toContain(`<pay-checkout payment-link="${link.id}" locale="en"></pay-checkout>`);
    expect(html).toContain('<script type="module" src="/pay.js"></script>');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });

  it("an unknown link is a 404 page in the browser's language", async () => {
    const res = await viaAssets.fetch(`http://pay.test/pay/${crypto.randomUUID()}`, { headers: { "Accept-Language": "en-GB,en;q=0.9" } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Payment link not found");
    expect((await viaAssets.fetch("http://pay.test/pay/not-an-id")).status).toBe(404);
  });

  it("GET /pay-link.js: the link mode's chunk, importing pay.js from beside itself", async () => {
    const res = await viaAssets.fetch("http://pay.test/pay-link.js", { headers: { Origin: "https://shop.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = await res.text();
    expect(body).toMatch(/from"\.\/pay\.js"/);
    expect(body).toContain("pay-link");
    const pay = await (await viaAssets.fetch("http://pay.test/pay.js")).text();
    expect(pay).toContain("import(`./pay-link.js`)");
  });
});
