/**
 * Who may see a seller's resources (its profile, team, dashboard): the seller itself and its
 * parent company. Anyone else gets 404, as for any other seller's resource: the answer does not
 * tell a stranger that the seller exists. (Webhooks answer 403 instead, per the spec:
 * webhooks/manage.ts.)
 */
import { and, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sellers } from "../../db/schema";
import { notFound } from "../../lib/problem";
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
