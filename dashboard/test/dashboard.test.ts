/**
 * The seller dashboard (docs/dashboard.md) as a seller's team meets it, against `npm start` (the
 * real Node host) with PUBLIC_BASE_URL=http://localhost:{port} (Chromium refuses WebAuthn on an IP
 * address). Each member is a browser context of its own with a virtual WebAuthn authenticator
 * (Chrome DevTools Protocol), so passkeys are created and used as on a phone or laptop:
 * - the seller invites a FINANCE member with its secret key; the member opens the invite link,
 *   creates a passkey and lands on the payments; a PIX charge paid through the sandbox is listed;
 *   they open it and refund part of it (a refund whose answer is lost is sent again with the same
 *   Idempotency-Key and made once; a refusal is said by its problem code in pt-BR); they sign out and
 *   sign in again with the same passkey;
 * - an OPERATION member sees payments but no refund button, and the refund route answers 403
 *   even when called from their page; an ADMIN reads both in the audit log;
 * - a FINANCE member in São Paulo searches the payments: by the buyer's e-mail typed in another
 *   case, an amount range in reais (sent in cents), São Paulo's days (sent as instants) and a
 *   method (card: none); the filters go with the next page and a new search starts from the first;
 *   a full payment id opens that payment without a list call; a bad amount is shown under its field
 *   before any call, and a server's 400 under the field its path names;
 * - a change sent from another origin is refused, with the cookie copied or from another site's page.
 * Every page is photographed at 1280 and 375 px (test-results/dashboard-*.png), has no horizontal
 * scroll at 375 px, passes axe-core's WCAG 2.1 AA rules, and runs under the page's strict CSP
 * without a violation or a script error.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveForLive, checkPage, expectClean, openMember as openMemberIn, PAGE_CSP, register as registerAt, sellerServer, UUID, WAIT, type Member } from "./dashboard-visitor";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";
import { startServer, type TestServer } from "../../test/browser/servers";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let shop: TestServer;
let seller: ReturnType<typeof sellerServer>;
let liveSeller: ReturnType<typeof sellerServer>;

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  seller = sellerServer(host);
  // Members invited with the live key hold live access (the FINANCE below reads live mode too).
  const liveSecret = (await approveForLive(host, true))!;
  liveSeller = sellerServer(host, () => liveSecret);
  // Another site, for the cross-origin attempt.
  shop = await startServer({ "/": { body: "<!doctype html><title>Loja</title><h1>Loja</h1>" } });
}, 180_000);

afterAll(() => suite?.stop(shop), 60_000);

/** A call of the seller's server, with its secret key. */
const v1 = (method: string, path: string, body?: unknown) => seller.v1(method, path, body);
/** Invites a member with the live secret key (so they hold live access): the invite link, shown once. */
const invite = (profile: string, firstName: string, lastName: string, email: string) => liveSeller.invite(profile, firstName, lastName, email);
/** A PIX charge created by the seller's server and paid by the buyer's bank (sandbox): its id. */
const paidPix = (amount: number, description: string) => seller.paidPix(amount, description);

