/**
 * The payment link's page and its assets on the Worker: `/pay/{id}` is the Worker's (its own
 * strict CSP, the link mode's markup, the language, the link's preview tags), `/pay-link.js` the
 * static asset pay.js imports beside itself for link mode; the public view names who sells (a
 * sub-seller's CNPJ opened from its sealed record). The Node host's side:
 * test/api/link-page.test.ts and test/browser/link-page.test.ts.
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { VALID_CNPJ } from "../support/fixtures";
import { api, apiJson } from "./api";

/** A sub-seller with a CNPJ (on a fee plan of the test company written straight to the database), and its secret key. */
async function subSellerKey(): Promise<string> {
  const db = createClient({ url: inject("libsqlUrl") });
  const plan = crypto.randomUUID();
  await db.batch([
    { sql: "insert into fee_plans (id, name, owner_seller_id, platform_share_bps, created_at) values (?, 'Parceiros', ?, 1500, ?)", args: [plan, inject("sellerId"), new Date().toISOString()] },
    { sql: "insert into fee_plan_rates (fee_plan_id, payment_method, percent_bps, fixed_amount) values (?, 'PIX', 100, 0)", args: [plan] },
  ]);
  db.close();
  const sub = await apiJson<{ apiKey: string }>("POST", "/v1/sellers", 201, {
    legalName: "Padaria Pão Quente Ltda",
    fantasyName: "Pão & Cia",
    documentType: "CNPJ",
    documentNumber: VALID_CNPJ,
    email: `dono-${crypto.randomUUID().slice(0, 8)}@paoquente.com.br`,
    address: { street: "Rua Augusta", number: "100", neighborhood: "Consolação", city: "Sao Paulo", state: "SP", zipCode: "01305000", country: "BR" },
    bankAccount: { bankCode: "001", agencyNumber: "1234", accountNumber: "99887", accountType: "PAYMENT", transferType: "TED", accountHolderName: "Padaria Pão Quente Ltda", accountHolderDocument: VALID_CNPJ },
    businessInfo: {},
    paymentMethods: ["PIX"],
    feePlanId: plan,
  });
  return sub.apiKey;
}

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

  it("who sells and the preview: the public view's legal name and CNPJ, the page's Open Graph and Twitter tags, escaped", async () => {
    const key = await subSellerKey();
    const created = await api("POST", "/v1/payment-links", { name: "Pão <francês>", amountInCents: 1250, paymentMethods: ["PIX"], checkoutConfig: { locale: "pt-BR", imageUrl: "https://cdn.example/pao.jpg" } }, { "X-Api-Key": key });
    expect(created.status).toBe(201);
    const link = (await created.json()) as { id: string };
    const view = (await (await api("GET", `/v1/payment-links/${link.id}`, undefined, {})).json()) as { merchant: unknown; livemode: boolean };
    expect(view.merchant).toEqual({ name: "Pão & Cia", legalName: "Padaria Pão Quente Ltda", documentType: "CNPJ", document: VALID_CNPJ });
    expect(view.livemode).toBe(false);
    const html = (await (await viaAssets.fetch(`http://pay.test/pay/${link.id}`)).text()).replace(/\u00a0/g, " ");
    expect(html).toContain('<meta property="og:title" content="Pão &#60;francês&#62;">');
    expect(html).toContain('<meta property="og:description" content="R$ 12,50 · Pagamento para Pão &#38; Cia · Link de teste: nenhum valor é cobrado">');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/pao.jpg">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:url" content="${inject("baseUrl")}/pay/${link.id}">`);
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
