/**
 * A seller's settings (GET and PATCH /v1/sellers/{sellerId}/settings, docs/sellers.md): today
 * its time zone, the IANA zone whose days its dashboards count in. Read and written by the
 * seller itself or its company (sub-sellers/reach.ts); anyone else gets 404.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sellers } from "../db/schema";
import { DEFAULT_TIME_ZONE } from "../lib/time-zone";
import type { Scope } from "./scope";
import { sellerInReach, type SellerRow } from "./sub-sellers/reach";

/** The settings as the API shows them. */
export interface SellerSettings {
  sellerId: string;
  timeZone: string;
}

/** The zone a seller's row counts its days in (the default when it never chose one). */
export const timeZoneOfRow = (row: Pick<SellerRow, "timeZone">): string => row.timeZone ?? DEFAULT_TIME_ZONE;

/** The zone of seller `sellerId` (the caller's own: no reach check). */
export async function timeZoneOf(db: Db, sellerId: string): Promise<string> {
  const [row] = await db.select({ timeZone: sellers.timeZone }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row ? timeZoneOfRow(row) : DEFAULT_TIME_ZONE;
}

/** The settings of seller `sellerId` (self or a sub-seller of the caller, else 404). */
export async function readSellerSettings(db: Db, scope: Scope, sellerId: string): Promise<SellerSettings> {
  const row = await sellerInReach(db, scope, sellerId);
  return { sellerId: row.id, timeZone: timeZoneOfRow(row) };
}

/** Writes the sent settings (`timeZone` already checked and spelled by schemas/seller-settings.ts); answers them all. */
export async function updateSellerSettings(db: Db, scope: Scope, sellerId: string, patch: { timeZone?: string }, now: Date): Promise<SellerSettings> {
  const row = await sellerInReach(db, scope, sellerId);
  if (patch.timeZone === undefined) return { sellerId: row.id, timeZone: timeZoneOfRow(row) };
  await db.update(sellers).set({ timeZone: patch.timeZone, updatedAt: now.toISOString() }).where(eq(sellers.id, row.id));
  return { sellerId: row.id, timeZone: patch.timeZone };
}
