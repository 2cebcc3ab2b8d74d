/**
 * A payment's page as a FINANCE member uses it to refund and to answer support (issue 31, items 5
 * and 6), against `npm start` (the real Node host, PUBLIC_BASE_URL=http://localhost:{port}):
 * - a card sale in 3 installments shows its installments, acquirer and authorization code, the
 *   card by its last 4 digits only, and its money (paid, fee, net);
 * - a paid PIX shows its E2E id; refunding part of it opens a dialog naming the amount and the
 *   buyer; "Cancelar" sends nothing; "Confirmar reembolso" sends one request with an
 *   Idempotency-Key; the page then follows the refund without a reload until the sandbox acquirer
 *   completes it (its queue job, a couple of seconds later): "Reembolsado parcialmente", the
 *   refunded total, the net after refunds, and the reason typed, which /v1 returns too;
 * - a page left while a refund is pending reads nothing more (the browser's clock is driven: no
 *   timer is left behind).
 * Every state is photographed at 1280 and 375 px (test-results/dashboard-refund-*.png), with no
 * horizontal scroll at 375 px, no axe-core WCAG 2.1 AA violation, no CSP violation or script error.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardInput, runThreeDs } from "../../test/support/cards";
import { checkPage, expectClean, openMember, register, sellerServer, UUID, WAIT, type Member } from "./dashboard-visitor";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let seller: ReturnType<typeof sellerServer>;
let finance: Member;

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  seller = sellerServer(host);
  finance = await openMember(browser);
  await register(finance, host, await seller.invite("FINANCE", "Renata", "Alves", "renata@loja.example.com"));
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** A field of the payment's details or money, by its label: the value shown. */
const field = (page: Page, label: string) => page.locator("dashboard-payment .field").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");

/** Opens a payment's page (a full load, as a link shared by support would). */
async function openPayment(page: Page, id: string, amount: RegExp): Promise<void> {
  await page.goto(`${host.publicBase}/dashboard/payments/${id}`);
  await page.getByRole("heading", { name: amount, level: 1 }).waitFor();
}

