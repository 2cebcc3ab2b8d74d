/**
 * `npm run db:migrate`: applies migrations/ to the database named by TURSO_DATABASE_URL (with
 * TURSO_AUTH_TOKEN), or DATABASE_URL, or the Node host's default file.
 */
import { createDb } from "../db/client";
import { openDatabase } from "../node/database";
import { applyMigrations } from "../node/migrate";

const url = process.env.TURSO_DATABASE_URL ?? process.env.DATABASE_URL ?? "file:.data/pay.db";
const authToken = process.env.TURSO_AUTH_TOKEN ?? process.env.DATABASE_AUTH_TOKEN;

const client = await openDatabase(url, authToken || undefined);
try {
  await applyMigrations(createDb(client));
  process.stdout.write(`Migrations applied to ${url.replace(/\?.*$/, "")}\n`);
} finally {
  client.close();
}
