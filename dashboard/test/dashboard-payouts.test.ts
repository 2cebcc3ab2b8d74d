/**
 * The payouts page ("Repasses") and the named subscriptions (issue 31, items 2 and 4) as the
 * seller's OWNER meets them, against `npm start` (the real Node host), in São Paulo's time zone:
 * - two PIX charges are paid and settled by the sandbox run as of tomorrow, a third is paid after:
 *   the page's "Repassado", "A receber" and "Disponível" are the settlements API's and the charge's
 *   figures, the calendar lists tomorrow's payout, the payouts made list the settlement with its
 *   gross, fees and net; its page lists each transaction with its fee and net, and links to the
 *   payment;
 * - a PIX subscription: the list shows the buyer's name, the plan's name, the amount and the next
 *   charge as a date alone; the detail names buyer and plan (no ids), and its invoice's link opens
 *   the charge's payment page; the tables fit 1280 px without scrolling sideways.
 * Every page is photographed at 1280 and 375 px (test-results/dashboard-payouts-*.png,
 * dashboard-subscriptions-named-*.png, …), without horizontal scroll, axe-core violations, CSP
 * violations or script errors.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../shared/money";
import { buyerBody } from "../../test/support/fixtures";
import { planBody } from "../../test/support/subscription-plans";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";
import { checkPage, expectClean, openMember, register, sellerServer, WAIT, type Member } from "./dashboard-visitor";

const ZONE = "America/Sao_Paulo";
let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let seller: ReturnType<typeof sellerServer>;
let owner: Member;

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  seller = sellerServer(host);
  owner = await openMember(browser, "pt-BR", ZONE);
  await register(owner, host, host.ownerInvite!);
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

const brl = (amount: number) => formatMoney(amount, "BRL", "pt-BR");
const dateIn = (iso: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: ZONE }).format(new Date(iso));
const utcDate = (day: string) => new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Follows a section's link in the header. */
async function openSection(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(`${host.publicBase}${path}`, WAIT);
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

/** How far a table's region scrolls sideways (0: it fits). */
const sideways = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el.scrollWidth - el.clientWidth);

type Tx = { id: string; amount: number; feeAmount: number; description: string };
type Settlement = { id: string; dueDate: string; grossAmount: number; feeAmount: number; netAmount: number; transactionCount: number };

