/**
 * Live access and a member's own passkeys in the dashboard's interface (docs/dashboard.md, "Test
 * and live", "Team" and "Signing in"), against `npm start` (the real Node host,
 * PUBLIC_BASE_URL=http://localhost:{port}: Chromium refuses WebAuthn on an IP address). The sandbox
 * seller is not approved for live.
 * - An ADMIN invited with the test secret key (`POST /v1/sellers/{id}/team`) is test-only: their
 *   header has no live switch, only the test badge and a note; their invite form has no live access
 *   checkbox, they get no control on the OWNER and grant no one live access.
 * - The OWNER invites a member with the live access box unchecked (test-only, INVITED): only that
 *   member's card offers "new invite link" (the ADMIN, registered, gets none); the OWNER grants
 *   both live access, after confirming. The ADMIN's page, read while the member was test-only,
 *   still offers their new link: the server's 403 LIVE_ACCESS_REQUIRED shows on that member's card.
 * - The ADMIN reloads: the switch is there, live mode loads (empty, answered 200) with the note that
 *   nothing can be changed there; their invite form now has the checkbox.
 * - From the sessions page the ADMIN adds a passkey: on the authenticator that already holds theirs
 *   the browser refuses (said so); on another (a security key) it is added, the database holds two
 *   passkeys of theirs, and the new one signs in on a third browser.
 * Pages are photographed at 1280 and 375 px (test-results/dashboard-*.png), have no horizontal
 * scroll at 375 px, pass axe-core's WCAG 2.1 AA rules, and run under the strict CSP without a
 * violation or a script error.
 */
import { createClient } from "@libsql/client";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, expectClean, openMember, register, sellerServer, WAIT, type Member } from "./dashboard-visitor";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let owner: Member;
let admin: Member;

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

const SWITCH = { name: "Modo produção" } as const;
const TEST_ONLY_NOTE = "O modo produção exige acesso: peça a um proprietário que o conceda.";
const NOT_APPROVED_NOTE = "Conta não aprovada para produção: nada pode ser alterado aqui.";

/** Opens the team page from the header. */
async function openTeam(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name: "Equipe", exact: true }).click();
  await page.waitForURL(`${host.publicBase}/dashboard/team`, WAIT);
  await page.getByText(/^\d+ membros?$/).waitFor();
}

/** A member's card on the team page, by a text of it (the e-mail, or the OWNER's profile). */
const card = (page: Page, text: string) => page.locator("li.member").filter({ hasText: text });

/** The team as `page`'s member reads it from the API. */
const team = async (page: Page) =>
  ((await page.evaluate(() => fetch("/dashboard/api/team").then((r) => r.json()))) as { items: { email: string; status: string; liveAccess: boolean }[] }).items;

