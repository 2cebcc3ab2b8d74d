/**
 * One company's marketplace for the dashboard tests, with every figure computed by hand in the
 * comments. The period under test is November 2026: [2026-11-01T00:00Z, 2026-12-01T00:00Z).
 *
 * Plans (owned by the company): P1 shares 17.5 % (1750 bps) of each fee with the platform, P2
 * 25 % (2500 bps). Sub-sellers: A on P1, B on P2, D on the default plan (share 0). Another
 * company O has sub-seller X on its own plan P3 (50 %): none of theirs may count for ours.
 * Every seller here counts its days in UTC (its `timeZone` setting), the days these figures were
 * computed in; test/api/dashboards.time-zones.test.ts covers the other zones.
 */
import { inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../worker/db/client";
import { sellers } from "../../worker/db/schema";
import { DEFAULT_FEE_PLAN_ID } from "../../worker/domain/transactions/fees";
import { insertFeePlan, insertRefund, insertSeller, insertTx } from "./dashboards";
import { createTestContext } from "./platform";

/** The period the fixture's figures are for. */
export const NOVEMBER = { from: "2026-11-01", to: "2026-12-01" };

/** Seeds the marketplace under `companyId`; returns the sellers (with keys) and the transaction ids. */
export async function seedMarketplace(db: Db, companyId: string) {
  const p1 = await insertFeePlan(db, companyId, 1750, { PIX: [99, 0], CREDIT_CARD: [299, 50], DEBIT_CARD: [199, 0] });
  const p2 = await insertFeePlan(db, companyId, 2500, { PIX: [150, 10], CREDIT_CARD: [350, 0] });
  const a = await insertSeller(db, companyId, p1, "Sub A");
  const b = await insertSeller(db, companyId, p2, "Sub B");
  const d = await insertSeller(db, companyId, undefined, "Sub D");
  const other = await insertSeller(db, null, undefined, "Outra Empresa");
  const p3 = await insertFeePlan(db, other.sellerId, 5000, { PIX: [99, 0] });
  const x = await insertSeller(db, other.sellerId, p3, "Sub X");
  const A = a.sellerId;

  // ── Sub-seller A (P1: PIX 0.99 %, credit 2.99 % + 50, debit 1.99 %; share 1750 bps) ──
  // a0: paid 1 ms before the period: in neither figure.
  await insertTx(db, A, { method: "PIX", amount: 6000, status: "PAID", createdAt: "2026-10-31T23:40:00.000Z", paidAt: "2026-10-31T23:59:59.999Z", fee: 59, planId: p1 });
  // a1: created before the period, paid exactly at `from` (inclusive), settled.
  //     fee 10000 × 0.99 % = 99; share (99 × 1750 = 173 250) / 10 000 = 17.325 → 17; net 82.
  const a1 = await insertTx(db, A, { method: "PIX", amount: 10000, status: "PAID", createdAt: "2026-10-31T23:50:00.000Z", paidAt: "2026-11-01T00:00:00.000Z", fee: 99, planId: p1, settled: true });
  // a2: credit card, fully refunded later: the fee stays earned.
  //     fee 25000 × 2.99 % = 747.5 → 748, + 50 = 798; share 798 × 1750 / 10 000 = 139.65 → 140; net 658.
  const a2 = await insertTx(db, A, { method: "CREDIT_CARD", amount: 25000, status: "REFUNDED", createdAt: "2026-11-10T14:59:00.000Z", paidAt: "2026-11-10T15:00:00.000Z", fee: 798, planId: p1 });
  // a3: created in the period, paid exactly at `to` (exclusive): in the overview, not in the commissions.
  const a3 = await insertTx(db, A, { method: "PIX", amount: 5000, status: "PAID", createdAt: "2026-11-30T23:59:00.000Z", paidAt: "2026-12-01T00:00:00.000Z", fee: 50, planId: p1 });
  // a4: created exactly at `from`, still pending. a6: created exactly at `to` (outside).
  const a4 = await insertTx(db, A, { method: "PIX", amount: 3000, status: "PENDING", createdAt: "2026-11-01T00:00:00.000Z", planId: p1 });
  const a6 = await insertTx(db, A, { method: "PIX", amount: 2000, status: "PENDING", createdAt: "2026-12-01T00:00:00.000Z", planId: p1 });
  // a5, a11: declined; a7: cancelled. All on 5 November.
  await insertTx(db, A, { method: "DEBIT_CARD", amount: 8000, status: "FAILED", createdAt: "2026-11-05T10:00:00.000Z", planId: p1 });
  await insertTx(db, A, { method: "CREDIT_CARD", amount: 1000, status: "FAILED", createdAt: "2026-11-05T10:30:00.000Z", planId: p1 });
  await insertTx(db, A, { method: "CREDIT_CARD", amount: 7000, status: "CANCELLED", createdAt: "2026-11-05T11:00:00.000Z", planId: p1 });
  // a8: debit, partly refunded (back to PAID). fee 15000 × 1.99 % = 298.5 → 299;
  //     share 299 × 1750 / 10 000 = 52.325 → 52; net 247.
  const a8 = await insertTx(db, A, { method: "DEBIT_CARD", amount: 15000, status: "PAID", createdAt: "2026-11-20T08:00:00.000Z", paidAt: "2026-11-20T08:01:00.000Z", fee: 299, planId: p1 });
  // a9: refund requested, not concluded. fee 4000 × 0.99 % = 39.6 → 40; share 40 × 0.175 = 7; net 33.
  const a9 = await insertTx(db, A, { method: "PIX", amount: 4000, status: "REFUND_PENDING", createdAt: "2026-11-20T09:00:00.000Z", paidAt: "2026-11-20T09:05:00.000Z", fee: 40, planId: p1 });
  // Refunds of A: completed in the period a1 1000, a2 25000, a8 5000 (= 3 refunds, 31000);
  // not counted: a8's FAILED one, a8's completed exactly at `to`, a9's still PENDING.
  await insertRefund(db, a1, { amount: 1000, original: 10000, status: "COMPLETED", requestedAt: "2026-11-03T09:00:00.000Z", completedAt: "2026-11-03T09:00:05.000Z" });
  await insertRefund(db, a2, { amount: 25000, original: 25000, status: "COMPLETED", requestedAt: "2026-11-12T10:00:00.000Z", completedAt: "2026-11-12T10:00:02.000Z" });
  await insertRefund(db, a8, { amount: 5000, original: 15000, status: "COMPLETED", requestedAt: "2026-11-21T10:00:00.000Z", completedAt: "2026-11-21T10:00:02.000Z" });
  await insertRefund(db, a8, { amount: 1013, original: 15000, status: "FAILED", requestedAt: "2026-11-21T11:00:00.000Z", completedAt: "2026-11-21T11:00:02.000Z" });
  await insertRefund(db, a8, { amount: 1000, original: 15000, status: "COMPLETED", requestedAt: "2026-11-30T23:59:59.000Z", completedAt: "2026-12-01T00:00:00.000Z" });
  await insertRefund(db, a9, { amount: 4000, original: 4000, status: "PENDING", requestedAt: "2026-11-22T10:00:00.000Z" });
  // Live mode (only a live key sees it). fee 9000 × 0.99 % = 89.1 → 89; share 89 × 0.175 = 15.575 → 16; net 73.
  await insertTx(db, A, { method: "PIX", amount: 9000, status: "PAID", createdAt: "2026-11-11T10:00:00.000Z", paidAt: "2026-11-11T10:01:00.000Z", fee: 89, planId: p1, livemode: true });
  // USD (only currency=USD sees it). fee 10000 × 2.99 % + 50 = 349; share 349 × 0.175 = 61.075 → 61; net 288.
  await insertTx(db, A, { method: "CREDIT_CARD", amount: 10000, currency: "USD", status: "PAID", createdAt: "2026-11-16T12:00:00.000Z", paidAt: "2026-11-16T12:00:05.000Z", fee: 349, planId: p1 });

  // ── Sub-seller B (P2: PIX 1.5 % + 10, credit 3.5 %; share 2500 bps) ──
  // b1: fee 19733 × 1.5 % = 295.995 → 296, + 10 = 306; share 306 × 0.25 = 76.5 → 77 (half up); net 229.
  await insertTx(db, b.sellerId, { method: "PIX", amount: 19733, status: "PAID", createdAt: "2026-11-15T10:00:00.000Z", paidAt: "2026-11-15T10:02:00.000Z", fee: 306, planId: p2 });
  // b2: settled. fee 12345 × 3.5 % = 432.075 → 432; share 432 × 0.25 = 108; net 324.
  await insertTx(db, b.sellerId, { method: "CREDIT_CARD", amount: 12345, status: "PAID", createdAt: "2026-11-20T10:00:00.000Z", paidAt: "2026-11-20T10:00:03.000Z", fee: 432, planId: p2, settled: true });
  // b3 (USD): fee 10000 × 3.5 % = 350; share 350 × 0.25 = 87.5 → 88; net 262.
  await insertTx(db, b.sellerId, { method: "CREDIT_CARD", amount: 10000, currency: "USD", status: "PAID", createdAt: "2026-11-16T13:00:00.000Z", paidAt: "2026-11-16T13:00:04.000Z", fee: 350, planId: p2 });

  // ── Sub-seller D: no plan recorded on its transaction → the default plan's share (0 as seeded) ──
  // d1: fee 4000 × 0.99 % = 39.6 → 40; share 0; net 40.
  await insertTx(db, d.sellerId, { method: "PIX", amount: 4000, status: "PAID", createdAt: "2026-11-25T10:00:00.000Z", paidAt: "2026-11-25T10:01:00.000Z", fee: 40, planId: null });

  // ── Not ours: the company's own sale, and company O's sub-seller X ──
  await insertTx(db, companyId, { method: "PIX", amount: 7000, status: "PAID", createdAt: "2026-11-10T10:00:00.000Z", paidAt: "2026-11-10T10:01:00.000Z", fee: 69, planId: DEFAULT_FEE_PLAN_ID });
  // x1 (for O's own summary): fee 50000 × 0.99 % = 495; share 495 × 0.5 = 247.5 → 248; net 247.
  await insertTx(db, x.sellerId, { method: "PIX", amount: 50000, status: "PAID", createdAt: "2026-11-10T10:00:00.000Z", paidAt: "2026-11-10T10:01:00.000Z", fee: 495, planId: p3 });

  const ids = [companyId, A, b.sellerId, d.sellerId, other.sellerId, x.sellerId];
  await db.update(sellers).set({ timeZone: "UTC" }).where(inArray(sellers.id, ids));

  return { a, b, d, other, x, ids: { a1, a2, a3, a4, a6, a8, a9 } };
}

/** A test context whose clock reads 2026-12-10T00:00Z, with the marketplace seeded under its seller. */
export async function marketplaceContext() {
  const ctx = await createTestContext();
  ctx.platform.clock.set("2026-12-10T00:00:00.000Z");
  return { ctx, market: await seedMarketplace(ctx.platform.db, ctx.seller.sellerId) };
}

/** The JSON body of a 200 (failing with the body's text on another status). */
export async function okJson(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
