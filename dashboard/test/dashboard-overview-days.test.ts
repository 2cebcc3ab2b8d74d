/**
 * The overview counts the seller's days (docs/dashboards.md, "Days"), against `npm start` (the
 * real Node host). A sale made at 23:30 in São Paulo two days ago (02:30 UTC the next day) is
 * written to the host's database at that instant; the OWNER, whose browser runs on Tokyo time
 * (so neither the browser's zone nor UTC can pass for the seller's), finds it on the São Paulo
 * day in the overview's table, under the note naming the zone. The seller then sets its zone to
 * Asia/Kolkata through the API (PATCH /v1/sellers/{id}/settings): the same sale moves to the next
 * day, and the note says Kolkata. The overview is photographed at 1280 and 375 px
 * (test-results/dashboard-overview-days-*.png), with no horizontal scroll, axe-core's WCAG 2.1 AA
 * rules and the strict CSP.
 */
import { createClient } from "@libsql/client";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { insertTx } from "../../test/support/dashboards";
import { checkPage, expectClean, openMember, register, sellerServer, WAIT, type Member } from "./dashboard-visitor";
import type { BrowserSuite, GatewayHost } from "../../test/browser/gateway-host";
import { joinSharedSuite } from "../../test/browser/shared-suite";

let suite: BrowserSuite;
let host: GatewayHost;
let browser: Browser;
let owner: Member;

const DAY_MS = 86_400_000;
/** The calendar day (YYYY-MM-DD) of instant `ms` in `zone`. */
const dayIn = (zone: string, ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
/** YYYY-MM-DD as the pt-BR table writes it: 26/11. */
const label = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** Two days ago in São Paulo, at 23:30 there: 02:30 UTC of the day after. */
const spDay = dayIn("America/Sao_Paulo", Date.now() - 2 * DAY_MS);
const saleAt = new Date(Date.parse(`${spDay}T23:30:00-03:00`));
const utcDay = saleAt.toISOString().slice(0, 10);

beforeAll(async () => {
  suite = await joinSharedSuite();
  ({ host, browser } = suite);
  const client = createClient({ url: `file:${host.databaseFile}` });
  try {
    const at = saleAt.toISOString();
    await insertTx(createDb(client), host.sellerId, { method: "PIX", amount: 12345, status: "PAID", createdAt: at, paidAt: at, fee: 122, planId: null });
  } finally {
    client.close();
  }
}, 180_000);

afterAll(() => suite?.stop(), 60_000);

/** The overview's table row of `date` that holds the sale's amount. */
const saleRow = (page: Page, date: string) =>
  page.getByRole("table", { name: "Cobranças por dia" }).getByRole("row").filter({ hasText: label(date) }).filter({ hasText: /R\$\s123,45/ });

describe("the overview's days are the seller's", { timeout: 120_000 }, () => {
  it("a sale at 23:30 in São Paulo is on the São Paulo day, whatever the browser's zone", async () => {
    expect(utcDay).not.toBe(spDay);
    owner = await openMember(browser, "pt-BR", "Asia/Tokyo");
    await register(owner, host, host.ownerInvite!);
    const { page } = owner;
    await page.getByRole("navigation", { name: "Seções do painel" }).getByRole("link", { name: "Visão geral", exact: true }).click();
    await page.getByText("Dias pelo Horário Padrão de Brasília (America/Sao_Paulo); hoje está incluído.").waitFor();
    await saleRow(page, spDay).waitFor();
    expect(await page.getByRole("table", { name: "Cobranças por dia" }).getByRole("row").filter({ hasText: label(utcDay) }).filter({ hasText: /R\$\s123,45/ }).count()).toBe(0);
    await checkPage(page, "overview-days");
    expectClean(owner);
  });

  it("the seller's zone setting moves it: in Kolkata it is 08:00 the next day", async () => {
    const seller = sellerServer(host);
    expect(await seller.json("PATCH", `/v1/sellers/${host.sellerId}/settings`, { timeZone: "Asia/Kolkata" }, 200)).toEqual({ sellerId: host.sellerId, timeZone: "Asia/Kolkata" });
    const { page } = owner;
    await page.reload();
    await page.getByText(/^Dias pelo .+ \(Asia\/(Kolkata|Calcutta)\); hoje está incluído\.$/).waitFor(WAIT);
    await saleRow(page, dayIn("Asia/Kolkata", saleAt.getTime())).waitFor();
    await checkPage(page, "overview-days-kolkata");
    expectClean(owner);
  });
});
