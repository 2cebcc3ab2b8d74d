import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { eq } from "drizzle-orm";
import { buyers, sellers, transactions } from "../../worker/db/schema";
import { sealLegacyPersonalData } from "../../worker/domain/personal-data";
import { SqliteClient } from "../../worker/node/sqlite-client";
import { createTestPlatform } from "../support/platform";
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

/** A database migrated only up to (and including) migration number `last`. */
async function migratedUpTo(name: string, last: number) {
  const folder = join(dir, name);
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  const client = new SqliteClient(":memory:");
  await migrate(createDb(client), { migrationsFolder: folder });
  return client;
}

describe("migration 0003 (core speed and safety)", () => {
  it("carries legacy rows over: documents masked in clear, personal data sealed by the sweep, counters seeded", async () => {
    const client = await migratedUpTo("0002-only", 2);
    await client.executeMultiple(`
      insert into installation (key, value, updated_at) values ('bootstrap_seller_id', 's-1', 'x');
      insert into sellers (id, legal_name, email, status, fee_plan_id, created_at, updated_at)
        values ('s-1', 'Old Ltda', 'o@example.com', 'ACTIVE', '${DEFAULT_FEE_PLAN_ID}', 'x', 'x');
      insert into buyers (id, seller_id, livemode, name, document_type, document_number, email, phone, address, created_at, updated_at)
        values ('b-1', 's-1', 0, 'Maria', 'CPF', '52998224725', 'm@example.com', '11987654321', '{"street":"Rua A","number":"1","neighborhood":"B","city":"C","state":"SP","zipCode":"01310100","country":"BR"}', 'x', 'x');
      insert into transactions (id, seller_id, livemode, status, payment_method, amount, currency, customer, idempotency_key, fee_percent_bps, fee_fixed_amount, revision, created_at, updated_at)
        values ('t-1', 's-1', 0, 'PAID', 'PIX', 1000, 'BRL', '{"name":"Ana","email":null,"documentType":"CNPJ","documentNumber":"11222333000181","phone":null,"address":null}', 'k', 99, 0, 'r', 'x', 'x'),
               ('t-2', 's-1', 0, 'PENDING', 'PIX', 500, 'BRL', '{"name":"Ana","email":null,"documentType":"CPF","documentNumber":"52998224725","phone":null,"address":null}', 'k2', 99, 0, 'r', 'x', 'x');
    `);
    const platform = await createTestPlatform();
    const db = createDb(client);
    await applyMigrations(db);

    const [buyer] = await db.select().from(buyers);
    expect(buyer).toMatchObject({ documentMasked: "***.982.247-**", name: "Maria" });
    const [tx] = await db.select().from(transactions).where(eq(transactions.id, "t-1"));
    expect(tx!.customer).toEqual({ name: "Ana", email: null, documentType: "CNPJ", document: "**.222.333/0001-**" });
    expect((await db.select().from(sellers))[0]!.city).toBe("Sao Paulo"); // the sandbox seller keeps charging
    const counts = await client.execute("select status, n from transaction_counts order by status");
    expect(counts.rows.map((r) => [r.status, r.n])).toEqual([["PAID", 1], ["PENDING", 1]]);
    expect((await client.execute("select n from buyer_counts")).rows[0]!.n).toBe(1);

    // The sweep seals what the migration could only move.
    const sealed = await sealLegacyPersonalData({ ...platform, db });
    expect(sealed).toBe(3);
    const raw = JSON.stringify((await client.execute("select * from buyers")).rows) + JSON.stringify((await client.execute("select * from transactions")).rows);
    expect(raw).not.toContain("52998224725");
    expect(raw).not.toContain("11222333000181");
    expect(raw).not.toContain("11987654321");
    const [after] = await db.select().from(buyers);
    expect(JSON.parse(await platform.vault.open(after!.pii))).toMatchObject({ documentNumber: "52998224725", phone: "11987654321" });
    expect(await sealLegacyPersonalData({ ...platform, db })).toBe(0);

    // The counters then follow every change.
    await client.execute("update transactions set status = 'CANCELLED' where id = 't-2'");
    const moved = await client.execute("select status, n from transaction_counts order by status");
    expect(moved.rows.map((r) => [r.status, r.n])).toEqual([["CANCELLED", 1], ["PAID", 1], ["PENDING", 0]]);
  });
});

