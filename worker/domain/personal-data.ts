/**
 * Personal data at rest: a buyer's or a customer's document number, phone and address are sealed
 * by the vault as one JSON document (one encryption per write, one decryption per read that shows
 * them); what responses show of them (name, e-mail, masked document) stays in clear columns, so
 * reading a transaction or a list needs no decryption at all.
 *
 * Rows written before sealing existed hold the same JSON in clear; the `pii.seal` sweep seals
 * them in bounded batches (partial indexes find them), and reads accept either form meanwhile.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Statements } from "../db/guarded";
import { buyers, transactions, type PersonalData } from "../db/schema";
import { isSealed, type Vault } from "../lib/vault";
import type { Platform } from "../platform";

/** Seals personal data for storage. */
export function sealPersonalData(vault: Vault, data: PersonalData): Promise<string> {
  return vault.seal(JSON.stringify(data));
}

/** Opens stored personal data (sealed, or a legacy row's clear JSON). */
export async function openPersonalData(vault: Vault, stored: string): Promise<PersonalData> {
  return JSON.parse(isSealed(stored) ? await vault.open(stored) : stored) as PersonalData;
}

const SEAL_BATCH = 100;

/** Where legacy clear personal data may be, and how to replace one value by its sealed form. */
const LEGACY_COLUMNS = [
  {
    column: buyers.pii,
    id: buyers.id,
    reseal: (db: Db, id: string, old: string, sealed: string) =>
      db.update(buyers).set({ pii: sealed }).where(and(eq(buyers.id, id), eq(buyers.pii, old))),
  },
  {
    column: transactions.customerPii,
    id: transactions.id,
    reseal: (db: Db, id: string, old: string, sealed: string) =>
      db.update(transactions).set({ customerPii: sealed }).where(and(eq(transactions.id, id), eq(transactions.customerPii, old))),
  },
];

/**
 * Sweep: seals legacy clear personal data, a batch at a time until none is left. Each update is
 * guarded by the value it read, so a concurrent change is never overwritten. Returns how many
 * rows it sealed.
 */
export async function sealLegacyPersonalData(platform: Platform): Promise<number> {
  const { db, vault } = platform;
  let sealed = 0;
  for (const { column, id, reseal } of LEGACY_COLUMNS) {
    for (;;) {
      // `not like 'v1.%'` is the predicate of the partial index: only legacy rows are visited.
      const rows = await db.select({ id, value: column }).from(column.table).where(sql`${column} not like 'v1.%'`).limit(SEAL_BATCH);
      if (rows.length === 0) break;
      // Seal first, then build: a drizzle query is a thenable, and awaiting one runs it.
      const values = await Promise.all(rows.map((row) => vault.seal(row.value)));
      const updates = rows.map((row, i) => reseal(db, row.id, row.value, values[i]!));
      await db.batch(updates as unknown as Statements);
      sealed += rows.length;
      if (rows.length < SEAL_BATCH) break;
    }
  }
  return sealed;
}
