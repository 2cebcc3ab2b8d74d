/**
 * The payment link's page on the Node host's app: one framing policy (issue 28, finding 8). Its CSP
 * lets no one frame it (`frame-ancestors 'none'`), and X-Frame-Options says the same (DENY), where
 * before it said SAMEORIGIN. Who sells (issue 31): the public view names the seller's legal name
 * and CNPJ (a person's CPF masked), and the page's HTML carries the link's preview (Open Graph and
 * Twitter tags), every value escaped. The Worker's side: test/workerd/link-page.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellers } from "../../worker/db/schema";
import { createLink, publicCall } from "../support/payment-links";
import { createTestContext, requester } from "../support/platform";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { VALID_CNPJ, VALID_CPF } from "../support/fixtures";

/** The `<meta>` tags of a page: property or name → content, as a crawler reads them (Intl's no-break spaces as spaces). */
function metaOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[key!] = content!.replace(/\u00a0/g, " ");
  return tags;
}

describe("GET /pay/{id}", () => {
  it("no one may frame it: frame-ancestors 'none' and X-Frame-Options DENY, for a link and for an unknown one", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx);
    for (const [path, status] of [[`/pay/${link.id}`, 200], [`/pay/${crypto.randomUUID()}`, 404]] as const) {
      const res = await publicCall(ctx.app, "GET", path);
      expect(res.status).toBe(status);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      // One value (a set header, not a second one appended beside the default).
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    // The API keeps its own default.
    expect((await publicCall(ctx.app, "GET", "/health")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("previews in WhatsApp: og:title, og:description with the price and seller, og:image, twitter:card, all escaped", async () => {
    const ctx = await createTestContext();
    await ctx.platform.db.update(sellers).set({ fantasyName: `Loja "Aspas" & <Cia>` }).where(eq(sellers.id, ctx.seller.sellerId));
    const link = await createLink(ctx, { name: `Camiseta <b>"Azul"</b>`, description: "100% algodão & orgânico", checkoutConfig: { locale: "pt-BR", imageUrl: "https://cdn.loja.example/camiseta.jpg?a=1&b=2" } });
    const res = await publicCall(ctx.app, "GET", `/pay/${link.id}`);
    const html = await res.text();
    expect(metaOf(html)).toEqual({
      viewport: "width=device-width, initial-scale=1",
      referrer: "no-referrer",
      description: "R$ 49,90 · Pagamento para Loja &#34;Aspas&#34; &#38; &#60;Cia&#62; · 100% algodão &#38; orgânico · Link de teste: nenhum valor é cobrado",
      "og:type": "website",
      "og:url": `${ctx.platform.config.baseUrl}/pay/${link.id}`,
      "og:title": "Camiseta &#60;b&#62;&#34;Azul&#34;&#60;/b&#62;",
      "og:description": "R$ 49,90 · Pagamento para Loja &#34;Aspas&#34; &#38; &#60;Cia&#62; · 100% algodão &#38; orgânico · Link de teste: nenhum valor é cobrado",
      "og:locale": "pt_BR",
      "og:site_name": "Loja &#34;Aspas&#34; &#38; &#60;Cia&#62;",
      "og:image": "https://cdn.loja.example/camiseta.jpg?a=1&#38;b=2",
      "twitter:card": "summary_large_image",
      "twitter:title": "Camiseta &#60;b&#62;&#34;Azul&#34;&#60;/b&#62;",
      "twitter:description": "R$ 49,90 · Pagamento para Loja &#34;Aspas&#34; &#38; &#60;Cia&#62; · 100% algodão &#38; orgânico · Link de teste: nenhum valor é cobrado",
      "twitter:image": "https://cdn.loja.example/camiseta.jpg?a=1&#38;b=2",
    });
    expect(html).not.toContain("<b>");
  });

  it("no image: a summary card; a choose-the-amount link in English says so; an http image is not offered", async () => {
    const ctx = await createTestContext();
    const link = await createLink(ctx, { amountInCents: undefined, chargeType: "CUSTOMER_CHOICE", minAmountInCents: 500, description: undefined, checkoutConfig: { locale: "en", imageUrl: "http://cdn.loja.example/x.jpg" } });
    const tags = metaOf(await (await publicCall(ctx.app, "GET", `/pay/${link.id}`)).text());
    expect(tags["og:description"]).toBe("Amount of your choice · Payment to Loja Teste Ltda · Test link: nothing is charged");
    expect(tags["twitter:card"]).toBe("summary");
    expect(tags["og:image"]).toBeUndefined();
  });
});

describe("who sells, in the link's public view", () => {
  it("a company's legal name and CNPJ in full, from its record", async () => {
    const ctx = await createTestContext();
    await ctx.platform.db.update(sellers).set({ fantasyName: "Loja Teste", documentType: "CNPJ", documentNumber: VALID_CNPJ }).where(eq(sellers.id, ctx.seller.sellerId));
    const link = await createLink(ctx);
    const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
    expect(view.merchant).toEqual({ name: "Loja Teste", legalName: "Loja Teste Ltda", documentType: "CNPJ", document: VALID_CNPJ });
    expect(view.livemode).toBe(false);
  });

  it("a sub-seller's CNPJ opened from its sealed record; a person's CPF stays masked", async () => {
    const ctx = await createTestContext();
    const plan = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
    for (const [body, merchant] of [
      [sellerBody(plan), { name: "Pao Quente", legalName: "Padaria Pão Quente Ltda", documentType: "CNPJ", document: VALID_CNPJ }],
      [sellerBody(plan, { legalName: "Maria Doceira", fantasyName: undefined, documentType: "CPF", documentNumber: VALID_CPF, email: "maria@example.com" }), { name: "Maria Doceira", legalName: "Maria Doceira", documentType: "CPF", document: "***.982.247-**" }],
    ] as const) {
      const created = await ctx.post("/v1/sellers", body);
      expect(created.status, await created.clone().text()).toBe(201);
      const sub = await created.json();
      const link = await createLink(requester(ctx.app, { sellerId: sub.id, apiKey: sub.apiKey, publishableKey: sub.publishableKey }));
      const view = await (await publicCall(ctx.app, "GET", `/v1/payment-links/${link.id}`)).json();
      expect(view.merchant).toEqual(merchant);
    }
  });
});
