/**
 * Buyers: created, read and updated by the seller that owns them, in the mode of the key that
 * created them. A buyer of another seller, or of the other mode, is indistinguishable from one
 * that does not exist. The document, phone and address are sealed at rest (personal-data.ts).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { maskDocument } from "../../shared/documents";
import type { Db } from "../db/client";
import { keysetWindow } from "../db/keyset";
import { buyerCounts, buyers, type PersonalData } from "../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../lib/pagination";
import type { Vault } from "../lib/vault";
import type { Platform } from "../platform";
import type { Buyer, BuyerCreate, BuyerUpdate } from "../schemas/buyer";
import { openPersonalData, sealPersonalData } from "./personal-data";
import type { Scope } from "./scope";
import { searchColumns } from "./transactions/search-keys";

export type BuyerRow = typeof buyers.$inferSelect;

/** The API shape of a stored buyer (document masked; the sealed fields opened). */
export async function toBuyer(vault: Vault, row: BuyerRow): Promise<Buyer> {
  return buyerOf(row, await openPersonalData(vault, row.pii));
}

/** The API shape of a buyer row whose personal data is at hand. */
function buyerOf(row: BuyerRow, { phone, address }: PersonalData): Buyer {
  const a = address!;
  return {
    id: row.id,
    name: row.name,
    documentType: row.documentType,
    documentNumber: row.documentMasked,
    email: row.email,
    phone: phone!,
    address: {
      street: a.street,
      number: a.number,
      complement: a.complement ?? null,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state!,
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

/** Creates a buyer in the scope and returns it. */
export async function createBuyer(platform: Platform, scope: Scope, input: BuyerCreate): Promise<Buyer> {
  const at = platform.now().toISOString();
  const pii: PersonalData = { documentNumber: input.documentNumber, phone: input.phone, address: input.address };
  const row: BuyerRow = {
    id: crypto.randomUUID(),
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    name: input.name,
    documentType: input.documentType,
    documentMasked: maskDocument(input.documentNumber),
    email: input.email,
    pii: await sealPersonalData(platform.vault, pii),
    documentDigest: (await searchColumns(platform.vault, scope.sellerId, input.name, input.documentNumber)).customerDocumentDigest,
    createdAt: at,
    updatedAt: at,
  };
  await platform.db.insert(buyers).values(row);
  return buyerOf(row, pii);
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

/**
 * Applies the sent fields; null when the seller has no such buyer. A change to the sealed fields
 * reads, re-seals and writes back guarded by the sealed value it read, retrying if another update
 * got there first, so two concurrent PATCHes never lose each other's fields.
 */
export async function updateBuyer(platform: Platform, scope: Scope, buyerId: string, patch: BuyerUpdate): Promise<Buyer | null> {
  const { db, vault } = platform;
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await findBuyer(db, scope, buyerId);
    if (!current) return null;
    if (Object.values(patch).every((v) => v === undefined)) return toBuyer(vault, current);
    const changes: Partial<BuyerRow> = { updatedAt: platform.now().toISOString() };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.email !== undefined) changes.email = patch.email;
    let pii = await openPersonalData(vault, current.pii);
    if (patch.phone !== undefined || patch.address !== undefined) {
      pii = { ...pii, phone: patch.phone ?? pii.phone, address: patch.address ?? pii.address };
      changes.pii = await sealPersonalData(vault, pii);
    }
    const [row] = await db
      .update(buyers)
      .set(changes)
      .where(and(eq(buyers.id, buyerId), inScope(scope), eq(buyers.pii, current.pii)))
      .returning();
    if (row) return buyerOf(row, pii);
  }
  throw new Error(`buyer ${buyerId} kept changing during an update`);
}

/** One page of the scope's buyers, newest first (ties by id), with their total: one round trip. */
export async function listBuyers(platform: Platform, scope: Scope, query: PageParams): Promise<Page<Buyer>> {
  const { db, vault } = platform;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, buyers.createdAt, buyers.id);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(buyers)
      .where(and(inScope(scope), after))
      .orderBy(desc(buyers.createdAt), desc(buyers.id))
      .limit(pageLimit(start, query.size))
      .offset(offset),
    db
      .select({ n: sql<number>`coalesce(sum(${buyerCounts.n}), 0)` })
      .from(buyerCounts)
      .where(and(eq(buyerCounts.sellerId, scope.sellerId), eq(buyerCounts.livemode, scope.livemode))),
  ]);
  const page = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...page, items: await Promise.all(page.items.map((row) => toBuyer(vault, row))) };
}
