/**
 * Whether a database has this build's schema: drizzle's migrator records each applied migration in
 * `__drizzle_migrations` with its journal time (`created_at`), so the newest of those is at least
 * the newest migration this build carries once `npm run db:migrate` (Turso) or the Node host's
 * start has applied them all. Read by the readiness probe (`GET /health`, routes/system.ts).
 */
import { sql } from "drizzle-orm";
import journal from "../../migrations/meta/_journal.json";
import type { Db } from "./client";

/** The journal time of the newest migration in migrations/. */
export const LATEST_MIGRATION_AT: number = Math.max(...journal.entries.map((e) => e.when));

/** The newest migration in migrations/, by its tag (`0010_payment_links`). */
export const LATEST_MIGRATION: string = journal.entries.reduce((a, b) => (b.when > a.when ? b : a)).tag;

/**
 * True when every migration of this build has been applied. Throws when the database does not
 * answer; a database never migrated (no `__drizzle_migrations`) is false.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const tables = await db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = '__drizzle_migrations'`);
  if (Number(tables[0]?.n ?? 0) === 0) return false;
  const rows = await db.all<{ latest: number | null }>(sql`select max(created_at) as latest from __drizzle_migrations`);
  return Number(rows[0]?.latest ?? 0) >= LATEST_MIGRATION_AT;
}