describe("migration 0008 (card data out of idempotency keys)", () => {
  it("deletes the keys whose digests cover a card number or CVV, and keeps the others", async () => {
    const client = await migratedUpTo("0007-only", 7);
    await client.executeMultiple(`
      insert into sellers (id, legal_name, email, status, created_at, updated_at) values ('s-1', 'Loja', 'l@example.com', 'ACTIVE', 'x', 'x');
      insert into idempotency_keys (seller_id, livemode, key, operation, token, request_hash, fingerprint, status, response_status, response_body, created_at, expires_at) values
        ('s-1', 0, 'card-sale', 'transactions.create', 't1', 'h1', '{"amount":"a","card.number":"n","card.cvv":"c"}', 'COMPLETED', 201, '{"paymentMethod":"CREDIT_CARD"}', 'x', 'z'),
        ('s-1', 0, 'card-cvv-only', 'transactions.create', 't2', 'h2', '{"card.cardToken":"t","card.cvv":"c"}', 'COMPLETED', 201, '{"paymentMethod":"CREDIT_CARD"}', 'x', 'z'),
        ('s-1', 0, 'legacy-card', 'transactions.create', 't3', 'h3', null, 'COMPLETED', 201, '{"paymentMethod":"DEBIT_CARD"}', 'x', 'z'),
        ('s-1', 0, 'pix', 'transactions.create', 't4', 'h4', '{"amount":"a","buyer.name":"b"}', 'COMPLETED', 201, '{"paymentMethod":"PIX"}', 'x', 'z'),
        ('s-1', 0, 'token-sale', 'transactions.create', 't5', 'h5', '{"card.cardToken":"t"}', 'COMPLETED', 201, '{"paymentMethod":"CREDIT_CARD"}', 'x', 'z'),
        ('s-1', 0, 'refund', 'refunds.create', 't6', 'h6', '{"amount":"a"}', 'COMPLETED', 201, '{}', 'x', 'z');
    `);
    await migrate(createDb(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const left = await client.execute("select key from idempotency_keys order by key");
    expect(left.rows.map((r) => r.key)).toEqual(["pix", "refund", "token-sale"]);
  });
});

describe("migration 0009 (modes on seller-level objects)", () => {
  it("gives each sub-seller the mode of its keys and keeps each notification setting for both modes", async () => {
    const client = await migratedUpTo("0008-only", 8);
    await client.executeMultiple(`
      insert into sellers (id, legal_name, email, status, created_at, updated_at) values ('co', 'Empresa', 'c@example.com', 'ACTIVE', 'x', 'x');
      insert into sellers (id, parent_id, legal_name, email, status, created_at, updated_at) values
        ('sub-test', 'co', 'Filial T', 't@example.com', 'PENDING', 'x', 'x'),
        ('sub-live', 'co', 'Filial L', 'l@example.com', 'PENDING', 'x', 'x');
      insert into api_keys (id, seller_id, kind, mode, prefix, hash, created_at) values
        ('k1', 'sub-test', 'secret', 'test', 'sk_test_', 'h1', 'x'),
        ('k2', 'sub-live', 'secret', 'live', 'sk_live_', 'h2', 'x');
      insert into notification_settings (seller_id, event_type, webhook, updated_at) values ('co', 'TRANSACTION_PAID', 0, 'x');
    `);
    await migrate(createDb(client), { migrationsFolder: MIGRATIONS_FOLDER });
    const modes = await client.execute("select id, livemode from sellers order by id");
    expect(modes.rows.map((r) => [r.id, r.livemode])).toEqual([["co", null], ["sub-live", 1], ["sub-test", 0]]);
    const settings = await client.execute("select livemode, event_type, webhook from notification_settings order by livemode");
    expect(settings.rows.map((r) => [r.livemode, r.event_type, r.webhook])).toEqual([[0, "TRANSACTION_PAID", 0], [1, "TRANSACTION_PAID", 0]]);
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
