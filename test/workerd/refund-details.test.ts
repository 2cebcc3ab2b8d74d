/**
 * A refund's reason and a payment's detail (issue 31, items 5 and 6) in workerd, over the libSQL
 * HTTP database: the reason is trimmed, kept and returned by /v1 and the dashboard; a bad one is a
 * 400 naming `reason`; another seller's payment is 404; the dashboard's payment carries the PIX's
 * E2E id, a card sale's installments, acquirer and authorization code, and its money, whose net
 * drops by the refund once the queue has concluded it.
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it, vi } from "vitest";
import { createDb } from "../../worker/db/client";
import { createCompanySeller } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { api, apiJson } from "./api";
import { cardSale } from "./card-sale";

const base = inject("baseUrl");
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));
type Money = { paid: number; fee: number; refunded: number; chargedBack: number; net: number };
type Payment = { status: string; installments: number | null; acquirer: string | null; authorizationCode: string | null; paymentDetails: { endToEndId?: string } | null; refunds: Array<{ status: string; reason: string | null }>; money: Money | null };

async function finance() {
  const email = `refund-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`;
  const { inviteUrl } = await apiJson<{ inviteUrl: string }>("POST", `/v1/sellers/${inject("sellerId")}/team`, 201, { email, firstName: "Ana", profile: "FINANCE" });
  const v = new DashboardVisitor(send, new URL(base).origin);
  expect((await v.register(inviteUrl)).status).toBe(201);
  return v;
}

async function paidPix(amount: number, headers?: Record<string, string>) {
  const body = { paymentMethod: "PIX", amount, currency: "BRL", buyer: { name: "Maria da Silva", documentType: "CPF", documentNumber: "52998224725" } };
  const created = (await (await api("POST", "/v1/transactions", body, headers)).json()) as { id: string };
  const paid = await api("POST", `/v1/sandbox/transactions/${created.id}/pay`, undefined, headers);
  expect(paid.status).toBe(200);
  return (await paid.json()) as { id: string; paymentDetails: { endToEndId: string } };
}

const payment = async (v: DashboardVisitor, id: string) => (await (await v.request("GET", `/dashboard/api/payments/${id}`)).json()) as Payment;

describe("refund reasons and payment detail in workerd", () => {
  it("a reason given on /v1 is trimmed and returned; a bad one is a 400 naming reason", async () => {
    const tx = await paidPix(3000);
    const created = await apiJson<{ reason: string }>("POST", `/v1/transactions/${tx.id}/refunds`, 201, { amount: 500, reason: "  Troca de tamanho " });
    expect(created.reason).toBe("Troca de tamanho");
    expect((await apiJson<{ refunds: Array<{ reason: string }> }>("GET", `/v1/transactions/${tx.id}`, 200)).refunds[0]!.reason).toBe("Troca de tamanho");
    const bad = await api("POST", `/v1/transactions/${tx.id}/refunds`, { amount: 100, reason: "x".repeat(201) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toEqual(["reason"]);
  });

  it("the dashboard: a PIX's E2E id, the refund's reason, and the net after the refund completes", async () => {
    const tx = await paidPix(5000);
    expect(tx.paymentDetails.endToEndId).toMatch(/^E99999999\d{12}[0-9A-Za-z]{11}$/);
    const v = await finance();
    const before = await payment(v, tx.id);
    expect(before.paymentDetails?.endToEndId).toBe(tx.paymentDetails.endToEndId);
    expect(before.money).toEqual({ paid: 5000, fee: 50, refunded: 0, chargedBack: 0, net: 4950 });
    const res = await v.request("POST", `/dashboard/api/payments/${tx.id}/refunds`, { amount: 1234, reason: "Cliente desistiu" }, { "Idempotency-Key": crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(201);
    // The queue concludes it (Miniflare delivers the job); the page's next read shows the net after it.
    await vi.waitFor(async () => expect((await payment(v, tx.id)).refunds).toEqual([expect.objectContaining({ status: "COMPLETED", reason: "Cliente desistiu" })]), { timeout: 10_000, interval: 250 });
    expect((await payment(v, tx.id)).money).toEqual({ paid: 5000, fee: 50, refunded: 1234, chargedBack: 0, net: 3716 });
  });

  it("the dashboard: a card sale's installments, acquirer and authorization code", async () => {
    const sale = (await cardSale(20000)) as unknown as Payment & { id: string };
    expect(sale.authorizationCode).toBe(sale.id.slice(0, 6).toUpperCase());
    const shown = await payment(await finance(), sale.id);
    expect(shown).toMatchObject({ installments: 1, acquirer: sale.acquirer, authorizationCode: sale.authorizationCode });
    expect(shown.acquirer).toMatch(/^sandbox-(alpha|beta)$/);
  });

  it("another seller's payment is 404 to the dashboard, and to /v1's refund with a reason", async () => {
    const client = createClient({ url: env.TURSO_DATABASE_URL });
    const other = await createCompanySeller(createDb(client), { legalName: "Outra Workerd Ltda", email: `outra-${crypto.randomUUID().slice(0, 8)}@workerd.example.com`, city: "Sao Paulo" }, new Date());
    client.close();
    const theirs = await paidPix(900, { "X-Api-Key": other.apiKey });
    const v = await finance();
    expect((await v.request("GET", `/dashboard/api/payments/${theirs.id}`)).status).toBe(404);
    expect((await v.request("POST", `/dashboard/api/payments/${theirs.id}/refunds`, { amount: 100, reason: "x" }, { "Idempotency-Key": crypto.randomUUID() })).status).toBe(404);
    expect((await api("POST", `/v1/transactions/${theirs.id}/refunds`, { amount: 100, reason: "x" })).status).toBe(404);
  });
});
