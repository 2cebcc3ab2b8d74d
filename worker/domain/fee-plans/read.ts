/**
 * Reading fee plans: one plan by id, and a page of the caller company's plans. A plan is the
 * company's that created it (`fee_plans.owner_seller_id`); anyone else gets 404, as for any other
 * seller's resource. The platform's default plan (owner null) is the public price every seller
 * starts on: anyone may read it by id, but it is nobody's to list. A plan belongs to the mode of
 * the key that made it (domain/scope.ts); plans older than modes, and the default, serve both.
 */
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { keysetWindow } from "../../db/keyset";
import { feePlanRates, feePlans, PAYMENT_METHODS } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import { notFound } from "../../lib/problem";
import type { FeePlan } from "../../schemas/fee-plan";
import { inModeOf, type Scope } from "../scope";
import { DEFAULT_FEE_PLAN_ID } from "../transactions/fees";

/** A plan's row and the rows of its rates. */
export type FeePlanRow = typeof feePlans.$inferSelect;
export type FeePlanRateRow = typeof feePlanRates.$inferSelect;

/** The API shape of a plan: its rates by method (only the methods it offers), surcharges `{}` when none. */
export function toFeePlan(row: FeePlanRow, rates: readonly FeePlanRateRow[]): FeePlan {
  const fees: FeePlan["fees"] = {};
  // In the vocabulary's order, whatever order the database returned the rates in.
  for (const method of PAYMENT_METHODS) {
    const rate = rates.find((r) => r.feePlanId === row.id && r.paymentMethod === method);
    if (rate) fees[method] = { percentBps: rate.percentBps, fixedCents: rate.fixedAmount };
  }
  return {
    id: row.id,
    name: row.name,
    fees,
    installmentSurchargesBps: row.installmentSurchargesBps ?? {},
    platformShareBps: row.platformShareBps,
    createdAt: row.createdAt,
  };
}

/** The caller's own plans of its key's mode (domain/scope.ts). */
function owned(caller: Scope): SQL {
  return and(eq(feePlans.ownerSellerId, caller.sellerId), inModeOf(feePlans.livemode, caller))!;
}

/** The plans the caller may read by id: its own of its mode, and the platform's default. */
function readable(caller: Scope): SQL {
  return or(owned(caller), eq(feePlans.id, DEFAULT_FEE_PLAN_ID))!;
}

/** The plan `id` if the caller may read it, else 404; plan and rates in one round trip. */
export async function findFeePlan(db: Db, caller: Scope, id: string): Promise<FeePlan> {
  const [[row], rates] = await db.batch([
    db.select().from(feePlans).where(and(eq(feePlans.id, id), readable(caller))).limit(1),
    db.select().from(feePlanRates).where(eq(feePlanRates.feePlanId, id)),
  ]);
  if (!row) throw notFound("fee plan", id);
  return toFeePlan(row, rates);
}

/**
 * One page of the caller's plans, newest first (ties by id), in one round trip: the page, its
 * rates (read through the same page as a subquery) and the total. The total is a count(*) over
 * the owner index, unlike the transaction and buyer lists whose totals come from counters: a
 * company has a handful of plans, where a seller may have millions of transactions or buyers.
 */
export async function listFeePlans(db: Db, caller: Scope, query: PageParams): Promise<Page<FeePlan>> {
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, feePlans.createdAt, feePlans.id);
  const mine = owned(caller);
  const where = and(mine, after);
  const order = [desc(feePlans.createdAt), desc(feePlans.id)];
  const limit = pageLimit(start, query.size);
  const pageIds = db.select({ id: feePlans.id }).from(feePlans).where(where).orderBy(...order).limit(limit).offset(offset);
  const [rows, rates, [total]] = await db.batch([
    db.select().from(feePlans).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select().from(feePlanRates).where(inArray(feePlanRates.feePlanId, pageIds)),
    db.select({ n: count() }).from(feePlans).where(mine),
  ]);
  const result = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...result, items: result.items.map((row) => toFeePlan(row, rates)) };
}
