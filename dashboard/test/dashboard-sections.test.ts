/**
 * The rest of the seller dashboard (docs/dashboard.md) as the seller's OWNER meets it, against
 * `npm start` (the real Node host, PUBLIC_BASE_URL=http://localhost:{port}: Chromium refuses WebAuthn
 * on an IP address). The OWNER registers a passkey from the first start's invite (a virtual
 * authenticator over the Chrome DevTools Protocol), then, through the interface only:
 * - rolls the secret key with a 1 hour window, reads the new key from its shown-once dialog (and
 *   the clipboard): the new key and the old one both answer 200 on /v1; rolls again with "now":
 *   the key before answers 401, the newest 200; makes live mode's first key pair;
 * - registers a webhook pointing at a local receiver that answers 500; a PIX charge paid through
 *   the API fails its first attempt; the delivery is marked FAILED in the host's database (its
 *   retries running out: the real retry interval is 60 s, which a test must not wait for); the
 *   receiver is back (200), "Reenviar" in the delivery log delivers it; the payment's page shows
 *   it in its timeline;
 * - sends the webhook a test event, turns a notification type off; replays the last hour's events
 *   from the webhook's row ("Reenviar eventos"): a start in the future is refused by the server,
 *   under its field; the paid payment's event (the test event never is) reaches the receiver again
 *   with its event id, in a new delivery;
 * - creates a payment link (sent with an Idempotency-Key per submission, which the server ignores
 *   today: docs/dashboard.md; its QR code decodes to its public URL) and deactivates it; invites a member and sees the link shown once, changes their profile,
 *   makes a new link (the first stops working) and removes them; reads the overview and its chart;
 *   cancels a subscription at its period's end; suspends and reactivates a sub-seller;
 * - finds every one of those changes in the audit log.
 * An OPERATION member sees only the sections and buttons their profile allows; an ADMIN in English
 * reads the same controls in English, and deletes the webhook. A member signed in on two devices
 * (the passkey registered on one is copied to the other's authenticator over the DevTools
 * Protocol, as a synced passkey would be) sees both sessions on the sessions page, each device its
 * own marked; "Sair de todos os dispositivos" ends both: the other device's next call is 401.
 * Every page is photographed at 1280 and 375 px (test-results/dashboard-*.png), has no horizontal
 * scroll at 375 px, passes axe-core's WCAG 2.1 AA rules, and runs under the page's strict CSP
 * without a violation or a script error.
 */
import { gzipSync } from "node:zlib";
import { createClient } from "@libsql/client";
import type { Browser, Locator, Page, Response as PageResponse } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../shared/events";
import { buyerBody } from "../../test/support/fixtures";
import { decodePng } from "../../test/support/qr";
import { sellerBody } from "../../test/support/sellers";
import { planBody } from "../../test/support/subscription-plans";
import { startWebhookReceiver } from "../../test/support/webhook-receiver";
import { approveForLive, checkPage, expectClean, openMember, PAGE_CSP, register, sellerServer, UUID, WAIT, type Member } from "./dashboard-visitor";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "../../test/browser/gateway-host";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let seller: ReturnType<typeof sellerServer>;
let owner: Member;
let ownerEmail: string;
let paymentId: string;

beforeAll(async () => {
  suite = await startBrowserSuite("dashboard-sections", { localhostBaseUrl: true });
  ({ host, browser } = suite);
  seller = sellerServer(host);
  // The operator approves the sandbox seller for live: the OWNER makes live mode's first key pair below.
  await approveForLive(host);
  // The seller's webhook endpoint, down at first.
  receiver = await startWebhookReceiver([], 500);
}, 180_000);

afterAll(() => suite?.stop(receiver), 60_000);

/** What `/v1/transactions` answers a key (200 for a working key, 401 for a spent one). */
const statusWith = async (key: string) => (await fetch(`${host.base}/v1/transactions?size=1`, { headers: { "X-Api-Key": key } })).status;

/** Follows a section's link in the header. */
async function openSection(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name, exact: true }).click();
  await page.waitForURL(`${host.publicBase}${path}`, WAIT);
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

/** A section of the page, by its heading (a `<section aria-labelledby>` is a region). */
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** Rolls the test secret key in the interface with `window`, and reads the new key from its dialog (closing it). */
async function rollKey(page: Page, window: string): Promise<{ key: string; note: string }> {
  const keys = region(page, "Chaves de API");
  await keys.getByLabel("Tipo de chave").selectOption({ label: "Secreta" });
  await keys.getByLabel("A chave antiga continua valendo").selectOption({ label: window });
  await keys.getByRole("button", { name: "Gerar nova chave" }).click();
  const dialog = page.getByRole("dialog", { name: "Nova chave secreta (teste)" });
  await dialog.waitFor();
  await dialog.getByText("Isto é mostrado só esta vez.").waitFor();
  const field = dialog.getByLabel("Nova chave", { exact: true });
  const key = await field.inputValue();
  expect(key).toMatch(/^sk_test_\w+$/);
  const note = (await dialog.locator("p").last().textContent()) ?? "";
  return { key, note };
}

/** Closes the shown-once dialog `dialog`; its value is gone with it. */
async function closeOnce(dialog: Locator): Promise<void> {
  const field = (await dialog.locator("input").elementHandle())!;
  await dialog.getByRole("button", { name: "Concluir" }).click();
  await dialog.waitFor({ state: "hidden" });
  // The value is cleared by the render after the dialog closes: on a loaded machine, a moment later.
  await expect.poll(() => field.inputValue(), { timeout: 5_000 }).toBe("");
}

