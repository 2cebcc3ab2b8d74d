/**
 * Buyers: created, read and updated by the seller that owns them. A buyer of another seller is
 * indistinguishable from one that does not exist.
 */
import { and, eq } from "drizzle-orm";
import { maskDocument } from "../../shared/documents";
import type { Db } from "../db/client";
import { buyers } from "../db/schema";
import type { Buyer, BuyerCreate, BuyerUpdate } from "../routes/schemas/buyer";

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

/** Creates a buyer for `sellerId`. */
export async function createBuyer(db: Db, sellerId: string, input: BuyerCreate, now: Date): Promise<BuyerRow> {
  const at = now.toISOString();
  const [row] = await db
    .insert(buyers)
    .values({
      id: crypto.randomUUID(),
      sellerId,
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

/** The seller's buyer, or null (also when the buyer belongs to someone else). */
export async function findBuyer(db: Db, sellerId: string, buyerId: string): Promise<BuyerRow | null> {
  const [row] = await db
    .select()
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.sellerId, sellerId)))
    .limit(1);
  return row ?? null;
}

/** Applies the sent fields in one guarded UPDATE; null when the seller has no such buyer. */
export async function updateBuyer(
  db: Db,
  sellerId: string,
  buyerId: string,
  patch: BuyerUpdate,
  now: Date,
): Promise<BuyerRow | null> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return findBuyer(db, sellerId, buyerId);
  const [row] = await db
    .update(buyers)
    .set({ ...changes, updatedAt: now.toISOString() })
    .where(and(eq(buyers.id, buyerId), eq(buyers.sellerId, sellerId)))
    .returning();
  return row ?? null;
}
