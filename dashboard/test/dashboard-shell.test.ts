/**
 * The dashboard's shell and words (issue 31, items 7 to 9; docs/dashboard.md, "Test and live",
 * "Phones" and "Errors"), against `npm start` (PUBLIC_BASE_URL=http://localhost:{port} for
 * WebAuthn, one host shared by the dashboard's browser tests: test/browser/shared-suite.ts), as
 * a sandbox seller's OWNER (invited as the first start invites one) with two paid PIX charges:
 * - test mode is unmistakable: a full-width banner on every member's page in test mode, one live
 *   region that stays across navigations; none in live mode, whose empty payments list says there
 *   are no live payments yet (not "no payments with these filters", which a filter still says);
 * - on a phone (375 × 667 px, an iPhone SE's screen) the header folds into a "Menu" button
 *   (aria-expanded, aria-controls; focus into the menu, Escape closes it and gives the focus back,
 *   following a link closes it) and the payments search into a "Filtros" disclosure, so the first
 *   payment row's top is above 667 px; at 1280 px neither button is there and everything shows;
 * - pt-BR says "Subcontas" (menu, title, heading, empty list), never "Subsellers";
 * - the audit log names the passkey and the device as the sessions page does;
 * - a server error is said by its code in pt-BR (an unknown code: a generic pt-BR sentence), never
 *   the API's English detail, with "Tentar de novo" that reads again; a refused field by its code.
 * Every page checked is photographed at 1280 and 375 px, has no horizontal scroll at 375 px, passes
 * axe-core's WCAG 2.1 AA rules, and runs under the strict CSP without a violation or script error.
 */
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, expectClean, openMember, register, sellerServer, WAIT, type Member } from "./dashboard-visitor";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let owner: Member;

/** An iPhone SE's screen: the smaller of the two phones the issue names (667 and 812 px tall). */
const PHONE = { width: 375, height: 667 };
const WIDE = { width: 1280, height: 800 };
const BANNER = "Modo de teste: você está vendo dados de teste. Nada aqui movimenta dinheiro real.";
const LIVE_EMPTY = /^Nenhum pagamento real ainda\./;

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  const seller = sellerServer(host);
  await seller.paidPix(4990, "Pedido 2001 — caneca");
  await seller.paidPix(12990, "Pedido 2002 — mochila");
  owner = await openMember(browser);
  await register(owner, host, host.ownerInvite!);
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

/** The test mode's banner (the app's live region). */
const banner = (page: Page) => page.locator("dashboard-app").locator(".test-banner");
const nav = (page: Page) => page.getByRole("navigation", { name: "Seções do painel" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });
const filtersButton = (page: Page) => page.getByRole("button", { name: "Filtros" });
const firstRow = (page: Page) => page.getByRole("row").filter({ hasText: "Pedido 200" }).first();
/** Whether the element the locator finds holds the focus (inside its shadow root). */
const focused = (locator: ReturnType<Page["locator"]>) => locator.evaluate((el) => el.matches(":focus"));

