import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { sellers } from "../../worker/db/schema";
import { DEFAULT_FEE_PLAN_ID } from "../../worker/domain/transactions/fees";
import { openDatabase } from "../../worker/node/database";
import { applyMigrations, MIGRATIONS_FOLDER } from "../../worker/node/migrate";

const dir = mkdtempSync(join(tmpdir(), "pay-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("migration 0001 (transactions)", () => {
  it("moves sellers created before it onto the default fee plan", async () => {
    // A database as the foundation left it: only 0000 applied, one seller.
    const old = join(dir, "0000-only");
    cpSync(MIGRATIONS_FOLDER, old, { recursive: true });
    const journal = JSON.parse(readFileSync(join(old, "meta/_journal.json"), "utf8"));
    journal.entries = journal.entries.slice(0, 1);
    writeFileSync(join(old, "meta/_journal.json"), JSON.stringify(journal));
    const client = createClient({ url: ":memory:" });
    const db = createDb(client);
    await migrate(db, { migrationsFolder: old });
    await client.execute(
      "insert into sellers (id, legal_name, email, status, created_at, updated_at) values ('s-1', 'Old Ltda', 'o@example.com', 'ACTIVE', 'x', 'x')",
    );

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const [seller] = await db.select().from(sellers);
    expect(seller?.feePlanId).toBe(DEFAULT_FEE_PLAN_ID);
    expect(seller?.city).toBeNull();
    const rates = await client.execute("select count(*) as n from fee_plan_rates");
    expect(rates.rows[0]?.n).toBe(3);
  });
});

describe("the Node host's database", () => {
  it("enforces foreign keys and re-applies migrations as a no-op", async () => {
    const client = await openDatabase(`file:${join(dir, "fk", "pay.db")}`);
    try {
      const db = createDb(client);
      await applyMigrations(db);
      await applyMigrations(db); // a restart
      const applied = await client.execute("select count(*) as n from __drizzle_migrations");
      expect(Number(applied.rows[0]?.n)).toBe(JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")).entries.length);
      await expect(
        client.execute(
          "insert into buyers (id, seller_id, name, document_type, document_masked, email, pii, created_at, updated_at) " +
            "values ('b-1', 'no-such-seller', 'A', 'CPF', '***', 'a@b.co', 'v1.x', 'x', 'x')",
        ),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
      const journal = await client.execute("PRAGMA journal_mode");
      expect(journal.rows[0]?.journal_mode).toBe("wal");
    } finally {
      client.close();
    }
  });
});
