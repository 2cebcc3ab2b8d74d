/**
 * Who may see a seller's resources (its profile, team, dashboard): the seller itself and its
 * parent company. Anyone else gets 404, as for any other seller's resource: the answer does not
 * tell a stranger that the seller exists. (Webhooks answer 403 instead, per the spec:
 * webhooks/manage.ts.)
 */
import { and, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sellers } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import type { Scope } from "../scope";

/** A seller's row. */
export type SellerRow = typeof sellers.$inferSelect;

/** The caller's sub-sellers of its key's mode (domain/scope.ts). */
export function subSellersOf(caller: Scope): SQL {
  return and(eq(sellers.parentId, caller.sellerId), eq(sellers.livemode, caller.livemode))!;
}

/** The seller `sellerId` when the caller is it, or its parent company in the seller's mode; otherwise 404. */
export async function sellerInReach(db: Db, caller: Scope, sellerId: string): Promise<SellerRow> {
  const [row] = await db
    .select()
    .from(sellers)
    .where(and(eq(sellers.id, sellerId), or(eq(sellers.id, caller.sellerId), subSellersOf(caller))))
    .limit(1);
  if (!row) throw notFound("seller", sellerId);
  return row;
}

/** Throws 403 FORBIDDEN (with `detail`) unless the caller is a company: a seller without a parent. */
export async function requireCompany(db: Db, caller: Scope, detail: string): Promise<void> {
  const [me] = await db.select({ parentId: sellers.parentId }).from(sellers).where(eq(sellers.id, caller.sellerId)).limit(1);
  if (!me || me.parentId !== null) throw new ApiError("FORBIDDEN", detail);
}
