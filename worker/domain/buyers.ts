/**
 * Buyers: created, read and updated by the seller that owns them, in the mode of the key that
 * created them. A buyer of another seller, or of the other mode, is indistinguishable from one
 * that does not exist.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { maskDocument } from "../../shared/documents";
import type { Db } from "../db/client";
import { buyers } from "../db/schema";
import { pageWindow, type PageParams } from "../lib/pagination";
import type { Buyer, BuyerCreate, BuyerUpdate } from "../schemas/buyer";
import type { Scope } from "./scope";

type BuyerRow = typeof buyers.$inferSelect;

/** The API shape of a stored buyer (document masked). */
export function toBuyer(row: BuyerRow): Buyer {
  const a = row.address;
  return {
    id: row.id,
    name: row.name,
    documentType: row.documentType,
    documentNumber: maskDocument(row.documentNumber),
    email: row.email,
    phone: row.phone,
    address: {
      street: a.street,
      number: a.number,
      complement: a.complement ?? null,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      country: a.country,
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Only the scope's buyers. */
export function inScope(scope: Scope) {
  return and(eq(buyers.sellerId, scope.sellerId), eq(buyers.livemode, scope.livemode));
}

/** Creates a buyer in the scope. */
export async function createBuyer(db: Db, scope: Scope, input: BuyerCreate, now: Date): Promise<BuyerRow> {
  const at = now.toISOString();
  const [row] = await db
    .insert(buyers)
    .values({
      id: crypto.randomUUID(),
      sellerId: scope.sellerId,
      livemode: scope.livemode,
      name: input.name,
      documentType: input.documentType,
      documentNumber: input.documentNumber,
      email: input.email,
      phone: input.phone,
      address: input.address,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** The scope's buyer, or null (also when it belongs to someone else or the other mode). */
export async function findBuyer(db: Db, scope: Scope, buyerId: string): Promise<BuyerRow | null> {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), inScope(scope)))
    .limit(1);
  return row ?? null;
}

/** Applies the sent fields in one guarded UPDATE; null when the seller has no such buyer. */
export async function updateBuyer(
  db: Db,
  scope: Scope,
  buyerId: string,
  patch: BuyerUpdate,
  now: Date,
): Promise<BuyerRow | null> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return findBuyer(db, scope, buyerId);
  const [row] = await db
    .update(buyers)
    .set({ ...changes, updatedAt: now.toISOString() })
    .where(and(eq(buyers.id, buyerId), inScope(scope)))
    .returning();
  return row ?? null;
}

/** One page of the scope's buyers, newest first (ties by id), and their total, in one round trip. */
export async function listBuyers(db: Db, scope: Scope, page: PageParams): Promise<{ rows: BuyerRow[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [rows, [total]] = await db.batch([
    db.select().from(buyers).where(inScope(scope)).orderBy(desc(buyers.createdAt), desc(buyers.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(buyers).where(inScope(scope)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
