/**
 * The Seller as the API shows it: the document masked, no bank account or address (they are
 * sealed personal data, read by the platform's payout, never echoed), and the seller's webhooks in
 * the caller's mode.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { PAYMENT_METHODS } from "../../../shared/payments";
import type { Db } from "../../db/client";
import { webhooks } from "../../db/schema";
import type { Seller } from "../../schemas/seller";
import type { Scope } from "../scope";
import { toWebhook } from "../webhooks/manage";
import type { SellerRow } from "./reach";

/** The seller's row as a Seller, with the webhooks given. */
export function toSeller(row: SellerRow, hooks: Seller["webhooks"]): Seller {
  return {
    id: row.id,
    parentId: row.parentId,
    legalName: row.legalName,
    fantasyName: row.fantasyName,
    documentType: row.documentType,
    documentNumber: row.documentMasked,
    email: row.email,
    status: row.status,
    statusReason: row.statusReason,
    // A company seller (no list) may use every method its plan prices.
    paymentMethods: row.paymentMethods ?? [...PAYMENT_METHODS],
    feePlanId: row.feePlanId,
    businessInfo: row.businessInfo,
    webhooks: hooks,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The sellers' rows as Sellers, with their webhooks of the caller's mode (one query for all). */
export async function sellerViews(db: Db, caller: Scope, rows: SellerRow[]): Promise<Seller[]> {
  if (rows.length === 0) return [];
  const hooks = await db
    .select()
    .from(webhooks)
    .where(and(inArray(webhooks.sellerId, rows.map((r) => r.id)), eq(webhooks.livemode, caller.livemode)))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return rows.map((row) => toSeller(row, hooks.filter((h) => h.sellerId === row.id).map(toWebhook)));
}

/** One seller's row as a Seller. */
export async function sellerView(db: Db, caller: Scope, row: SellerRow): Promise<Seller> {
  return (await sellerViews(db, caller, [row]))[0]!;
}