/** A transaction's refunds, as the seller's server reads them. */
async function refundsOf(id: string): Promise<Array<{ amount: number; status: string }>> {
  const res = await v1("GET", `/v1/transactions/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { refunds: Array<{ amount: number; status: string }> }).refunds;
}

/** A member's browser, in this file's Chromium. */
const openMember = (locale = "pt-BR") => openMemberIn(browser, locale);
/** Opens the invite, creates the passkey and waits for the payments list. */
const register = (member: Member, inviteUrl: string) => registerAt(member, host, inviteUrl);

/** Presses "Reembolsar" and confirms in the dialog that names the amount. */
async function refundConfirmed(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Reembolsar", exact: true }).click();
  await page.getByRole("dialog", { name: /^Reembolsar R\$/ }).getByRole("button", { name: "Confirmar reembolso" }).click();
}

/** A payments table row, by its payment's description. */
const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

let finance: Member;
let paymentA: string;
let paymentB: string;

describe("the seller dashboard, against npm start", { timeout: 120_000 }, () => {
  it("every dashboard path answers the same page under its strict CSP; /dashboard.js is served", async () => {
    for (const path of ["/dashboard", "/dashboard/invite", "/dashboard/sign-in", "/dashboard/payments", `/dashboard/payments/${crypto.randomUUID()}`, "/dashboard/audit-log"]) {
      const res = await fetch(`${host.base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toBe(PAGE_CSP);
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      const html = await res.text();
      expect(html).toContain('<script type="module" src="/dashboard.js"></script>');
      expect(html).toContain("<dashboard-app></dashboard-app>");
    }
    const script = await fetch(`${host.base}/dashboard.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await fetch(`${host.base}/dashboard.js.map`)).status).toBe(200);
  });

  it("without a session a member's page goes to sign in; an invite link that is invalid or incomplete says so", async () => {
    const visitor = await openMember();
    const { page } = visitor;
    await page.goto(`${host.publicBase}/dashboard/payments`);
    await page.waitForURL(`${host.publicBase}/dashboard/sign-in`, WAIT);
    await page.getByRole("button", { name: "Entrar" }).waitFor();
    await page.goto(`${host.publicBase}/dashboard/invite#token=not-a-real-invite`);
    await page.getByRole("alert").filter({ hasText: "Este convite é inválido, já foi usado ou expirou" }).waitFor();
    expect(await page.getByRole("button", { name: "Criar chave de acesso" }).count()).toBe(0);
    await checkPage(page, "invite-invalid");
    await page.goto(`${host.publicBase}/dashboard/invite`);
    await page.getByRole("alert").filter({ hasText: "Este link de convite está incompleto" }).waitFor();
    expectClean(visitor);
    await visitor.context.close();
  });

  it("speaks English to a browser in English", async () => {
    const visitor = await openMember("en-US");
    const { page } = visitor;
    await page.goto(`${host.publicBase}/dashboard/sign-in`);
    await page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual(["en", "Sign in to the dashboard · Dashboard"]);
    await page.goto(`${host.publicBase}/dashboard/invite#token=not-a-real-invite`);
    await page.getByRole("alert").filter({ hasText: "This invite is invalid, already used or expired" }).waitFor();
    expectClean(visitor);
    await visitor.context.close();
  });

  it("FINANCE: the invite, a passkey, the paid PIX in the list (test and live), and its page", async () => {
    paymentA = await paidPix(5000, "Pedido 1001 — camiseta");
    paymentB = await paidPix(8990, "Pedido 1002 — tênis");
    finance = await openMember();
    const { page } = finance;
    const inviteUrl = await invite("FINANCE", "Fernanda", "Lima", "fernanda@example.com");
    await page.goto(inviteUrl);
    await page.getByRole("heading", { name: "Crie sua chave de acesso" }).waitFor();
    await page.getByText("Fernanda, você foi convidado(a) para o painel de").waitFor();
    await page.getByText("fernanda@example.com").waitFor();
    await page.getByText("Financeiro").waitFor();
    await checkPage(page, "invite");

    const me = page.waitForResponse((r) => r.url().endsWith("/dashboard/api/me") && r.status() === 200);
    await register(finance, inviteUrl);
    const { seller } = (await (await me).json()) as { seller: { name: string } };
    const header = page.locator("dashboard-header");
    await header.getByText(seller.name).waitFor();
    await header.getByText("Fernanda Lima · Financeiro").waitFor();
    expect(await page.getByRole("link", { name: "Registro de auditoria" }).count()).toBe(0);
    await row(page, "Pedido 1001 — camiseta").filter({ hasText: /R\$\s50,00/ }).filter({ hasText: "Pago" }).waitFor();
    await row(page, "Pedido 1002 — tênis").filter({ hasText: /R\$\s89,90/ }).waitFor();
    await checkPage(page, "payments");

    // Live data: none yet; every payments call carried the mode.
    const modes: string[] = [];
    page.on("request", (req) => req.url().includes("/dashboard/api/payments") && modes.push(new URL(req.url()).searchParams.get("mode") ?? ""));
    await page.getByRole("switch", { name: "Modo produção" }).check();
    await page.getByText(/^Nenhum pagamento real ainda\./).waitFor();
    await page.getByText("Dados reais").waitFor();
    await page.getByRole("switch", { name: "Modo produção" }).uncheck();
    await row(page, "Pedido 1001 — camiseta").waitFor();
    expect(modes).toEqual(["live", "test"]);
    // The status filter.
    await page.getByLabel("Status").selectOption({ label: "Pendente" });
    await page.getByText("Nenhum pagamento com estes filtros.").waitFor();
    await page.getByLabel("Status").selectOption({ label: "Pago" });
    await row(page, "Pedido 1002 — tênis").waitFor();

    await page.getByRole("link", { name: "Pedido 1001 — camiseta" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments/${paymentA}`, WAIT);
    await page.getByRole("heading", { name: /^Pagamento de R\$\s50,00$/ }).waitFor();
    await page.getByText("Nenhum reembolso ainda.").waitFor();
    await page.getByRole("button", { name: "Reembolsar" }).waitFor();
    expectClean(finance);
  });

  it("FINANCE refunds part of it: a lost answer is retried with the same Idempotency-Key and refunds once; a refusal is said by its code in pt-BR", async () => {
    const { page } = finance;
    const sent: { key: string; status: number; replayed: string | null }[] = [];
    page.on("response", (res) => {
      if (res.request().method() === "POST" && res.url().includes("/refunds")) sent.push({ key: res.request().headers()["idempotency-key"] ?? "", status: res.status(), replayed: res.headers()["idempotent-replayed"] ?? null });
    });
    // The first press reaches the server, which refunds; its answer is lost on the way back.
    let reached: { key: string; status: number } | undefined;
    await page.route("**/dashboard/api/payments/*/refunds*", async (route) => {
      const res = await route.fetch();
      reached = { key: route.request().headers()["idempotency-key"] ?? "", status: res.status() };
      await route.abort("connectionreset");
    });
    await page.getByLabel("Valor a reembolsar (R$)").fill("12,50");
    await refundConfirmed(page);
    await page.getByRole("alert").filter({ hasText: "Não foi possível falar com o servidor" }).waitFor();
    expect(reached?.status).toBe(201);
    expect(reached?.key).toMatch(UUID);
    await page.unroute("**/dashboard/api/payments/*/refunds*");
    // Pressed again, unchanged: the same submission, the same key; the server answers the first refund.
    await refundConfirmed(page);
    await page.getByText(/^Reembolso de R\$\s12,50 solicitado\.$/).waitFor();
    // Pending, or already completed by the sandbox: the page follows it (dashboard-refunds.test.ts).
    await page.getByRole("row").filter({ hasText: /R\$\s12,50/ }).filter({ hasText: /Em andamento|Concluído/ }).waitFor();
    expect(sent.at(-1)).toEqual({ key: reached!.key, status: 200, replayed: "true" });
    expect((await refundsOf(paymentA)).map((r) => r.amount)).toEqual([1250]);
    await checkPage(page, "payment");

    // Another refund is another submission: a new key.
    await page.getByLabel("Valor a reembolsar (R$)").fill("10,00");
    await refundConfirmed(page);
    await page.getByText(/^Reembolso de R\$\s10,00 solicitado\.$/).waitFor();
    expect(sent.at(-1)?.status).toBe(201);
    expect(sent.at(-1)?.key).not.toBe(reached!.key);
    expect((await refundsOf(paymentA)).map((r) => r.amount).sort()).toEqual([1000, 1250]);

    // The page follows its pending refunds and reloads the payment while any is pending; once both
    // are concluded it stops, so it keeps offering the amount left before the server's refund below
    // (a reload after it would show nothing left to refund, and the dialog would go).
    for (const amount of [/R\$\s12,50/, /R\$\s10,00/]) await page.getByRole("row").filter({ hasText: amount }).filter({ hasText: "Concluído" }).waitFor();
    // The seller's server refunds the rest meanwhile: the page's next refund is refused, said by its code in pt-BR.
    expect((await v1("POST", `/v1/transactions/${paymentA}/refunds`, {})).status).toBe(201);
    const refusal = page.waitForResponse((r) => r.url().includes("/refunds") && r.request().method() === "POST");
    await page.getByLabel("Valor a reembolsar (R$)").fill("5,00");
    await refundConfirmed(page);
    const problem = (await (await refusal).json()) as { code: string; detail: string };
    expect(problem.code).toBe("REFUND_EXCEEDS_AMOUNT");
    await page.getByRole("alert").filter({ hasText: "O reembolso passa do valor que ainda pode ser reembolsado." }).waitFor();
    expect(await page.getByText(problem.detail).count()).toBe(0);
    expect((await refundsOf(paymentA)).length).toBe(3);
    expectClean(finance);
  });

  it("FINANCE signs out, and signs in again with the same passkey", async () => {
    const { page } = finance;
    await page.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/sign-in`, WAIT);
    await page.getByRole("heading", { name: "Entrar no painel" }).waitFor();
    expect(await page.evaluate(() => fetch("/dashboard/api/me").then((r) => r.status))).toBe(401);
    await checkPage(page, "sign-in");
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);
    await page.locator("dashboard-header").getByText("Fernanda Lima · Financeiro").waitFor();
    expect(await page.evaluate(() => fetch("/dashboard/api/me").then((r) => r.status))).toBe(200);
    expectClean(finance);
  });

  it("OPERATION sees the payment but no refund button, and the refund route answers 403 from its own page", async () => {
    const operation = await openMember();
    const { page } = operation;
    await register(operation, await invite("OPERATION", "Otávio", "Reis", "otavio@example.com"));
    await page.locator("dashboard-header").getByText("Otávio Reis · Operação").waitFor();
    await page.getByRole("link", { name: "Pedido 1002 — tênis" }).click();
    await page.getByRole("heading", { name: /^Pagamento de R\$\s89,90$/ }).waitFor();
    await page.getByText("Nenhum reembolso ainda.").waitFor();
    expect(await page.getByRole("button", { name: "Reembolsar" }).count()).toBe(0);
    expect(await page.getByLabel("Valor a reembolsar (R$)").count()).toBe(0);
    await checkPage(page, "payment-operation");
    const direct = await page.evaluate(async (id) => {
      const res = await fetch(`/dashboard/api/payments/${id}/refunds?mode=test`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ amount: 100 }),
      });
      return { status: res.status, code: ((await res.json()) as { code: string }).code };
    }, paymentB);
    expect(direct).toEqual({ status: 403, code: "FORBIDDEN" });
    expect(await refundsOf(paymentB)).toEqual([]);
    expect(await page.getByRole("link", { name: "Registro de auditoria" }).count()).toBe(0);
    await page.goto(`${host.publicBase}/dashboard/audit-log`);
    await page.getByRole("alert").filter({ hasText: "Seu perfil não tem acesso a esta página." }).waitFor();
    expectClean(operation);
    await operation.context.close();
  });

  it("ADMIN reads the audit log: FINANCE's two refunds (one row each, the retry included) and OPERATION's denied attempt", async () => {
    const admin = await openMember();
    const { page } = admin;
    await register(admin, await invite("ADMIN", "Ana", "Souza", "ana@example.com"));
    await page.getByRole("link", { name: "Registro de auditoria" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/audit-log`, WAIT);
    await page.getByRole("heading", { name: "Registro de auditoria", level: 1 }).waitFor();
    const rows = page.getByRole("row");
    await rows.filter({ hasText: "otavio@example.com" }).filter({ hasText: "Reembolso" }).filter({ hasText: "Negado" }).waitFor();
    expect(await rows.filter({ hasText: "fernanda@example.com" }).filter({ hasText: "Reembolso" }).filter({ hasText: "Permitido" }).count()).toBe(2);
    expect(await rows.filter({ hasText: "Chave de acesso cadastrada" }).count()).toBe(3);
    await rows.filter({ hasText: "fernanda@example.com" }).filter({ hasText: "Saída" }).waitFor();
    await checkPage(page, "audit-log");
    expectClean(admin);
    await admin.context.close();
  });

  it("FINANCE searches the payments: by e-mail in another case, amount range, days and method; the filters go with the next page; an id opens its payment; bad input is shown under its field", async () => {
    // The seller's server charges three buyers (and one of them 21 times): PIX charges, left pending.
    const charge = async (amount: number, description: string, email: string) =>
      (await seller.json<{ id: string }>("POST", "/v1/transactions", { paymentMethod: "PIX", amount, currency: "BRL", description, buyer: { name: "Comprador", email, documentType: "CPF", documentNumber: "52998224725" } }, 201)).id;
    for (let n = 1; n <= 21; n++) await charge(700, `Lote ${n}`, "lote@example.com");
    await charge(1500, "Busca 1 — caneca", "ana.busca@example.com");
    await charge(3000, "Busca 2 — boné", "Bruno.Busca@Example.com");
    const mochila = await charge(4500, "Busca 3 — mochila", "carla.busca@example.com");

    // A FINANCE member in São Paulo (UTC−3 all year): the days they pick are São Paulo's days.
    const searcher = await openMemberIn(browser, "pt-BR", "America/Sao_Paulo");
    const { page } = searcher;
    await register(searcher, await invite("FINANCE", "Bia", "Campos", "bia@example.com"));
    const list = page.locator("dashboard-payments");
    const calls: URL[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname === "/dashboard/api/payments") calls.push(url);
    });
    /** What `action` asked the list for (its query), with the answer's status. */
    const listed = async (action: () => Promise<unknown>) => {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/dashboard/api/payments");
      await action();
      const res = await answer;
      return { status: res.status(), query: Object.fromEntries(new URL(res.url()).searchParams), body: res.status() === 400 ? ((await res.json()) as { code: string; errors: { path: string; code: string; message: string }[] }) : undefined };
    };
    /** The payments shown once the list has loaded: each row's description. */
    const shown = async () => {
      await list.getByRole("status").filter({ hasNotText: "Carregando" }).waitFor();
      return list.locator("tbody tr td:first-child").allTextContents();
    };
    const search = () => list.getByRole("button", { name: "Buscar", exact: true }).click();
    const clear = () => list.getByRole("button", { name: "Limpar", exact: true }).click();
    await page.getByRole("search", { name: "Buscar pagamentos" }).waitFor();
    expect((await shown()).length).toBe(20);
    // Every payment of the mode (these and any an earlier test made), all made today.
    const everything = await list.getByRole("status").textContent();
    expect(everything).toMatch(/^Página 1 · \d+ pagamentos$/);

    // The buyer's e-mail, typed in another case: the server matches it in any case.
    const byEmail = await listed(async () => {
      await page.getByLabel("E-mail do comprador").fill("BRUNO.busca@EXAMPLE.com");
      await search();
    });
    expect(byEmail.query).toEqual({ mode: "test", email: "BRUNO.busca@EXAMPLE.com", size: "20" });
    expect(await shown()).toEqual(["Busca 2 — boné"]);
    await row(page, "Busca 2 — boné").filter({ hasText: /R\$\s30,00/ }).waitFor();

    // "Limpar" empties the form and lists everything again.
    expect((await listed(clear)).query).toEqual({ mode: "test", size: "20" });
    expect(await page.getByLabel("E-mail do comprador").inputValue()).toBe("");
    expect((await shown()).length).toBe(20);

    // An amount range in reais, sent in cents, both ends included.
    const byAmount = await listed(async () => {
      await page.getByLabel("Valor mínimo (R$)").fill("20");
      await page.getByLabel("Valor máximo (R$)").fill("45,00");
      await search();
    });
    expect(byAmount.query).toEqual({ mode: "test", minAmount: "2000", maxAmount: "4500", size: "20" });
    expect(await shown()).toEqual(["Busca 3 — mochila", "Busca 2 — boné"]);
    await list.getByText("Página 1 · 2 pagamentos").waitFor();
    await checkPage(page, "payments-search");

    // Today, as São Paulo's day: [its start, the next day's start), as instants.
    await listed(clear);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const start = `${today}T03:00:00.000Z`;
    const end = new Date(Date.parse(start) + 86_400_000).toISOString();
    const byDays = await listed(async () => {
      await page.getByLabel("Data inicial").fill(today);
      await page.getByLabel("Data final").fill(today);
      await search();
    });
    expect(byDays.query).toEqual({ mode: "test", from: start, to: end, size: "20" });
    expect((await shown()).length).toBe(20);
    expect(await list.getByRole("status").textContent()).toBe(everything);
    // A method chosen applies at once, with the days still set: no card payment.
    const byCard = await listed(() => page.getByLabel("Forma de pagamento").selectOption({ label: "Cartão de crédito" }));
    expect(byCard.query).toEqual({ mode: "test", paymentMethod: "CREDIT_CARD", from: start, to: end, size: "20" });
    expect(await shown()).toEqual([]);
    await list.getByText("Nenhum pagamento com estes filtros.").waitFor();
    await checkPage(page, "payments-search-none");

    // The filters go with the next page; a new search starts from the first one again.
    await listed(clear);
    const firstPage = await listed(async () => {
      await page.getByLabel("E-mail do comprador").fill("lote@example.com");
      await search();
    });
    expect(firstPage.query).toEqual({ mode: "test", email: "lote@example.com", size: "20" });
    expect((await shown()).length).toBe(20);
    const nextPage = await listed(() => list.getByRole("button", { name: "Próxima página" }).click());
    expect(nextPage.query).toEqual({ mode: "test", email: "lote@example.com", size: "20", cursor: expect.any(String) });
    expect(await shown()).toEqual(["Lote 1"]);
    await list.getByText("Página 2 · 21 pagamentos").waitFor();
    const again = await listed(search);
    expect(again.query).toEqual({ mode: "test", email: "lote@example.com", size: "20" });
    await list.getByText("Página 1 · 21 pagamentos").waitFor();

    // A payment id: an incomplete one is refused on the page; a full one opens that payment, no list call.
    const before = calls.length;
    await page.getByLabel("ID do pagamento").fill(mochila.slice(0, 8));
    await search();
    await list.locator("#paymentId-error").filter({ hasText: "Informe o ID completo do pagamento" }).waitFor();
    expect(await page.getByLabel("ID do pagamento").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("ID do pagamento").fill(mochila.toUpperCase());
    await search();
    await page.waitForURL(`${host.publicBase}/dashboard/payments/${mochila}`, WAIT);
    await page.getByRole("heading", { name: /^Pagamento de R\$\s45,00$/ }).waitFor();
    expect(calls.length).toBe(before);

    // A bad amount is shown under its field, and nothing is asked.
    await page.goBack();
    await list.getByRole("search", { name: "Buscar pagamentos" }).waitFor();
    await shown();
    const asked = calls.length;
    const min = page.getByLabel("Valor mínimo (R$)");
    await min.fill("dez reais");
    await search();
    await list.locator("#minAmount-error").filter({ hasText: "Informe um valor em reais, como 49,90." }).waitFor();
    expect(await min.getAttribute("aria-invalid")).toBe("true");
    expect(await min.getAttribute("aria-describedby")).toBe("minAmount-error");
    expect(await min.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.getByLabel("Valor máximo (R$)").fill("10");
    await min.fill("20");
    await search();
    await list.locator("#maxAmount-error").filter({ hasText: "Informe um valor igual ou maior que o mínimo." }).waitFor();
    expect(calls.length).toBe(asked);
    await checkPage(page, "payments-search-error");

    // What only the server refuses (a day past year 9999): its 400 under the field its path names, said by its field code in pt-BR.
    await listed(clear);
    const refused = await listed(async () => {
      await page.getByLabel("Data inicial").fill("10000-01-01");
      await search();
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe("VALIDATION_FAILED");
    expect(refused.body?.errors.map((e) => e.path)).toEqual(["from"]);
    expect(refused.body?.errors.map((e) => e.code)).toEqual(["invalid_format"]);
    await list.locator("#from-error").filter({ hasText: "Este valor não está no formato esperado." }).waitFor();
    expect(await list.getByText(refused.body!.errors[0]!.message).count()).toBe(0);
    expect(await page.getByLabel("Data inicial").getAttribute("aria-invalid")).toBe("true");
    expect(await list.getByRole("alert").count()).toBe(0);
    expectClean(searcher);
    await searcher.context.close();
  });

  it("a change from another origin is refused: the cookie copied with a foreign Origin, or sent from another site's page", async () => {
    const cookie = (await finance.context.cookies()).find((c) => c.name === "pay_dashboard");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    const headers = { Cookie: `pay_dashboard=${cookie!.value}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() };
    const forged = await fetch(`${host.base}/dashboard/api/payments/${paymentB}/refunds?mode=test`, {
      method: "POST",
      headers: { ...headers, Origin: shop.origin },
      body: JSON.stringify({ amount: 100 }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe("FORBIDDEN");
    // The same cookie still works where no change is made: it was the Origin that was refused.
    expect((await fetch(`${host.base}/dashboard/api/me`, { headers: { Cookie: headers.Cookie } })).status).toBe(200);

    // Another site's page in the member's own browser: no cookie goes (SameSite=Strict), and its Origin is not the service's.
    const other = await finance.context.newPage();
    await other.goto(`${shop.origin}/`);
    const type = await other.evaluate(
      ([url]) => fetch(url!, { method: "POST", mode: "no-cors", credentials: "include", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ amount: 100 }) }).then((r) => r.type),
      [`${host.publicBase}/dashboard/api/payments/${paymentB}/refunds?mode=test`],
    );
    expect(type).toBe("opaque");
    await other.close();
    expect(await refundsOf(paymentB)).toEqual([]);
    expectClean(finance);
    await finance.context.close();
  });
});