describe("payouts and named subscriptions, against npm start", { timeout: 120_000 }, () => {
  it("the payouts page shows the settlements API's figures, the calendar of what is to come, and each payout's transactions", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const settledIds = [await seller.paidPix(4100, "Pedido 101"), await seller.paidPix(2500, "Pedido 102")];
    const run = await seller.json<{ items: Settlement[] }>("POST", "/v1/sandbox/settlements/run", { asOf: tomorrow }, 200);
    expect(run.items).toHaveLength(1);
    const settlement = run.items[0]!;
    const pending = await seller.json<Tx>("GET", `/v1/transactions/${await seller.paidPix(1990, "Pedido 103")}`, undefined, 200);
    const settled = await Promise.all(settledIds.map((id) => seller.json<Tx>("GET", `/v1/transactions/${id}`, undefined, 200)));
    const all = await seller.json<{ items: Settlement[] }>("GET", "/v1/settlements?size=100", undefined, 200);
    const paidOut = all.items.reduce((sum, s) => sum + s.netAmount, 0);

    const { page } = owner;
    await openSection(page, "Repasses", "/dashboard/payouts");
    const figure = (name: string) => page.locator(`[data-figure="${name}"] .value`);
    await expect.poll(() => figure("paid-out").textContent(), WAIT).toBe(brl(paidOut));
    expect(await figure("pending").textContent()).toBe(brl(pending.amount - pending.feeAmount));
    expect(await figure("available").textContent()).toBe(brl(0));
    const day = page.locator(`li[data-date="${tomorrow.slice(0, 10)}"]`);
    expect(await day.locator(".net").textContent()).toBe(brl(pending.amount - pending.feeAmount));
    expect(await day.textContent()).toContain("1 venda");
    const row = page.locator(`tr[data-settlement="${settlement.id}"]`);
    const cells = await row.locator("td").allTextContents();
    expect(cells.map((c) => c.trim())).toEqual([
      utcDate(settlement.dueDate), "2", brl(settlement.grossAmount), brl(settlement.feeAmount), brl(0), brl(settlement.netAmount),
    ]);
    expect(settlement.grossAmount).toBe(6600);
    await checkPage(page, "payouts");

    await row.getByRole("link").click();
    await page.waitForURL(`${host.publicBase}/dashboard/payouts/${settlement.id}`, WAIT);
    await page.getByRole("heading", { name: `Repasse de ${utcDate(settlement.dueDate)}`, level: 1 }).waitFor();
    for (const tx of settled) {
      const line = page.locator(`tr[data-transaction="${tx.id}"] td`);
      await line.first().waitFor();
      const texts = (await line.allTextContents()).map((c) => c.trim());
      expect([texts[0], texts[1], ...texts.slice(3)]).toEqual([tx.description, "PIX", brl(tx.amount), brl(tx.feeAmount), brl(tx.amount - tx.feeAmount)]);
    }
    expect(settled.reduce((sum, tx) => sum + tx.feeAmount, 0)).toBe(settlement.feeAmount);
    await checkPage(page, "payout");
    await page.getByRole("link", { name: "Pedido 101" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments/${settled[0]!.id}`, WAIT);
    await page.getByRole("heading", { level: 1 }).filter({ hasText: brl(4100) }).waitFor();
    expectClean(owner);
  });

  it("the subscriptions list and detail name the buyer and plan, the amount and the next charge's date; the invoice opens its charge", async () => {
    const plan = await seller.json<{ id: string }>("POST", "/v1/subscriptions/plans", planBody({ name: "Clube do Livro", amount: 3990 }), 201);
    const buyer = await seller.json<{ id: string }>("POST", "/v1/buyers", buyerBody({ name: "Beatriz Nogueira" }), 201);
    const sub = await seller.json<{ id: string; nextBillingAt: string }>("POST", "/v1/subscriptions", { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX" }, 201);
    const { items } = await seller.json<{ items: { transactionId: string }[] }>("GET", `/v1/subscriptions/${sub.id}/invoices`, undefined, 200);
    // A PIX invoice is issued 3 days before it falls due: the next charge is that due day.
    const nextCharge = dateIn(new Date(Date.parse(sub.nextBillingAt) + 3 * 86_400_000).toISOString());

    const { page } = owner;
    await openSection(page, "Assinaturas", "/dashboard/subscriptions");
    const row = page.locator(`tr[data-subscription="${sub.id}"]`);
    await row.waitFor();
    const cells = (await row.locator("td").allTextContents()).map((c) => c.trim());
    expect(cells[0]).toBe("Beatriz Nogueira");
    expect(cells[1]).toBe("Clube do Livro");
    expect(cells[2]).toBe(`${brl(3990)}/mês`);
    expect(cells[5]).toBe(nextCharge);
    expect(cells[5]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await sideways(page, "dashboard-subscriptions [part=table]")).toBe(0);
    await checkPage(page, "subscriptions-named");

    await row.getByRole("link", { name: "Beatriz Nogueira" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/subscriptions/${sub.id}`, WAIT);
    await page.getByRole("heading", { name: "Beatriz Nogueira · Clube do Livro", level: 1 }).waitFor();
    const details = page.locator("dashboard-subscription [part=details]");
    expect(await details.textContent()).toContain("Beatriz Nogueira · maria@example.com");
    expect(await details.textContent()).toContain(`Clube do Livro · ${brl(3990)}/mês`);
    expect(await details.textContent()).toContain(nextCharge);
    const text = (await page.locator("dashboard-subscription").textContent()) ?? "";
    expect(text).not.toContain(buyer.id);
    expect(text).not.toContain(plan.id);
    expect(await sideways(page, "dashboard-subscription [part=invoices] .table-region")).toBe(0);
    await checkPage(page, "subscription-named");
    await page.locator("dashboard-subscription [part=invoices]").getByRole("link", { name: "Abrir a cobrança" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments/${items[0]!.transactionId}`, WAIT);
    await page.getByRole("heading", { level: 1 }).filter({ hasText: brl(3990) }).waitFor();
    expectClean(owner);
  });
});
