/**
 * A PIX Automático subscription's page (issue 32, item 5) as the seller's OWNER meets it, against
 * `npm start` (the real Node host), in pt-BR: a journey 3 subscription waiting for the payer shows
 * its authorization "Aguardando o pagador", how the payer is asked and its idRec; once the
 * sandbox's payer approves, "Autorizada" and the subscription "Ativa"; once the payer cancels, the
 * authorization "Cancelada" with the reason and "pelo pagador". Photographed at 1280 and 375 px
 * (test-results/dashboard-pix-automatico-*.png), without horizontal scroll, axe-core violations,
 * CSP violations or script errors.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerBody } from "../../test/support/fixtures";
import { planBody } from "../../test/support/subscription-plans";
import { startBrowserSuite, type BrowserSuite, type GatewayHost } from "../../test/browser/gateway-host";
import { checkPage, expectClean, openMember, register, sellerServer, WAIT, type Member } from "./dashboard-visitor";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let seller: ReturnType<typeof sellerServer>;
let owner: Member;

beforeAll(async () => {
  suite = await startBrowserSuite("dashboard-pix-automatico", { localhostBaseUrl: true });
  ({ host, browser } = suite);
  seller = sellerServer(host);
  owner = await openMember(browser, "pt-BR");
  await register(owner, host, host.ownerInvite!);
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

type Sub = { id: string; pixAutomatico: { recurrenceId: string } };

describe("a PIX Automático subscription's page, against npm start", { timeout: 120_000 }, () => {
  it("shows the authorization waiting, then authorized, then cancelled by the payer with the reason", async () => {
    const plan = await seller.json<{ id: string }>("POST", "/v1/subscriptions/plans", planBody({ name: "Plano Mensal", paymentMethods: ["PIX"] }), 201);
    const buyer = await seller.json<{ id: string }>("POST", "/v1/buyers", buyerBody(), 201);
    const sub = await seller.json<Sub>("POST", "/v1/subscriptions", { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX_AUTOMATICO" }, 201);

    const { page } = owner;
    const section = page.locator("dashboard-subscription").locator('[part="pix-automatico"]');
    const value = (label: string) => section.locator(".field", { hasText: label }).locator("dd");
    await page.goto(`${host.publicBase}/dashboard/subscriptions/${sub.id}`);
    await section.getByRole("heading", { name: "Pix Automático", level: 2 }).waitFor(WAIT);
    expect(await value("Autorização").textContent()).toBe("Aguardando o pagador");
    expect(await value("Como o pagador foi consultado").textContent()).toBe("QR Code que paga o primeiro período e autoriza");
    expect(await value("Recorrência (idRec)").textContent()).toBe(sub.pixAutomatico.recurrenceId);
    expect(await value("Novas tentativas de cobrança").textContent()).toBe("Até 3 em 7 dias");
    expect(await page.locator("dashboard-subscription .summary .badge").textContent()).toBe("Incompleta");
    await checkPage(page, "pix-automatico-waiting");

    await seller.json("POST", `/v1/sandbox/pix-automatico/${sub.id}/approve`, undefined, 200);
    await page.reload();
    await expect.poll(() => value("Autorização").textContent(), WAIT).toBe("Autorizada");
    expect(await page.locator("dashboard-subscription .summary .badge").textContent()).toBe("Ativa");

    await seller.json("POST", `/v1/sandbox/pix-automatico/${sub.id}/cancel`, undefined, 200);
    await page.reload();
    await expect.poll(() => value("Autorização").textContent(), WAIT).toBe("Cancelada");
    expect(await value("Motivo").textContent()).toBe("Recorrência cancelada pelo usuário pagador (sandbox). · pelo pagador");
    await checkPage(page, "pix-automatico-cancelled");
    expectClean(owner);
  });
});
