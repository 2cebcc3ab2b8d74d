/**
 * Finding a payment in the dashboard (issue 31, item 3; docs/dashboard.md, "Finding a payment"),
 * against `npm start` (the real Node host): the seller's server makes a PIX charge for José (CPF
 * 390.533.447-05), one for Maria, and a card sale ending in 1111; the OWNER, signed in with a
 * passkey, searches by CPF typed with punctuation and finds José's payment alone, then by the
 * card's last 4 digits and finds the card sale alone; "Exportar CSV" downloads that search as a
 * `;`-separated file. The search is photographed at 1280 and 375 px
 * (test-results/dashboard-payments-search-*.png), without horizontal scroll, axe violations, CSP
 * violations or script errors.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateBody, cardInput } from "../../test/support/cards";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";
import { checkPage, expectClean, openMember, register, sellerServer, type Member } from "./dashboard-visitor";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let owner: Member;
let seller: ReturnType<typeof sellerServer>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  seller = sellerServer(host);
  const pix = (name: string, documentNumber: string, amount: number) =>
    seller.json<{ id: string }>("POST", "/v1/transactions", { paymentMethod: "PIX", amount, currency: "BRL", description: `Pedido de ${name}`, buyer: { name, email: "comprador@example.com", documentType: "CPF", documentNumber } }, 201);
  ids.jose = (await pix("José da Conceição", "39053344705", 4990)).id;
  ids.maria = (await pix("Maria da Silva", "52998224725", 1500)).id;
  // A frictionless Visa card sale, as the seller's server makes one: 3DS setup, authenticate, sale.
  const card = cardInput("4111111111111111");
  const setup = await seller.json<{ requestId: string; referenceId: string }>("POST", "/v1/transactions/threeds/setup", { card }, 200);
  const auth = await seller.json<Record<string, string>>("POST", "/v1/transactions/threeds/authenticate", authenticateBody(setup, card, 2500), 200);
  const threeDs = { cavv: auth.cavv, xid: auth.xid, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId };
  const buyer = { name: "Carla Cartão", email: "carla@example.com", documentType: "CPF", documentNumber: "71428793860" };
  ids.card = (await seller.json<{ id: string }>("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 2500, currency: "BRL", buyer, card, threeDs }, 201)).id;
  owner = await openMember(browser);
  await register(owner, host, host.ownerInvite!);
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

/** Searches by the key labelled `by` for `text`, and waits for the count the answer shows. */
async function searchBy(by: string, text: string, count: string) {
  const { page } = owner;
  const form = page.getByRole("search", { name: "Buscar pagamentos" });
  await form.getByLabel("Buscar por").selectOption({ label: by });
  await form.getByLabel("Termo da busca").fill(text);
  await form.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("status").filter({ hasText: count }).waitFor();
}

/** The ids of the rows the table shows (each row links to its payment). */
async function rowIds(): Promise<string[]> {
  const hrefs = await owner.page.locator("dashboard-payments tbody tr a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((h) => h.split("/").pop()!);
}

describe("finding a payment", () => {
  it("by CPF typed with punctuation: José's payment alone", async () => {
    await searchBy("CPF/CNPJ", "390.533.447-05", "1 pagamento");
    expect(await rowIds()).toEqual([ids.jose]);
    expect(await owner.page.locator("dashboard-payments tbody").textContent()).toContain("José da Conceição");
    await checkPage(owner.page, "payments-search");
  });

  it("by the card's last 4 digits: the card sale alone; the export downloads that search", async () => {
    await searchBy("Final do cartão (4 dígitos)", "1111", "1 pagamento");
    expect(await rowIds()).toEqual([ids.card]);
    const link = owner.page.getByRole("link", { name: "Exportar CSV" });
    const href = await link.getAttribute("href");
    expect(href).toContain("cardLast4=1111");
    const csv = await owner.page.request.get(`${host.publicBase}${href}`);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toMatch(/^\uFEFFID;Criado em;/);
    expect(lines.slice(1, -1).map((l) => l.split(";")[0])).toEqual([ids.card]);
    // A text that cannot be a CPF is refused under its field, before any request.
    await owner.page.getByLabel("Buscar por").selectOption({ label: "CPF/CNPJ" });
    await owner.page.getByLabel("Termo da busca").fill("123.456");
    await owner.page.getByRole("button", { name: "Buscar" }).click();
    await owner.page.getByText("Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres).").waitFor();
    expectClean(owner);
  });
});
