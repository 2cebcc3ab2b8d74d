/**
 * The payments search and CSV export in workerd, over the libSQL HTTP database (Node's side:
 * test/api/dashboard.search.test.ts and dashboard.export.test.ts): the same SQL finds a payment by
 * name, CPF with punctuation (the blind index, computed by the WebCrypto vault), description,
 * link, E2E id and card last 4; another company's payment with the same buyer is never found; the
 * CSV streams from the Worker with its BOM, `;` and decimal comma.
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { transactions } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { api, apiJson } from "./api";
import { cardSale } from "./card-sale";

const base = inject("baseUrl");
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));

async function finance() {
  const email = `search-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`;
  const { inviteUrl } = await apiJson<{ inviteUrl: string }>("POST", `/v1/sellers/${inject("sellerId")}/team`, 201, { email, firstName: "Ana", profile: "FINANCE" });
  const v = new DashboardVisitor(send, new URL(base).origin);
  expect((await v.register(inviteUrl)).status).toBe(201);
  return v;
}

/** A CPF no other file uses: this file's buyer is found alone although the seller is shared. */
const CPF = "71428793860";

describe("the payments search in workerd", () => {
  it("finds by each key; another company's twin is never found; the CSV streams", { timeout: 90_000 }, async () => {
    const member = await finance();
    const tag = crypto.randomUUID().slice(0, 8);
    const buyer = { name: `Ângela Workerd ${tag}`, email: "angela@example.com", documentType: "CPF", documentNumber: CPF };
    const pix = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 123456, currency: "BRL", description: `Pedido ${tag}`, buyer });
    const card = await cardSale(2500);
    const link = await apiJson<{ id: string }>("POST", "/v1/payment-links", 201, { name: "Caneca", amountInCents: 3500, paymentMethods: ["PIX"] });
    const session = (await (await api("POST", `/v1/payment-links/${link.id}/checkout-sessions`, undefined, {})).json()) as { id: string; clientSecret: string };
    const paid = await api("POST", `/v1/checkout-sessions/${session.id}/pay`, { clientSecret: session.clientSecret, paymentMethod: "PIX", buyer: { name: "Comprador do Link", email: "link@example.com", documentType: "CPF", documentNumber: "52998224725" } }, {});
    expect(paid.status, await paid.clone().text()).toBe(201);
    const viaLink = ((await paid.json()) as { transaction: { id: string } }).transaction;
    // A live PIX's E2E id comes from the PSP (live-pix.test.ts); here it is written as the payment would.
    const db = createDb(createClient({ url: env.TURSO_DATABASE_URL }));
    const e2e = `E18236120${tag}`.padEnd(32, "0");
    await db.update(transactions).set({ pixEndToEndId: e2e }).where(eq(transactions.id, pix.id));
    const other = await createCompanySeller(db, { legalName: "Outra Workerd Ltda", email: "outra@workerd.example.com", city: "Recife" }, new Date());
    const twin = await (await api("POST", "/v1/transactions", { paymentMethod: "PIX", amount: 500, currency: "BRL", description: `Pedido ${tag}`, buyer }, { "X-Api-Key": other.apiKey })).json() as { id: string };

    const found = async (query: string) => {
      const res = await member.request("GET", `/dashboard/api/payments?${query}&size=100`);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { items: Array<{ id: string }> }).items.map((t) => t.id);
    };
    expect(await found(`name=${encodeURIComponent(`angela workerd ${tag}`)}`)).toEqual([pix.id]);
    expect(await found(`document=${encodeURIComponent("714.287.938-60")}`)).toEqual([pix.id]);
    expect(await found(`description=${tag.toUpperCase()}`)).toEqual([pix.id]);
    expect(await found(`paymentLinkId=${link.id}`)).toEqual([viaLink.id]);
    expect(await found(`endToEndId=${e2e}`)).toEqual([pix.id]);
    expect(await found("cardLast4=1111")).toContain(card.id);
    expect(await found(`document=${CPF}`)).not.toContain(twin.id);
    expect((await apiJson<{ items: Array<{ id: string }> }>("GET", `/v1/transactions?document=${CPF}`, 200)).items.map((t) => t.id)).toEqual([pix.id]);

    const csv = await member.request("GET", `/dashboard/api/payments/export?document=${CPF}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]!.startsWith("ID;Criado em;Pago em;Status;")).toBe(true);
    expect(lines.slice(1, -1).map((l) => l.split(";").slice(0, 1).concat(l.split(";").slice(5, 6)))).toEqual([[pix.id, "1234,56"]]);
  });
});