/** What `/dashboard/api/me` answers `page`'s session. */
const meStatus = (page: Page) => page.evaluate(() => fetch("/dashboard/api/me").then((r) => r.status));

describe("the dashboard's sections, against npm start", { timeout: 120_000 }, () => {
  it("every new page path answers the dashboard's page under its strict CSP; dashboard.js stays under 80 kB gzip", async () => {
    const id = crypto.randomUUID();
    for (const path of ["/dashboard/overview", "/dashboard/payment-links", "/dashboard/subscriptions", `/dashboard/subscriptions/${id}`, "/dashboard/developers", "/dashboard/team", "/dashboard/sub-sellers", "/dashboard/sessions"]) {
      const res = await fetch(`${host.base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toBe(PAGE_CSP);
      expect(await res.text()).toContain("<dashboard-app></dashboard-app>");
    }
    // Its budget (widget/vite.config.ts builds it whole: no section is loaded apart).
    const script = Buffer.from(await (await fetch(`${host.base}/dashboard.js`)).arrayBuffer());
    expect(gzipSync(script, { level: 9 }).length).toBeLessThan(80 * 1024);
  });

  it("the OWNER registers from the first start's invite and sees every section", async () => {
    expect(host.ownerInvite).toMatch(new RegExp(`^${host.publicBase}/dashboard/invite#token=.+`));
    owner = await openMember(browser);
    await owner.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: host.publicBase });
    const me = owner.page.waitForResponse((r) => r.url().endsWith("/dashboard/api/me") && r.status() === 200);
    await register(owner, host, host.ownerInvite!);
    ownerEmail = ((await (await me).json()) as { member: { email: string } }).member.email;
    const nav = owner.page.getByRole("navigation", { name: "Seções do painel" });
    for (const name of ["Visão geral", "Pagamentos", "Repasses", "Links de pagamento", "Assinaturas", "Desenvolvedores", "Equipe", "Subcontas", "Registro de auditoria"]) {
      await nav.getByRole("link", { name, exact: true }).waitFor();
    }
    await owner.page.locator("dashboard-header").getByText("· Proprietário").waitFor();
    expectClean(owner);
  });

  it("rolls the secret key with a 1 hour window, then with none: the windows hold on /v1; live mode's first key pair", async () => {
    const { page } = owner;
    await openSection(page, "Desenvolvedores", "/dashboard/developers");
    const original = host.keys.secret;
    const keys = region(page, "Chaves de API");
    await keys.getByRole("row").filter({ hasText: original.slice(0, 12) }).waitFor();

    const first = await rollKey(page, "Por 1 hora");
    expect(first.note).toMatch(/^A chave substituída continua valendo até /);
    const dialog = page.getByRole("dialog", { name: "Nova chave secreta (teste)" });
    await dialog.getByRole("button", { name: "Copiar Nova chave" }).click();
    await dialog.getByText("Copiado.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first.key);
    await checkPage(page, "new-key");
    await closeOnce(dialog);
    // The new key works, and so does the old one, until its window ends (listed with its end).
    expect(await statusWith(first.key)).toBe(200);
    expect(await statusWith(original)).toBe(200);
    await keys.getByRole("row").filter({ hasText: original.slice(0, 12) }).filter({ hasText: "(substituída)" }).waitFor();

    const second = await rollKey(page, "Para agora");
    expect(second.note).toBe("A chave substituída deixou de valer agora.");
    await closeOnce(page.getByRole("dialog", { name: "Nova chave secreta (teste)" }));
    expect(await statusWith(first.key)).toBe(401);
    expect(await statusWith(second.key)).toBe(200);
    // A key already rolled keeps the end it was given (docs/dashboard.md): the original's hour still runs.
    expect(await statusWith(original)).toBe(200);
    expect(await keys.getByRole("row").filter({ hasText: first.key.slice(0, 12) }).count()).toBe(0);
    await keys.getByRole("row").filter({ hasText: second.key.slice(0, 12) }).waitFor();

    // Live mode has no keys yet: its first pair is made here, the secret one shown once.
    await page.getByRole("switch", { name: "Modo produção" }).check();
    await keys.getByText("Nenhuma chave de produção ainda.").waitFor();
    expect(await keys.getByRole("button", { name: "Gerar nova chave" }).count()).toBe(0);
    await keys.getByRole("button", { name: "Criar chaves de produção" }).click();
    const live = page.getByRole("dialog", { name: "Nova chave secreta (produção)" });
    const liveKey = await live.getByLabel("Nova chave", { exact: true }).inputValue();
    expect(liveKey).toMatch(/^sk_live_\w+$/);
    await closeOnce(live);
    await keys.getByRole("row").filter({ hasText: liveKey.slice(0, 12) }).waitFor();
    await keys.getByRole("row").filter({ hasText: /pk_live_\w+/ }).waitFor();
    expect(await statusWith(liveKey)).toBe(200);
    await page.getByRole("switch", { name: "Modo produção" }).uncheck();
    await keys.getByRole("row").filter({ hasText: second.key.slice(0, 12) }).waitFor();
    expectClean(owner);
  });

  it("registers a webhook; a delivery whose retries ran out is retried from the delivery log and arrives; a test event; a notification type off", async () => {
    const { page } = owner;
    const hooks = region(page, "Webhooks");
    await hooks.getByLabel("URL", { exact: true }).fill(receiver.url);
    await hooks.getByLabel("Descrição (opcional)").fill("Loja: pedidos pagos");
    await hooks.getByLabel("Todos os tipos de evento (atuais e futuros)").uncheck();
    await hooks.getByLabel("Pagamento pago").check();
    await hooks.getByRole("button", { name: "Cadastrar webhook" }).click();
    const secret = page.getByRole("dialog", { name: "Segredo de assinatura do webhook" });
    expect(await secret.getByLabel("Segredo de assinatura", { exact: true }).inputValue()).toMatch(/^whsec_/);
    await closeOnce(secret);
    await hooks.getByRole("row").filter({ hasText: receiver.url }).filter({ hasText: "Pagamento pago" }).filter({ hasText: "Ativo" }).waitFor();

    // A sale: the receiver is down, so the first attempt fails (the next one is 60 s away).
    paymentId = await seller.paidPix(7700, "Pedido 2001 — caneca");
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const log = region(page, "Registro de entregas");
    const delivery = log.getByRole("listitem").filter({ hasText: "Pagamento pago" });
    await expect
      .poll(async () => {
        await log.getByRole("button", { name: "Atualizar" }).click();
        return (await delivery.textContent()) ?? "";
      }, WAIT)
      .toMatch(/Pendente[\s\S]*1 de 5 tentativas/);
    const { items } = (await page.evaluate(() => fetch("/dashboard/api/webhooks/deliveries?mode=test").then((r) => r.json()))) as { items: { id: string }[] };
    const deliveryId = items[0]!.id;

    // Its retries run out, simulated: the real retry interval is 60 s (five attempts), which a test
    // must not wait for, so the delivery is marked FAILED in the host's own database file, with no
    // attempt left, as its last failed attempt would leave it. The Node host's in-process queue
    // still holds this delivery's next attempt (60 s away) and drops a second message for a
    // delivery already waiting (worker/jobs/memory-queue.ts), so a retry would wait for it; after
    // five real attempts no message is left. A restart (what a deploy does) drops it here too.
    const db = createClient({ url: `file:${host.databaseFile}` });
    const at = new Date().toISOString();
    const marked = await db.execute({
      sql: "UPDATE webhook_deliveries SET status = 'FAILED', attempt_limit = attempts, completed_at = ?, updated_at = ?, lease_until = NULL WHERE id = ? AND status = 'PENDING'",
      args: [at, at, deliveryId],
    });
    db.close();
    expect(marked.rowsAffected).toBe(1);
    await host.restart();

    receiver.answerWith(200);
    await log.getByRole("button", { name: "Atualizar" }).click();
    await delivery.getByText("Falhou").waitFor();
    await delivery.getByRole("button", { name: /^Reenviar/ }).click();
    await log.getByText("A entrega de Pagamento pago está pendente de novo").waitFor();
    await delivery.getByText("Entregue").waitFor();
    expect(await delivery.getByRole("button", { name: /^Reenviar/ }).count()).toBe(0);
    await delivery.getByText("2 tentativas").click();
    await delivery.getByRole("cell", { name: "HTTP 500" }).waitFor();
    await delivery.getByRole("cell", { name: "HTTP 200" }).waitFor();

    // The receiver got the event, with the delivery's id.
    expect(receiver.received.map((r) => r.answer)).toEqual([500, 200]);
    const got = receiver.received[1]!;
    expect(got.headers["x-webhook-delivery-id"]).toBe(deliveryId);
    const event = JSON.parse(got.body) as { type: string; data: { transaction: { id: string } } };
    expect(event.type).toBe("TRANSACTION_PAID");
    expect(event.data.transaction.id).toBe(paymentId);

    // "Send test": a sample event, delivered at once; the log reads itself again until it is.
    await hooks.getByRole("button", { name: `Enviar teste ${receiver.url}` }).click();
    await hooks.getByText(`Um evento de teste foi enfileirado para ${receiver.url}.`).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
    expect((JSON.parse(receiver.received[2]!.body) as { test?: boolean }).test).toBe(true);
    await expect.poll(() => log.getByRole("listitem").filter({ hasText: "Entregue" }).count(), WAIT).toBe(2);

    // Notification settings: one type turned off, saved (PUT), as /v1 then reads them.
    const settings = region(page, "Configurações de notificação");
    await settings.getByRole("switch", { name: "Assinatura em atraso" }).uncheck();
    await settings.getByRole("button", { name: "Salvar configurações" }).click();
    await settings.getByText("As configurações foram salvas.").waitFor();
    const saved = await seller.json<{ webhook: Record<string, boolean> }>("GET", `/v1/sellers/${host.sellerId}/notification-settings`, undefined, 200);
    expect(saved.webhook).toMatchObject({ SUBSCRIPTION_PAST_DUE: false, TRANSACTION_PAID: true });
    await checkPage(page, "developers");
    expectClean(owner);
  });

  it("the payment's page shows its timeline: the event and its delivery with both attempts", async () => {
    const { page } = owner;
    await openSection(page, "Pagamentos", "/dashboard/payments");
    await page.getByRole("link", { name: "Pedido 2001 — caneca" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments/${paymentId}`, WAIT);
    const timeline = region(page, "Linha do tempo");
    const event = timeline.getByRole("listitem").filter({ hasText: "Pagamento pago" }).first();
    await event.getByText("Entregue").waitFor();
    await event.getByText("2 de 6 tentativas").waitFor();
    await checkPage(page, "payment-timeline");
    expectClean(owner);
  });

  it("replays the webhook's events of a period from its row: the receiver gets the paid event again; a period the server refuses is shown under its field", async () => {
    const { page } = owner;
    await openSection(page, "Desenvolvedores", "/dashboard/developers");
    const hooks = region(page, "Webhooks");
    const log = region(page, "Registro de entregas");
    const paidDelivered = log.getByRole("listitem").filter({ hasText: "Pagamento pago" }).filter({ hasText: "Entregue" });
    await paidDelivered.first().waitFor();
    const delivered = await paidDelivered.count();
    const before = receiver.received.length;
    const original = JSON.parse(receiver.received[1]!.body) as { id: string };
    await hooks.getByRole("button", { name: `Reenviar eventos ${receiver.url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reenviar eventos" });
    await dialog.getByText(`Os eventos do período que ${receiver.url} recebe são enviados de novo`).waitFor();
    const start = dialog.getByLabel("Início");
    const replays: { status: number; body: Record<string, unknown> }[] = [];
    const heard = async (res: PageResponse) => {
      if (res.url().includes("/replay") && res.request().method() === "POST") replays.push({ status: res.status(), body: (await res.json()) as Record<string, unknown> });
    };
    page.on("response", heard);
    // Nothing chosen: the form says so and sends nothing.
    await dialog.getByRole("button", { name: "Reenviar", exact: true }).click();
    await dialog.getByText("Escolha a data e a hora de início.").waitFor();
    expect(await start.getAttribute("aria-invalid")).toBe("true");
    /** A `datetime-local` value `minutes` from now, in the browser's zone. */
    const local = (minutes: number) =>
      page.evaluate((m) => {
        const at = new Date(Date.now() + m * 60_000);
        at.setMinutes(at.getMinutes() - at.getTimezoneOffset());
        return at.toISOString().slice(0, 16);
      }, minutes);

    // A start an hour ahead, no end (until now): the server refuses the empty period, under the start.
    await start.fill(await local(60));
    await dialog.getByRole("button", { name: "Reenviar", exact: true }).click();
    await expect.poll(() => replays.length, WAIT).toBe(1);
    expect(replays[0]).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
    const [refusal] = replays[0]!.body.errors as { path: string; code: string; message: string }[];
    expect(refusal).toMatchObject({ path: "from", code: "empty_range" });
    // Said by its field code in pt-BR, not the API's English message.
    await dialog.locator("#from-error").filter({ hasText: "O início deve ser antes do fim." }).waitFor();
    expect(await dialog.getByText(refusal!.message).count()).toBe(0);
    expect(await start.getAttribute("aria-invalid")).toBe("true");

    // The last hour, until now: the paid payment's event (the test event is never replayed), queued again.
    await start.fill(await local(-60));
    await dialog.getByRole("button", { name: "Reenviar", exact: true }).click();
    await dialog.getByText("1 evento foi enfileirado para reenvio.").waitFor();
    // The answer's body is read after the page shows it: wait for it rather than race it.
    await expect.poll(() => replays.length, WAIT).toBe(2);
    expect(replays[1]).toMatchObject({ status: 202, body: { deliveries: 1, alreadyPending: 0, hasMore: false, nextFrom: null } });
    expect(await start.getAttribute("aria-invalid")).toBe("false");
    await checkPage(page, "webhook-replay");
    await dialog.getByRole("button", { name: "Fechar" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The receiver gets the same event again (its id kept), in a new delivery.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(before + 1);
    const again = receiver.received[before]!;
    const event = JSON.parse(again.body) as { id: string; type: string; data: { transaction: { id: string } } };
    expect(event).toMatchObject({ id: original.id, type: "TRANSACTION_PAID", data: { transaction: { id: paymentId } } });
    expect(again.headers["x-webhook-delivery-id"]).not.toBe(receiver.received[1]!.headers["x-webhook-delivery-id"]);
    expect(again.answer).toBe(200);
    // The delivery log lists the new delivery, delivered.
    await expect
      .poll(async () => {
        await log.getByRole("button", { name: "Atualizar" }).click();
        return paidDelivered.count();
      }, WAIT)
      .toBe(delivered + 1);
    page.off("response", heard);
    expectClean(owner);
  });

  it("creates a payment link (sent with an Idempotency-Key per submission), reads its QR code, and deactivates it", async () => {
    const { page } = owner;
    await openSection(page, "Links de pagamento", "/dashboard/payment-links");
    const form = region(page, "Criar um link de pagamento");
    // Nothing filled: the form says what is missing and sends nothing.
    await form.getByLabel("Nome", { exact: true }).fill("");
    await form.getByRole("button", { name: "Criar link" }).click();
    await form.getByText("Informe o nome do link.").waitFor();
    await form.getByText("Informe um valor maior que zero").waitFor();

    await form.getByLabel("Nome", { exact: true }).fill("Camiseta azul");
    await form.getByLabel("Valor (R$)").fill("49,90");
    await form.getByLabel("Limite de usos (opcional)").fill("10");
    const sent = page.waitForRequest((r) => r.url().includes("/dashboard/api/payment-links") && r.method() === "POST");
    await form.getByRole("button", { name: "Criar link" }).click();
    const request = await sent;
    expect(request.headers()["idempotency-key"]).toMatch(UUID);
    expect(JSON.parse(request.postData() ?? "{}")).toEqual({ name: "Camiseta azul", amountInCents: 4990, paymentMethods: ["PIX", "CARD"], maxUses: 10 });
    await form.getByText("O link Camiseta azul foi criado.").waitFor();

    const card = page.locator("li.link").filter({ has: page.getByRole("heading", { name: "Camiseta azul" }) });
    await card.getByText(/R\$\s49,90/).waitFor();
    await card.getByText("Ativo", { exact: true }).waitFor();
    await card.getByText("0 de 10 usos").waitFor();
    const url = (await card.getByRole("link").getAttribute("href"))!;
    expect(url).toMatch(new RegExp(`^${host.publicBase}/pay/[0-9a-f-]{36}$`));
    const linkId = url.split("/").at(-1)!;
    await card.getByText("QR code").click();
    const qr = card.getByRole("img", { name: "QR code do link Camiseta azul" });
    expect(decodePng(await qr.screenshot())).toBe(url);
    await card.getByRole("button", { name: "Copiar link Camiseta azul" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await checkPage(page, "payment-links");

    // A buyer holds one of its uses with a PIX charge (no key); read again, the card lists the held
    // use and the OWNER releases it, after confirming (docs/payment-links.md, "Held uses").
    const session = (await (await fetch(`${host.base}/v1/payment-links/${linkId}/checkout-sessions`, { method: "POST" })).json()) as { id: string; clientSecret: string };
    const buyer = { name: "Joana Souza", email: "joana@example.com" };
    const held = await fetch(`${host.base}/v1/checkout-sessions/${session.id}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clientSecret: session.clientSecret, paymentMethod: "PIX", buyer }),
    });
    expect(held.status).toBe(201);
    await page.reload();
    await card.getByText("Usos reservados (1)").click();
    await card.getByText("ninguém viu ainda").waitFor();
    await checkPage(page, "payment-links-held");
    await card.getByRole("button", { name: /^Liberar R\$\s49,90 Joana Souza$/ }).click();
    await page.getByRole("dialog", { name: /^Liberar este uso de Camiseta azul\?/ }).getByRole("button", { name: "Liberar" }).click();
    await page.getByText("Um uso de Camiseta azul foi liberado.").waitFor();
    await card.getByText("Nenhum uso reservado agora.").waitFor();
    expect(await seller.json<{ reservedUses: number }>("GET", `/v1/payment-links/${linkId}`, undefined, 200)).toMatchObject({ reservedUses: 0 });

    await card.getByRole("button", { name: "Desativar Camiseta azul" }).click();
    await page.getByText("Camiseta azul está inativo: não pode mais ser pago.").waitFor();
    await card.getByText("Inativo", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Ativar Camiseta azul" }).waitFor();
    const link = await seller.json<{ status: string; maxUses: number }>("GET", `/v1/payment-links/${linkId}`, undefined, 200);
    expect(link).toMatchObject({ status: "INACTIVE", maxUses: 10 });

    // Live data is another list, asked for in its mode.
    const modes: string[] = [];
    page.on("request", (req) => req.url().includes("/dashboard/api/payment-links") && modes.push(new URL(req.url()).searchParams.get("mode") ?? ""));
    await page.getByRole("switch", { name: "Modo produção" }).check();
    await page.getByRole("heading", { name: "Links reais" }).waitFor();
    await page.getByText("Nenhum link de pagamento ainda.").waitFor();
    await page.getByRole("switch", { name: "Modo produção" }).uncheck();
    await card.getByText("Inativo", { exact: true }).waitFor();
    expect(modes).toEqual(["live", "test"]);
    expectClean(owner);
  });

  it("invites a member: the link is shown once and opens the invite page; another profile, a new link (the first stops working), removed", async () => {
    const { page } = owner;
    await openSection(page, "Equipe", "/dashboard/team");
    await page.locator("li.member").filter({ hasText: ownerEmail }).getByText("Proprietário").waitFor();
    const form = region(page, "Convidar um membro");
    await form.getByLabel("E-mail").fill("bruno@example.com");
    await form.getByLabel("Nome", { exact: true }).fill("Bruno");
    await form.getByLabel("Sobrenome (opcional)").fill("Costa");
    await form.getByLabel("Perfil").selectOption({ label: "Financeiro" });
    await form.getByRole("button", { name: "Convidar" }).click();
    const dialog = page.getByRole("dialog", { name: "Link de convite de Bruno" });
    await dialog.getByText("Isto é mostrado só esta vez.").waitFor();
    const inviteUrl = await dialog.getByLabel("Link de convite", { exact: true }).inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${host.publicBase}/dashboard/invite#token=.+`));
    await checkPage(page, "team-invite-link");
    await closeOnce(dialog);
    const bruno = page.locator("li.member").filter({ hasText: "bruno@example.com" });
    await bruno.getByText("Convite pendente").waitFor();
    await bruno.locator("dd").getByText("Financeiro").waitFor();
    await checkPage(page, "team");
    const invited = await openMember(browser);
    await invited.page.goto(inviteUrl);
    await invited.page.getByText("Bruno, você foi convidado(a) para o painel de").waitFor();

    // Another profile; a new link (the first one stops working); then removed, after confirming.
    await bruno.getByLabel("Perfil Bruno Costa").selectOption({ label: "Operação" });
    await bruno.getByRole("button", { name: "Alterar perfil Bruno Costa" }).click();
    await page.getByText("Bruno Costa agora tem o perfil Operação.").waitFor();
    await bruno.locator("dd").getByText("Operação").waitFor();
    await bruno.getByRole("button", { name: "Novo link de convite Bruno Costa" }).click();
    const again = page.getByRole("dialog", { name: "Link de convite de Bruno" });
    const newUrl = await again.getByLabel("Link de convite", { exact: true }).inputValue();
    expect(newUrl).toMatch(new RegExp(`^${host.publicBase}/dashboard/invite#token=.+`));
    expect(newUrl).not.toBe(inviteUrl);
    await closeOnce(again);
    await invited.page.goto("about:blank");
    await invited.page.goto(inviteUrl);
    await invited.page.getByRole("alert").filter({ hasText: "Este convite é inválido, já foi usado ou expirou" }).waitFor();
    expectClean(invited);
    await invited.context.close();
    await bruno.getByRole("button", { name: "Remover Bruno Costa" }).click();
    const confirm = page.getByRole("dialog", { name: /^Remover Bruno Costa da equipe\?/ });
    await confirm.getByRole("button", { name: "Remover" }).click();
    await page.getByText("Bruno Costa foi removido(a) da equipe.").waitFor();
    await bruno.getByText("Desativado").waitFor();
    expect(await bruno.getByRole("button").count()).toBe(0);
    expectClean(owner);
  });

  it("reads the overview: the figures, the chart by day and the same numbers in a table", async () => {
    const { page } = owner;
    await openSection(page, "Visão geral", "/dashboard/overview");
    const figures = page.locator("dashboard-overview").locator("dl.figures");
    await figures.getByText(/R\$\s77,00/).first().waitFor();
    await figures.getByText("100%").waitFor();
    const chart = page.getByRole("img", { name: /^Volume por dia, de \d\d\/\d\d a \d\d\/\d\d/ });
    await chart.waitFor();
    expect(await chart.locator("rect.bar").count()).toBe(7);
    // The overview's days are the seller's (America/Sao_Paulo by default), not UTC's.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const todayLabel = `${today.slice(8, 10)}/${today.slice(5, 7)}`;
    const table = page.getByRole("table", { name: "Cobranças por dia" });
    await table.getByRole("row").filter({ hasText: todayLabel }).filter({ hasText: /R\$\s77,00/ }).waitFor();
    expect(await table.locator("tbody tr").count()).toBe(7);
    await checkPage(page, "overview");
    await page.getByLabel("Período").selectOption({ label: "Últimos 30 dias" });
    await expect.poll(() => table.locator("tbody tr").count(), WAIT).toBe(30);
    expect(await chart.locator("rect.bar").count()).toBe(30);
    expectClean(owner);
  });

  it("cancels a subscription at its period's end, after confirming", async () => {
    const plan = await seller.json<{ id: string }>("POST", "/v1/subscriptions/plans", planBody(), 201);
    const buyer = await seller.json<{ id: string }>("POST", "/v1/buyers", buyerBody(), 201);
    const sub = await seller.json<{ id: string }>("POST", "/v1/subscriptions", { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX" }, 201);
    // The buyer pays the first invoice's PIX: ACTIVE, with a paid period to run out (an INCOMPLETE one is cancelled now either way).
    const { items } = await seller.json<{ items: { transactionId: string }[] }>("GET", `/v1/subscriptions/${sub.id}/invoices`, undefined, 200);
    await seller.json("POST", `/v1/sandbox/transactions/${items[0]!.transactionId}/pay`, undefined, 200);
    const { page } = owner;
    await openSection(page, "Assinaturas", "/dashboard/subscriptions");
    const row = page.locator(`tr[data-subscription="${sub.id}"]`);
    await row.getByText("Ativa").waitFor();
    await checkPage(page, "subscriptions");
    await row.getByRole("link", { name: "Maria da Silva" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/subscriptions/${sub.id}`, WAIT);
    await region(page, "Faturas").getByRole("row").filter({ hasText: /R\$\s49,90/ }).filter({ hasText: "Paga" }).waitFor();
    expect(await page.getByRole("radio", { name: /No fim do período atual/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    const confirm = page.getByRole("dialog", { name: /^Cancelar esta assinatura no fim do período atual/ });
    await confirm.getByRole("button", { name: "Cancelar", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    await confirm.getByRole("button", { name: "Cancelar assinatura" }).click();
    await page.getByText("A assinatura termina no fim do período atual.").waitFor();
    await page.getByText(/^Termina em .*, no fim do período atual\.$/).waitFor();
    const after = await seller.json<{ cancelAtPeriodEnd: boolean; status: string }>("GET", `/v1/subscriptions/${sub.id}`, undefined, 200);
    expect(after).toMatchObject({ cancelAtPeriodEnd: true, status: "ACTIVE" });
    expect(await page.getByRole("radio").count()).toBe(1);
    await checkPage(page, "subscription");
    expectClean(owner);
  });

  it("suspends and reactivates a sub-seller of the company", async () => {
    const feePlan = await seller.json<{ id: string }>("POST", "/v1/fee-plans", { name: "Parceiros", fees: { PIX: { percentBps: 99, fixedCents: 0 }, CREDIT_CARD: { percentBps: 299, fixedCents: 50 } } }, 201);
    const sub = await seller.json<{ id: string }>("POST", "/v1/sellers", sellerBody(feePlan.id), 201);
    await seller.json("POST", `/v1/sandbox/sellers/${sub.id}/kyc`, { decision: "approved" }, 200);
    const { page } = owner;
    await openSection(page, "Subcontas", "/dashboard/sub-sellers");
    const row = page.getByRole("row").filter({ hasText: "Pao Quente" });
    await row.getByText("Ativa", { exact: true }).waitFor();
    await checkPage(page, "sub-sellers");
    await row.getByRole("button", { name: "Suspender Pao Quente" }).click();
    await page.getByRole("dialog", { name: /^Suspender a subconta Pao Quente\?/ }).getByRole("button", { name: "Suspender" }).click();
    await row.getByText("Suspensa", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Reativar Pao Quente" }).click();
    await page.getByRole("dialog", { name: "Reativar a subconta Pao Quente?" }).getByRole("button", { name: "Reativar" }).click();
    await row.getByText("Ativa", { exact: true }).waitFor();
    expectClean(owner);
  });

  it("the audit log holds every change made above, by the OWNER", async () => {
    const { page } = owner;
    await openSection(page, "Registro de auditoria", "/dashboard/audit-log");
    const rows = page.getByRole("row").filter({ hasText: ownerEmail }).filter({ hasText: "Permitido" });
    const expected: Record<string, [string, number]> = {
      "api_key.roll": ["Nova chave de API gerada", 2],
      "api_key.create": ["Chaves de API criadas", 1],
      "webhook.create": ["Webhook cadastrado", 1],
      "webhook_delivery.retry": ["Entrega de webhook reenviada", 1],
      "payment_link.create": ["Link de pagamento criado", 1],
      "payment_link.deactivate": ["Link de pagamento desativado", 1],
      "payment_link.release_hold": ["Uso reservado de link liberado", 1],
      "team_member.invite": ["Membro convidado", 1],
      "team_member.change_profile": ["Perfil de membro alterado", 1],
      "team_member.reinvite": ["Novo link de convite", 1],
      "team_member.remove": ["Membro removido", 1],
      "webhook.test": ["Teste de webhook enviado", 1],
      "webhook.replay": ["Eventos reenviados ao webhook", 1],
      "notification_settings.update": ["Configurações de notificação alteradas", 1],
      "subscription.cancel": ["Assinatura cancelada", 1],
      "sub_seller.suspend": ["Subconta suspensa", 1],
      "sub_seller.reactivate": ["Subconta reativada", 1],
    };
    await rows.filter({ hasText: "Nova chave de API gerada" }).first().waitFor();
    for (const [label, count] of Object.values(expected)) expect(await rows.filter({ hasText: label }).count(), label).toBe(count);
    // The same rows as the API names them.
    const { items } = (await page.evaluate(() => fetch("/dashboard/api/audit-log?size=100").then((r) => r.json()))) as { items: { action: string; outcome: string; member: { email: string } }[] };
    const mine = items.filter((i) => i.member?.email === ownerEmail && i.outcome === "ok");
    for (const [action, [, count]] of Object.entries(expected)) expect(mine.filter((i) => i.action === action).length, action).toBe(count);
    await checkPage(page, "audit-log-sections");
    expectClean(owner);
  });

  it("OPERATION sees only what its profile allows: no overview, team or keys, and no button that changes anything", async () => {
    const operation = await openMember(browser);
    const { page } = operation;
    await register(operation, host, await seller.invite("OPERATION", "Otávio", "Reis", "otavio@example.com"));
    const nav = page.getByRole("navigation", { name: "Seções do painel" });
    for (const name of ["Pagamentos", "Links de pagamento", "Assinaturas", "Desenvolvedores"]) await nav.getByRole("link", { name, exact: true }).waitFor();
    for (const name of ["Visão geral", "Repasses", "Equipe", "Subcontas", "Registro de auditoria"]) expect(await nav.getByRole("link", { name, exact: true }).count(), name).toBe(0);

    await openSection(page, "Links de pagamento", "/dashboard/payment-links");
    const card = page.locator("li.link").filter({ hasText: "Camiseta azul" });
    await card.getByRole("button", { name: "Copiar link Camiseta azul" }).waitFor();
    expect(await page.getByRole("button", { name: "Criar link" }).count()).toBe(0);
    expect(await card.getByRole("button", { name: /Ativar|Desativar/ }).count()).toBe(0);

    await openSection(page, "Desenvolvedores", "/dashboard/developers");
    await region(page, "Webhooks").getByRole("row").filter({ hasText: receiver.url }).waitFor();
    await region(page, "Registro de entregas").getByText("Entregue").first().waitFor();
    expect(await region(page, "Chaves de API").count()).toBe(0);
    expect(await region(page, "Eventos").count()).toBe(0);
    for (const name of ["Gerar nova chave", "Cadastrar webhook", "Enviar teste", "Excluir", "Reenviar", "Salvar configurações"]) {
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    }
    const switches = region(page, "Configurações de notificação").getByRole("switch");
    // The notification settings load on their own request after the deliveries: wait for them, as
    // for the rows above. One switch per event type of the closed list.
    await expect.poll(() => switches.count(), { timeout: 30_000 }).toBe(EVENT_TYPES.length);
    await expect.poll(() => switches.first().isDisabled()).toBe(true);
    await checkPage(page, "developers-operation");

    await page.goto(`${host.publicBase}/dashboard/team`);
    await page.getByRole("alert").filter({ hasText: "Seu perfil não tem acesso a esta página." }).waitFor();
    expectClean(operation);
    await operation.context.close();
  });

  it("an ADMIN reading in English gets every section's controls in English", async () => {
    const admin = await openMember(browser, "en-US");
    const { page } = admin;
    await page.goto(await seller.invite("ADMIN", "Alice", "Moura", "alice@example.com"));
    await page.getByRole("button", { name: "Create passkey" }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);
    const nav = page.getByRole("navigation", { name: "Dashboard sections" });
    await nav.getByRole("link", { name: "Developers" }).click();
    await page.getByRole("heading", { name: "Developers", level: 1 }).waitFor();
    for (const name of ["Roll key", "Register webhook", "Send test", "Delete", "Refresh", "Save settings", "Later events"]) await page.getByRole("button", { name }).first().waitFor();
    await page.getByLabel("The old key keeps working").waitFor();
    await region(page, "Delivery log").getByText("Delivered").first().waitFor();
    await checkPage(page, "developers-en");
    await nav.getByRole("link", { name: "Payment links" }).click();
    await page.getByRole("button", { name: "Create link" }).waitFor();
    await page.getByRole("button", { name: "Activate Camiseta azul" }).waitFor();
    await nav.getByRole("link", { name: "Team" }).click();
    await page.getByRole("button", { name: "Invite", exact: true }).waitFor();
    await page.locator("li.member").filter({ hasText: "bruno@example.com" }).getByText("Disabled").waitFor();
    // Deleting a webhook, after confirming.
    await nav.getByRole("link", { name: "Developers" }).click();
    await page.getByRole("button", { name: `Delete ${receiver.url}` }).click();
    await page.getByRole("dialog", { name: /^Delete the webhook/ }).getByRole("button", { name: "Delete" }).click();
    await region(page, "Webhooks").getByText("No webhooks in this mode.").waitFor();
    expectClean(admin);
    await admin.context.close();
  });

  it("a member signed in on two devices sees both sessions, this one marked; signing out everywhere ends both", async () => {
    const inviteUrl = await seller.invite("FINANCE", "Sara", "Nunes", "sara@example.com");
    // The laptop registers the passkey; it is read from the laptop's authenticator.
    const laptop = await openMember(browser, "pt-BR");
    await register(laptop, host, inviteUrl);
    const { credentials } = await laptop.cdp.send("WebAuthn.getCredentials", { authenticatorId: laptop.authenticatorId });
    expect(credentials.length).toBe(1);
    const credential = credentials[0]!;
    expect(credential.isResidentCredential).toBe(true);

    // The phone (a browser in English) gets the same passkey, and signs in with it: a second session.
    const phone = await openMember(browser, "en-US");
    await phone.cdp.send("WebAuthn.addCredential", { authenticatorId: phone.authenticatorId, credential });
    await phone.page.goto(`${host.publicBase}/dashboard/sign-in`);
    await phone.page.getByRole("button", { name: "Sign in" }).click();
    await phone.page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);
    await phone.page.getByRole("link", { name: "Sessions", exact: true }).click();
    await phone.page.waitForURL(`${host.publicBase}/dashboard/sessions`, WAIT);
    await phone.page.getByRole("heading", { name: "Sessions", level: 1 }).waitFor();
    const phoneSessions = phone.page.locator("li.session");
    await phone.page.getByText("2 open sessions").waitFor();
    expect(await phoneSessions.filter({ hasText: "This session" }).count()).toBe(1);
    // Newest first: the phone's own is the first.
    await phoneSessions.first().getByText("This session").waitFor();

    // The laptop's sessions page, from the header: both, its own (the older one) marked.
    const { page } = laptop;
    await page.getByRole("link", { name: "Sessões", exact: true }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/sessions`, WAIT);
    await page.getByRole("heading", { name: "Sessões", level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Sessões", exact: true }).getAttribute("aria-current")).toBe("page");
    await page.getByText("2 sessões abertas").waitFor();
    const sessions = page.locator("li.session");
    expect(await sessions.count()).toBe(2);
    expect(await sessions.filter({ hasText: "Esta sessão" }).count()).toBe(1);
    await sessions.nth(1).getByText("Esta sessão").waitFor();
    const [me, listed] = await page.evaluate(() => Promise.all([fetch("/dashboard/api/me").then((r) => r.json()), fetch("/dashboard/api/sessions").then((r) => r.json())]));
    const items = (listed as { items: { id: string; current: boolean; ip: string | null; userAgent: string | null }[] }).items;
    expect(items.map((i) => i.current)).toEqual([false, true]);
    expect(items[1]!.id).toBe((me as { session: { id: string } }).session.id);
    // The browser and system in a few words; the whole user agent in its disclosure; the IP address.
    const mine = sessions.nth(1);
    await mine.getByRole("heading", { name: "Chrome no Linux", level: 2 }).waitFor();
    await mine.getByText("Identificação do navegador").click();
    expect(await mine.locator("code").textContent()).toBe(await page.evaluate(() => navigator.userAgent));
    expect(items[1]!.userAgent).toBe(await page.evaluate(() => navigator.userAgent));
    await mine.locator("dd").getByText(items[1]!.ip!, { exact: true }).waitFor();
    await checkPage(page, "sessions");
    await checkPage(phone.page, "sessions-en");

    // Sign out everywhere: asked first (cancelling ends nothing), then both sessions end.
    await page.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
    const confirm = page.getByRole("dialog", { name: /^Sair de todos os dispositivos\?/ });
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await meStatus(phone.page)).toBe(200);
    await page.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
    const ended = page.waitForResponse((r) => r.url().endsWith("/dashboard/api/sign-out-everywhere"));
    await confirm.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
    expect((await ended).status()).toBe(204);
    await page.waitForURL(`${host.publicBase}/dashboard/sign-in`, WAIT);
    await page.getByRole("heading", { name: "Entrar no painel" }).waitFor();
    expect(await meStatus(page)).toBe(401);
    // The phone's next call is refused, and its page goes to sign in at its next call.
    expect(await meStatus(phone.page)).toBe(401);
    await phone.page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Payments" }).click();
    await phone.page.waitForURL(`${host.publicBase}/dashboard/sign-in`, WAIT);
    await phone.page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();

    // The audit log names it, with the two sessions it ended.
    const { items: audit } = (await owner.page.evaluate(() => fetch("/dashboard/api/audit-log?size=20").then((r) => r.json()))) as { items: { action: string; member: { email: string }; details: { sessionsEnded?: number } | null }[] };
    expect(audit.find((i) => i.action === "session.sign_out_everywhere")).toMatchObject({ member: { email: "sara@example.com" }, details: { sessionsEnded: 2 } });
    expectClean(laptop);
    expectClean(phone);
    await laptop.context.close();
    await phone.context.close();
  });
});