/** Follows a section's link in the header (at 1280 px). */
async function openSection(page: Page, name: string, path: string): Promise<void> {
  await nav(page).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(`${host.publicBase}${path}`, WAIT);
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

describe("the dashboard's shell and words", { timeout: 120_000 }, () => {
  it("test mode shows a banner on every page, one region across navigations; live mode has none and says it has no live payments yet", async () => {
    const { page } = owner;
    await firstRow(page).waitFor();
    await expect.poll(() => banner(page).textContent()).toBe(BANNER);
    expect(await banner(page).getAttribute("role")).toBe("status");
    // The same element after a navigation: a screen reader is not told again.
    await banner(page).evaluate((el) => el.setAttribute("data-seen", "yes"));
    await openSection(page, "Visão geral", "/dashboard/overview");
    expect(await banner(page).getAttribute("data-seen")).toBe("yes");
    expect(await banner(page).isVisible()).toBe(true);
    await checkPage(page, "test-banner-overview");
    const width = await banner(page).evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(WIDE.width);

    await openSection(page, "Pagamentos", "/dashboard/payments");
    await page.getByRole("switch", { name: "Modo produção" }).check();
    await page.getByText(LIVE_EMPTY).waitFor();
    expect(await page.getByText("Nenhum pagamento com estes filtros.").count()).toBe(0);
    expect(await banner(page).isVisible()).toBe(false);
    expect(await page.getByText(BANNER).count()).toBe(0);
    await checkPage(page, "live-empty");
    // A filter that matches nothing is said as such.
    await page.getByLabel("Status").selectOption({ label: "Pendente" });
    await page.getByText("Nenhum pagamento com estes filtros.").waitFor();
    expect(await page.getByText(LIVE_EMPTY).count()).toBe(0);
    await page.getByRole("button", { name: "Limpar" }).click();
    await page.getByText(LIVE_EMPTY).waitFor();

    await page.getByRole("switch", { name: "Modo produção" }).uncheck();
    await firstRow(page).waitFor();
    await expect.poll(() => banner(page).textContent()).toBe(BANNER);
    expectClean(owner);
  });

  it("at 375 px the menu folds behind a button (Escape closes it, focus returns, a link closes it) and the filters fold: the first payment row is on the first screen", async () => {
    const { page } = owner;
    await page.setViewportSize(PHONE);
    await firstRow(page).waitFor();
    expect(await banner(page).isVisible()).toBe(true);

    // The menu: closed, then open with the focus on its first link, then Escape.
    const button = menuButton(page);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.getAttribute("aria-controls")).toBe("menu");
    expect(await nav(page).isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    const overview = nav(page).getByRole("link", { name: "Visão geral", exact: true });
    expect(await overview.isVisible()).toBe(true);
    expect(await focused(overview)).toBe(true);
    await checkPage(page, "phone-menu-open");
    await page.setViewportSize(PHONE);
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await nav(page).isVisible()).toBe(false);
    expect(await focused(button)).toBe(true);
    // A link followed closes it.
    await button.click();
    await overview.click();
    await page.waitForURL(`${host.publicBase}/dashboard/overview`, WAIT);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await nav(page).isVisible()).toBe(false);
    await button.click();
    await nav(page).getByRole("link", { name: "Pagamentos", exact: true }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);

    // The filters: folded, so the first row starts on the first screen.
    const filters = filtersButton(page);
    expect(await filters.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByLabel("Status").isVisible()).toBe(false);
    await firstRow(page).waitFor();
    const top = await firstRow(page).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(PHONE.height);
    await page.screenshot({ path: "test-results/dashboard-phone-payments-375x667.png" });
    await filters.click();
    expect(await filters.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByLabel("Status").isVisible()).toBe(true);
    expect(await focused(page.getByLabel("Status"))).toBe(true);
    await checkPage(page, "phone-filters-open");
    await page.setViewportSize(PHONE);
    await filters.click();
    expect(await page.getByLabel("Status").isVisible()).toBe(false);

    // At 1280 px: no menu button, no filters button, everything shows.
    await page.setViewportSize(WIDE);
    expect(await button.isVisible()).toBe(false);
    expect(await filters.isVisible()).toBe(false);
    expect(await nav(page).isVisible()).toBe(true);
    expect(await page.getByLabel("Status").isVisible()).toBe(true);
    expectClean(owner);
  });

  it('says "Subcontas" in pt-BR: the menu, the title, the heading, the empty list', async () => {
    const { page } = owner;
    await openSection(page, "Subcontas", "/dashboard/sub-sellers");
    expect(await page.title()).toBe("Subcontas · Painel");
    await page.getByText("Nenhuma subconta neste modo.").waitFor();
    expect(await page.getByText(/subseller/i).count()).toBe(0);
    await checkPage(page, "subcontas");
    expectClean(owner);
  });

  it("the audit log names the passkey and the device as the sessions page does", async () => {
    const { page } = owner;
    await page.getByRole("link", { name: "Sessões" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/sessions`, WAIT);
    const device = (await page.locator("dashboard-sessions li.session h2").first().textContent())!.trim();
    expect(device).toBe("Chrome no Linux");

    await openSection(page, "Registro de auditoria", "/dashboard/audit-log");
    const row = page.getByRole("row").filter({ hasText: "Chave de acesso cadastrada" });
    await row.waitFor();
    expect(await row.locator("td.id").textContent()).toMatch(/^Chave de acesso \S+$/);
    const agent = row.locator("td.agent");
    expect((await agent.innerText()).split("\n")[0]).toBe(device);
    // The whole user agent is one click away, as on the sessions page.
    await agent.getByText("Identificação do navegador").click();
    await agent.getByText(/^Mozilla\/5\.0 /).waitFor();
    await checkPage(page, "audit-log-devices");
    expectClean(owner);
  });

  it("a server error is said by its code in pt-BR, never its English detail, with a retry that reads again; a refused field by its code", async () => {
    const { page } = owner;
    await openSection(page, "Pagamentos", "/dashboard/payments");
    await firstRow(page).waitFor();
    const problem = (status: number, code: string, detail: string, errors?: unknown[]) => (route: Route) =>
      route.fulfill({ status, contentType: "application/problem+json", body: JSON.stringify({ type: "about:blank", title: "Error", status, code, detail, ...(errors ? { errors } : {}) }) });

    // A 503 once: its pt-BR sentence and "Tentar de novo"; the retry goes through.
    await page.route("**/dashboard/api/payments?*", problem(503, "SERVICE_UNAVAILABLE", "The database is unreachable."), { times: 1 });
    await page.getByLabel("Status").selectOption({ label: "Pago" });
    const alert = page.getByRole("alert").filter({ hasText: "O serviço está indisponível agora. Tente de novo em instantes." });
    await alert.waitFor();
    expect(await page.getByText("The database is unreachable.").count()).toBe(0);
    await checkPage(page, "read-failed");
    const read = page.waitForResponse((r) => r.url().includes("/dashboard/api/payments?") && r.status() === 200);
    await alert.getByRole("button", { name: "Tentar de novo" }).click();
    await read;
    await firstRow(page).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);

    // A code this dashboard does not know: a generic pt-BR sentence, still with the retry.
    await page.route("**/dashboard/api/payments?*", problem(500, "SOMETHING_NEW", "A brand new failure."), { times: 1 });
    await page.getByLabel("Status").selectOption({ label: "Todos os status" });
    const generic = page.getByRole("alert").filter({ hasText: "Algo deu errado. Tente de novo em instantes." });
    await generic.waitFor();
    expect(await page.getByText("A brand new failure.").count()).toBe(0);
    await generic.getByRole("button", { name: "Tentar de novo" }).click();
    await firstRow(page).waitFor();

    // A field the server refused: under the field, by its code.
    const refused = [{ path: "email", in: "query", code: "invalid_format", message: "must be a valid email address" }];
    await page.route("**/dashboard/api/payments?*", problem(400, "VALIDATION_FAILED", "Invalid values for: email.", refused), { times: 1 });
    await page.getByLabel("E-mail do comprador").fill("maria@example.com");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByText("Este valor não está no formato esperado.").waitFor();
    expect(await page.getByText("must be a valid email address").count()).toBe(0);
    await page.unrouteAll({ behavior: "wait" });
    expectClean(owner);
  });
});