describe("live access and a member's own passkeys, in the interface", { timeout: 120_000 }, () => {
  it("a test-only ADMIN has no live switch; the OWNER invites test-only and grants live access; the ADMIN then opens live mode, read-only", async () => {
    owner = await openMember(browser);
    await register(owner, host, host.ownerInvite!);
    await owner.page.getByRole("switch", SWITCH).waitFor();

    // The OWNER invites a member without live access: the box is theirs, checked by default.
    const { page } = owner;
    await openTeam(page);
    const invite = page.getByRole("region", { name: "Convidar um membro" });
    await invite.getByLabel("E-mail").fill("igor@example.com");
    await invite.getByLabel("Nome", { exact: true }).fill("Igor");
    await invite.getByLabel("Sobrenome (opcional)").fill("Lopes");
    const box = invite.getByRole("checkbox", { name: "Acesso ao modo produção" });
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await invite.getByRole("button", { name: "Convidar" }).click();
    const dialog = page.getByRole("dialog", { name: "Link de convite de Igor" });
    await dialog.getByRole("button", { name: "Concluir" }).click();
    await dialog.waitFor({ state: "hidden" });
    const igor = card(page, "igor@example.com");
    await igor.getByText("Convite pendente").waitFor();
    await igor.getByText("Só teste").waitFor();
    expect(await box.isChecked()).toBe(true);

    // Invited with the test secret key: test-only.
    admin = await openMember(browser);
    await register(admin, host, await sellerServer(host).invite("ADMIN", "Tina", "Teixeira", "tina@example.com"));
    const header = admin.page.locator("dashboard-header");
    await header.getByText(TEST_ONLY_NOTE).waitFor();
    await header.getByText("Dados de teste").waitFor();
    expect(await admin.page.getByRole("switch", SWITCH).count()).toBe(0);
    await openTeam(admin.page);
    const form = admin.page.getByRole("region", { name: "Convidar um membro" });
    await form.getByRole("button", { name: "Convidar" }).waitFor();
    expect(await form.getByLabel("Acesso ao modo produção").count()).toBe(0);
    await card(admin.page, "tina@example.com").getByText("Só teste").waitFor();
    expect(await card(admin.page, "Proprietário").getByRole("button").count()).toBe(0);
    const igorSeenByAdmin = card(admin.page, "igor@example.com");
    await igorSeenByAdmin.getByRole("button", { name: "Novo link de convite Igor Lopes" }).waitFor();
    expect(await igorSeenByAdmin.getByRole("button", { name: /acesso ao modo produção/ }).count()).toBe(0);
    await checkPage(admin.page, "live-access-test-only");

    // The OWNER's team: a new invite link only for the member who has not registered; granting asks first.
    await page.reload();
    await igor.getByRole("button", { name: "Novo link de convite Igor Lopes" }).waitFor();
    const tina = card(page, "tina@example.com");
    await tina.getByRole("button", { name: "Alterar perfil Tina Teixeira" }).waitFor();
    expect(await tina.getByRole("button", { name: /^Novo link de convite/ }).count()).toBe(0);
    const grant = async (name: string, member: typeof tina) => {
      await member.getByRole("button", { name: `Conceder acesso ao modo produção ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: new RegExp(`^Conceder a ${name} acesso ao modo produção\\?`) });
      await confirm.getByRole("button", { name: "Conceder acesso ao modo produção" }).click();
      await page.getByText(`${name} agora tem acesso ao modo produção.`).waitFor();
      await member.getByText("Com acesso", { exact: true }).waitFor();
      await member.getByRole("button", { name: `Remover acesso ao modo produção ${name}` }).waitFor();
    };
    await grant("Igor Lopes", igor);

    // The test-only ADMIN's page, read before, still offers Igor a new link: the server refuses it now
    // (Igor holds live access), said by its code (LIVE_ACCESS_REQUIRED) in pt-BR on Igor's card.
    await igorSeenByAdmin.getByRole("button", { name: "Novo link de convite Igor Lopes" }).click();
    await igorSeenByAdmin.getByRole("alert").filter({ hasText: "Isto exige acesso à produção: peça a um proprietário." }).waitFor();
    expect(await admin.page.getByRole("dialog", { name: "Link de convite de Igor" }).count()).toBe(0);

    await grant("Tina Teixeira", tina);
    const members = await team(page);
    expect(members.find((m) => m.email === "tina@example.com")).toMatchObject({ status: "ACTIVE", liveAccess: true });
    expect(members.find((m) => m.email === "igor@example.com")).toMatchObject({ status: "INVITED", liveAccess: true });
    await checkPage(page, "team-live-access");

    // After a reload the ADMIN has the switch; live mode loads (empty), read-only for this seller.
    await admin.page.reload();
    const live = admin.page.getByRole("switch", SWITCH);
    await live.waitFor();
    expect(await header.getByText(TEST_ONLY_NOTE).count()).toBe(0);
    await live.check();
    await header.getByText(NOT_APPROVED_NOTE).waitFor();
    await header.getByText("Dados reais").waitFor();
    expect(await live.getAttribute("aria-describedby")).toBe("mode-note");
    // The team has no mode: its changes stay; the invite form now offers live access.
    await admin.page.getByRole("region", { name: "Convidar um membro" }).getByRole("checkbox", { name: "Acesso ao modo produção" }).waitFor();
    const payments = admin.page.waitForResponse((r) => r.url().includes("/dashboard/api/payments?mode=live"));
    await admin.page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name: "Pagamentos", exact: true }).click();
    expect((await payments).status()).toBe(200);
    await admin.page.getByText(/^Nenhum pagamento real ainda\./).waitFor();
    await checkPage(admin.page, "live-not-approved");
    await live.uncheck();
    await header.getByText("Dados de teste").waitFor();
    expectClean(owner);
    expectClean(admin);
  });

  it("a member adds a passkey from the sessions page: refused on the device that holds theirs, added on another, which signs in", async () => {
    const { page, cdp } = admin;
    await page.getByRole("link", { name: "Sessões", exact: true }).click();
    await page.waitForURL(`${host.publicBase}/dashboard/sessions`, WAIT);
    const add = page.getByRole("region", { name: "Adicionar uma chave de acesso (novo dispositivo)" });
    // This authenticator already holds the member's passkey (the options exclude it).
    await add.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    await add.getByRole("alert").filter({ hasText: "Este dispositivo já tem uma chave de acesso sua" }).waitFor();

    // Another authenticator (a security key): the passkey is created there and added.
    await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: admin.authenticatorId });
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "usb", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const added = page.waitForResponse((r) => r.url().endsWith("/dashboard/api/passkeys") && r.request().method() === "POST");
    await add.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    expect((await added).status()).toBe(201);
    await add.getByText("Chave de acesso adicionada. Use-a para entrar no painel nesse dispositivo.").waitFor();
    expect(await add.getByRole("alert").count()).toBe(0);
    await checkPage(page, "sessions-passkey-added");
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials.length).toBe(1);

    // Two passkeys of the member's in the database.
    const db = createClient({ url: `file:${host.databaseFile}` });
    const { rows } = await db.execute({ sql: "SELECT count(*) AS n FROM passkeys p JOIN team_members m ON m.id = p.member_id WHERE m.email = ? AND m.seller_id = ?", args: ["tina@example.com", host.sellerId] });
    db.close();
    expect(Number(rows[0]!.n)).toBe(2);

    // The new passkey signs in on another browser.
    const other = await openMember(browser);
    await other.cdp.send("WebAuthn.addCredential", { authenticatorId: other.authenticatorId, credential: credentials[0]! });
    await other.page.goto(`${host.publicBase}/dashboard/sign-in`);
    await other.page.getByRole("button", { name: "Entrar" }).click();
    await other.page.waitForURL(`${host.publicBase}/dashboard/payments`, WAIT);
    const me = (await other.page.evaluate(() => fetch("/dashboard/api/me").then((r) => r.json()))) as { member: { email: string; liveAccess: boolean } };
    expect(me.member).toMatchObject({ email: "tina@example.com", liveAccess: true });
    expectClean(admin);
    expectClean(other);
    await other.context.close();
  });
});
