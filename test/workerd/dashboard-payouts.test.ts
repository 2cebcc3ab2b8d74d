/**
 * The dashboard's payouts and named subscriptions in workerd, over the libSQL HTTP database, for
 * a company of its own (the database is shared with the other workerd files): a PIX paid today is
 * announced for tomorrow in GET /dashboard/api/balance, the sandbox run as of tomorrow pays it,
 * and GET /dashboard/api/settlements/{id} lists it with its fee; the shared seller's settlement
 * is 404. The subscriptions list names buyer and plan, in as many round trips for three
 * subscriptions as for one (no query per row).
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { createCompanySeller, type SellerWithKeys } from "../../worker/domain/sellers";
import { DashboardVisitor } from "../support/dashboard";
import { buyerBody } from "../support/fixtures";
import { api, apiJson } from "./api";

const base = inject("baseUrl");
const send = (path: string, init: RequestInit) => exports.default.fetch(new Request(`${base}${path}`, init));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let company: SellerWithKeys;
let member: DashboardVisitor;

/** Sends with the company's key and expects `status`. */
async function asCompany<T = Record<string, unknown>>(method: string, path: string, status: number, body?: unknown): Promise<T> {
  const res = await api(method, path, body, { "X-Api-Key": company.apiKey });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

async function read<T = Record<string, unknown>>(path: string, status = 200): Promise<T> {
  const res = await member.request("GET", path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  const client = createClient({ url: env.TURSO_DATABASE_URL });
  company = await createCompanySeller(createDb(client), { legalName: "Repasses Workerd Ltda", email: "repasses@workerd.example.com", city: "Sao Paulo" }, new Date());
  client.close();
  const invited = await asCompany<{ inviteUrl: string }>("POST", `/v1/sellers/${company.sellerId}/team`, 201, { email: "fin@repasses.example.com", firstName: "Fin", profile: "FINANCE" });
  member = new DashboardVisitor(send, new URL(base).origin);
  expect((await member.register(invited.inviteUrl)).status).toBe(201);
}, 60_000);

describe("the dashboard's payouts in workerd", () => {
  it("a PIX paid today is pending for tomorrow; paid out as of tomorrow, its settlement lists it with its fee", async () => {
    const charge = await asCompany<{ id: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 4100, currency: "BRL", buyer: buyerBody() });
    const paid = await asCompany<{ feeAmount: number; paidAt: string }>("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    const net = 4100 - paid.feeAmount;
    const before = await read<{ balances: unknown[]; upcoming: unknown[] }>("/dashboard/api/balance?mode=test");
    expect(before.balances).toEqual([{ currency: "BRL", available: 0, pending: net, paidOut: 0 }]);
    expect(before.upcoming).toEqual([
      { date: day(1), currency: "BRL", transactionCount: 1, grossAmount: 4100, feeAmount: paid.feeAmount, refundedAmount: 0, chargebackAmount: 0, netAmount: net },
    ]);

    const run = await asCompany<{ items: Array<{ id: string; netAmount: number }> }>("POST", "/v1/sandbox/settlements/run", 200, { asOf: new Date(Date.now() + 86_400_000).toISOString() });
    expect(run.items).toHaveLength(1);
    const settlement = run.items[0]!;
    expect(await read("/dashboard/api/balance")).toMatchObject({ balances: [{ currency: "BRL", available: 0, pending: 0, paidOut: net }], upcoming: [] });
    const one = await read<{ transactions: { items: unknown[]; totalItems: number } }>(`/dashboard/api/settlements/${settlement.id}`);
    expect(one).toMatchObject({ ...settlement, transactions: { totalItems: 1 } });
    expect(one.transactions.items).toEqual([expect.objectContaining({ id: charge.id, amount: 4100, feeAmount: paid.feeAmount, netAmount: net, paidAt: paid.paidAt })]);

    // The shared seller's settlement is another seller's: 404.
    const theirs = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 1200, currency: "BRL", buyer: buyerBody() });
    await apiJson("POST", `/v1/sandbox/transactions/${theirs.id}/pay`, 200);
    const [other] = (await apiJson<{ items: Array<{ id: string }> }>("POST", "/v1/sandbox/settlements/run", 200, { asOf: new Date(Date.now() + 86_400_000).toISOString() })).items;
    expect(await read(`/dashboard/api/settlements/${other!.id}`, 404)).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
  }, 60_000);
});

describe("the dashboard's subscriptions in workerd", () => {
  const proxy = inject("libsqlUrl");
  /** Round trips to the database of one list request. */
  async function roundTripsOfList(): Promise<{ n: number; items: Array<{ buyer: { name: string }; plan: { name: string }; nextChargeAt: string | null }> }> {
    await fetch(`${proxy}/__round-trips/reset`, { method: "POST" });
    const page = await read<{ items: Array<{ buyer: { name: string }; plan: { name: string }; nextChargeAt: string | null }> }>("/dashboard/api/subscriptions");
    const { roundTrips } = (await (await fetch(`${proxy}/__round-trips`)).json()) as { roundTrips: number };
    return { n: roundTrips, items: page.items };
  }
  const subscribe = async (name: string, planId: string) => {
    const buyer = await asCompany<{ id: string }>("POST", "/v1/buyers", 201, buyerBody({ name }));
    return asCompany<{ id: string }>("POST", "/v1/subscriptions", 201, { planId, buyerId: buyer.id, paymentMethod: "PIX" });
  };

  it("name the buyer and the plan, three in as many round trips as one; the detail too; another seller's is 404", async () => {
    const plan = await asCompany<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Workerd", amount: 3990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
    const first = await subscribe("Rita Lopes", plan.id);
    await roundTripsOfList(); // warm
    const one = await roundTripsOfList();
    expect(one.items).toEqual([expect.objectContaining({ buyer: expect.objectContaining({ name: "Rita Lopes" }), plan: expect.objectContaining({ name: "Plano Workerd", amount: 3990 }) })]);
    await subscribe("Bruno Dias", plan.id);
    await subscribe("Lia Campos", plan.id);
    const three = await roundTripsOfList();
    expect(three.items.map((s) => s.buyer.name)).toEqual(["Lia Campos", "Bruno Dias", "Rita Lopes"]);
    expect(three.n).toBe(one.n);

    expect(await read(`/dashboard/api/subscriptions/${first.id}`)).toMatchObject({ id: first.id, buyer: { name: "Rita Lopes" }, plan: { name: "Plano Workerd" }, nextChargeAt: expect.any(String) });
    const sharedPlan = await apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Compartilhado", amount: 1990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
    const sharedBuyer = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
    const foreign = await apiJson<{ id: string }>("POST", "/v1/subscriptions", 201, { planId: sharedPlan.id, buyerId: sharedBuyer.id, paymentMethod: "PIX" });
    expect(await read(`/dashboard/api/subscriptions/${foreign.id}`, 404)).toMatchObject({ code: "RESOURCE_NOT_FOUND" });
  }, 60_000);
});
