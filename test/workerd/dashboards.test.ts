/**
 * The dashboards in workerd, over the libSQL HTTP database: a company of its own (the database is
 * shared with the other workerd tests) with one sub-seller whose rows are written directly, in
 * April 2030 so no settlement sweep of another test touches them. Figures computed by hand, in
 * UTC days (both sellers' time zone setting; dashboards-time-zones.test.ts covers the others).
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { sellers } from "../../worker/db/schema";
import type { SellerWithKeys } from "../../worker/domain/sellers";
import { insertFeePlan, insertRefund, insertSeller, insertTx } from "../support/dashboards";
import { api } from "./api";

let company: SellerWithKeys;
let sub: SellerWithKeys;
const period = "from=2030-04-01&to=2030-04-04";

beforeAll(async () => {
  const client = createClient({ url: env.TURSO_DATABASE_URL });
  const db = createDb(client);
  company = await insertSeller(db, null, undefined, "Empresa Workerd Dash");
  // Share 30 % of each fee with the platform.
  const plan = await insertFeePlan(db, company.sellerId, 3000, { PIX: [99, 0], CREDIT_CARD: [299, 50], DEBIT_CARD: [199, 0] });
  sub = await insertSeller(db, company.sellerId, plan, "Sub Workerd");
  const S = sub.sellerId;
  await db.update(sellers).set({ timeZone: "UTC" }).where(inArray(sellers.id, [company.sellerId, S]));
  // s1: fee 10000 × 0.99 % = 99; share 29.7 → 30; net to the company 69; unsettled.
  await insertTx(db, S, { method: "PIX", amount: 10000, status: "PAID", createdAt: "2030-04-01T00:00:00.000Z", paidAt: "2030-04-01T00:00:30.000Z", fee: 99, planId: plan });
  // s2: fee 20000 × 2.99 % + 50 = 648; share 194.4 → 194; net 454; settled, then refunded in full.
  const s2 = await insertTx(db, S, { method: "CREDIT_CARD", amount: 20000, status: "REFUNDED", createdAt: "2030-04-02T10:00:00.000Z", paidAt: "2030-04-02T10:00:05.000Z", fee: 648, planId: plan, settled: true });
  await insertRefund(db, s2, { amount: 20000, original: 20000, status: "COMPLETED", requestedAt: "2030-04-02T23:59:58.000Z", completedAt: "2030-04-03T00:00:00.000Z" });
  await insertTx(db, S, { method: "DEBIT_CARD", amount: 5000, status: "FAILED", createdAt: "2030-04-02T11:00:00.000Z", planId: plan });
  // s4: paid exactly at `to`: in the overview (created 04-03), not in the commissions. fee 29.7 → 30.
  await insertTx(db, S, { method: "PIX", amount: 3000, status: "PAID", createdAt: "2030-04-03T23:00:00.000Z", paidAt: "2030-04-04T00:00:00.000Z", fee: 30, planId: plan });
  client.close();
});

async function get(path: string, seller: SellerWithKeys) {
  const res = await api("GET", path, undefined, { "X-Api-Key": seller.apiKey });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text);
}

describe("dashboards in workerd", () => {
  it("the company's commissions: s1 and s2, paid in the period", async () => {
    expect(await get(`/v1/companies/dashboard/commissions?${period}`, company)).toEqual({
      companyId: company.sellerId,
      currency: "BRL",
      totalCommissionCents: 747, // 99 + 648
      rebornShareCents: 224, // 30 + 194
      parentNetCents: 523,
      pendingParentNetCents: 69, // s2 is settled
      transactionCount: 2,
      periodFrom: "2030-04-01T00:00:00.000Z",
      periodTo: "2030-04-04T00:00:00.000Z",
      timeZone: "UTC",
    });
  });

  it("the sub-seller's overview, for the company and for itself; the sub-seller has no commissions", async () => {
    for (const caller of [company, sub]) {
      expect(await get(`/v1/sellers/${sub.sellerId}/dashboard/overview?${period}`, caller)).toMatchObject({
        totals: { count: 4, volume: 38000 },
        byStatus: { PAID: { count: 2, amount: 13000 }, REFUNDED: { count: 1, amount: 20000 }, FAILED: { count: 1, amount: 5000 }, PENDING: { count: 0, amount: 0 } },
        byPaymentMethod: { DEBIT_CARD: { count: 1, amount: 5000, paidCount: 0, paidAmount: 0 } },
        approvalRate: 0.75, // 3 paid / (3 + 1 failed)
        refunds: { count: 1, amount: 20000 },
        fees: 777, // 99 + 648 + 30
        net: 12223, // 9901 + 19352 + 2970 − 20000
        daily: [
          { date: "2030-04-01", count: 1, volume: 10000, paidCount: 1, paidAmount: 10000 },
          { date: "2030-04-02", count: 2, volume: 25000, paidCount: 1, paidAmount: 20000 },
          { date: "2030-04-03", count: 1, volume: 3000, paidCount: 1, paidAmount: 3000 },
        ],
      });
    }
    const res = await api("GET", `/v1/companies/dashboard/commissions?${period}`, undefined, { "X-Api-Key": sub.apiKey });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("a bad date is a 400 naming it", async () => {
    const res = await api("GET", `/v1/companies/dashboard/commissions?from=2030-02-29`, undefined, { "X-Api-Key": company.apiKey });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual([expect.objectContaining({ path: "from", in: "query" })]);
  });
});