describe("a payment's page", () => {
  it("a card sale: installments, acquirer and authorization code, the card by its last 4 digits, and its money", async () => {
    const { page } = finance;
    const card = cardInput("4111111111111111");
    const send = (method: string, path: string, body?: unknown) => seller.v1(method, path, body);
    const run = await runThreeDs(send, { request: (path, init) => fetch(`${host.base}${path}`, init) }, card, 30000);
    expect(run.ok, JSON.stringify(run)).toBe(true);
    const buyer = { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725" };
    const sale = await seller.json<{ id: string; acquirer: string; authorizationCode: string; feeAmount: number }>("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 30000, currency: "BRL", installments: 3, buyer, card, threeDs: run.threeDs }, 201);
    await openPayment(page, sale.id, /^Pagamento de R\$\s300,00$/);
    await expect.poll(() => field(page, "Parcelas").textContent()).toBe("3×");
    expect(await field(page, "Adquirente").textContent()).toBe(sale.acquirer);
    expect(sale.acquirer).toMatch(/^sandbox-(alpha|beta)$/);
    expect(await field(page, "Código de autorização").textContent()).toBe(sale.authorizationCode);
    expect(sale.authorizationCode).toBe(sale.id.slice(0, 6).toUpperCase());
    expect(await field(page, "Cartão").textContent()).toBe("VISA •••• 1111");
    expect(await field(page, "Pago pelo comprador").textContent()).toMatch(/^R\$\s300,00$/);
    const net = (await field(page, "Líquido após reembolsos").textContent())!.replace(/\s/g, " ");
    expect(net).toBe(BRL.format((30000 - sale.feeAmount) / 100).replace(/\s/g, " "));
    expect(await page.locator("dashboard-payment").textContent()).not.toContain("4111111111111111");
    await checkPage(page, "refund-card-detail");
    expectClean(finance);
  });

  it("a PIX: its E2E id; a partial refund confirmed in a dialog naming the amount, followed without a reload to \"Reembolsado parcialmente\", with its reason", async () => {
    const { page } = finance;
    const id = await seller.paidPix(5000, "Pedido 3001 — vestido"); // 0,99 %: fee R$ 0,50
    const paid = await seller.json<{ paymentDetails: { endToEndId: string } }>("GET", `/v1/transactions/${id}`, undefined, 200);
    await openPayment(page, id, /^Pagamento de R\$\s50,00$/);
    await expect.poll(() => field(page, "ID fim a fim do PIX (E2E)").textContent()).toBe(paid.paymentDetails.endToEndId);
    expect(await field(page, "Líquido após reembolsos").textContent()).toMatch(/^R\$\s49,50$/);

    const sent: Array<{ key: string; status: number }> = [];
    page.on("response", (res) => {
      if (res.request().method() === "POST" && res.url().includes("/refunds")) sent.push({ key: res.request().headers()["idempotency-key"] ?? "", status: res.status() });
    });
    // A reload would lose this mark: the page must follow the refund on its own.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByLabel("Valor a reembolsar (R$)").fill("12,34");
    await page.getByLabel("Motivo (opcional)").fill("  Cliente desistiu da compra  ");
    await page.getByRole("button", { name: "Reembolsar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: /^Reembolsar R\$\s12,34 para Maria da Silva\?$/ });
    await dialog.waitFor();
    await checkPage(page, "refund-dialog");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(sent).toEqual([]);

    await page.getByRole("button", { name: "Reembolsar", exact: true }).click();
    await dialog.getByRole("button", { name: "Confirmar reembolso" }).click();
    await page.getByText(/^Reembolso de R\$\s12,34 solicitado\.$/).waitFor();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.status).toBe(201);
    expect(sent[0]!.key).toMatch(UUID);

    // The sandbox completes it a couple of seconds later; the page reads the payment until it does.
    await page.locator("dashboard-payment .badge").filter({ hasText: "Reembolsado parcialmente" }).waitFor(WAIT);
    await page.getByText(/^O reembolso de R\$\s12,34 foi concluído\.$/).waitFor();
    expect(await field(page, "Reembolsado").textContent()).toMatch(/^R\$\s12,34$/);
    expect(await field(page, "Líquido após reembolsos").textContent()).toMatch(/^R\$\s37,16$/);
    await page.getByRole("row").filter({ hasText: /R\$\s12,34/ }).filter({ hasText: "Concluído" }).filter({ hasText: "Cliente desistiu da compra" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(sent).toHaveLength(1);
    const after = await seller.json<{ refunds: Array<{ amount: number; reason: string; status: string }> }>("GET", `/v1/transactions/${id}`, undefined, 200);
    expect(after.refunds).toEqual([expect.objectContaining({ amount: 1234, status: "COMPLETED", reason: "Cliente desistiu da compra" })]);
    await checkPage(page, "refund-partially-refunded");
    expectClean(finance);
  });

  it("a page left while a refund is pending reads the payment no more", async () => {
    const id = await seller.paidPix(2000, "Pedido 3002 — saia");
    // A page of its own whose timers the test drives; the member's session cookie comes with the context.
    const page = await finance.context.newPage();
    await page.clock.install();
    const reads: string[] = [];
    page.on("request", (req) => req.method() === "GET" && new URL(req.url()).pathname === `/dashboard/api/payments/${id}` && reads.push(req.url()));
    await seller.json("POST", `/v1/transactions/${id}/refunds`, { amount: 500 }, 201);
    await openPayment(page, id, /^Pagamento de R\$\s20,00$/);
    await page.getByText("O reembolso está em andamento; esta página se atualiza quando ele terminar.").waitFor();
    expect(reads).toHaveLength(1);
    // One second on: the page reads it again (and waits 2 s for the next, had it stayed).
    await page.clock.runFor(1_000);
    await expect.poll(() => reads.length).toBe(2);
    await page.getByRole("link", { name: "← Voltar para pagamentos" }).click();
    await page.getByRole("heading", { name: "Pagamentos", level: 1 }).waitFor();
    await page.clock.runFor(120_000);
    // The list read its page; no read of the payment came after the page was left.
    await page.getByRole("row").filter({ hasText: "Pedido 3002 — saia" }).waitFor();
    expect(reads).toHaveLength(2);
    await page.close();
  });
});
