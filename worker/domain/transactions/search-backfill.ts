/**
 * The search keys of rows written before migration 0022 (search-keys.ts): SQLite has no accent
 * folding and the migration no vault key, so those rows are indexed here, a batch at a time. The
 * scheduled job runs one bounded pass a minute (`payments.searchIndex`, on both hosts);
 * `npm run admin -- payments:search-index` runs it to the end at once (docs/dashboard.md).
 *
 * Buyers first, so their transactions copy the digest instead of opening the buyer again. Each
 * update is guarded by the null it read: a row written meanwhile already has its keys. A row whose
 * personal data the vault cannot open (sealed under a key no longer configured, or damaged) gets
 * no document digest ("" for a buyer) and is not revisited: it is found by its other keys, and one
 * such row never stops the rows after it (the sweep would otherwise fail every minute on it).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Statements } from "../../db/guarded";
import { buyers, transactions } from "../../db/schema";
import type { Vault } from "../../lib/vault";
import type { Db } from "../../db/client";
import { openPersonalData } from "../personal-data";
import { searchColumns } from "./search-keys";

const BATCH = 100;

/** The document number inside stored personal data; null when the vault cannot open it. */
async function documentNumberOf(vault: Vault, stored: string | null): Promise<string | null> {
  if (!stored) return null;
  try {
    return (await openPersonalData(vault, stored)).documentNumber ?? null;
  } catch {
    return null;
  }
}

/** What the backfill needs: the database and the vault that opens the rows' personal data. */
export interface BackfillPorts {
  db: Db;
  vault: Vault;
}

async function buyersBatch({ db, vault }: BackfillPorts): Promise<number> {
  const rows = await db.select({ id: buyers.id, sellerId: buyers.sellerId, name: buyers.name, pii: buyers.pii }).from(buyers).where(isNull(buyers.documentDigest)).limit(BATCH);
  if (rows.length === 0) return 0;
  const updates = [];
  for (const row of rows) {
    const { customerDocumentDigest } = await searchColumns(vault, row.sellerId, row.name, await documentNumberOf(vault, row.pii));
    // A buyer always has a document; a row that cannot be read as one gets "" and is not revisited.
    updates.push(db.update(buyers).set({ documentDigest: customerDocumentDigest ?? "" }).where(and(eq(buyers.id, row.id), isNull(buyers.documentDigest))));
  }
  await db.batch(updates as unknown as Statements);
  return rows.length;
}

async function transactionsBatch({ db, vault }: BackfillPorts): Promise<number> {
  const t = transactions;
  const rows = await db
    .select({ id: t.id, sellerId: t.sellerId, customer: t.customer, pii: t.customerPii, buyerDigest: buyers.documentDigest })
    .from(t)
    .leftJoin(buyers, eq(buyers.id, t.buyerId))
    .where(isNull(t.customerNameSearch))
    .limit(BATCH);
  if (rows.length === 0) return 0;
  const updates = [];
  for (const row of rows) {
    // The buyer's digest when it has one; else the row's own document, opened once here.
    const number = row.buyerDigest || !row.customer.document ? null : await documentNumberOf(vault, row.pii);
    const keys = await searchColumns(vault, row.sellerId, row.customer.name, number);
    const set = { customerNameSearch: keys.customerNameSearch, customerDocumentDigest: row.buyerDigest || keys.customerDocumentDigest };
    updates.push(db.update(t).set(set).where(and(eq(t.id, row.id), isNull(t.customerNameSearch))));
  }
  await db.batch(updates as unknown as Statements);
  return rows.length;
}

/**
 * Indexes up to `maxBatches` batches of unindexed buyers, then of transactions; returns how many
 * rows it indexed (0: nothing left).
 */
export async function backfillSearchKeys(ports: BackfillPorts, maxBatches = 5): Promise<number> {
  let done = 0;
  for (const batch of [buyersBatch, transactionsBatch]) {
    for (let i = 0; i < maxBatches; i++) {
      const n = await batch(ports);
      done += n;
      if (n < BATCH) break;
    }
  }
  return done;
}
