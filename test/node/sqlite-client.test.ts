/**
 * The Node host's statement-caching client: it must behave as `@libsql/client` does for
 * everything drizzle and the domain rely on (rows by position and name, row counts, atomic
 * batches, LibsqlError codes), and the database file it opens must be private and durable.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResultSet } from "@libsql/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/node/database";
import { SqliteClient } from "../../worker/node/sqlite-client";

const dir = mkdtempSync(join(tmpdir(), "pay-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let client: SqliteClient;
beforeEach(async () => {
  client = new SqliteClient(":memory:");
  await client.execute("create table t (id text primary key, n integer not null)");
});

describe("SqliteClient", () => {
  it("returns rows by position and by column name, and counts written rows", async () => {
    const inserted = await client.execute({ sql: "insert into t values (?, ?)", args: ["a", 1] });
    expect(inserted.rowsAffected).toBe(1);
    const { rows, columns } = await client.execute({ sql: "select id, n from t where id = ?", args: ["a"] });
    expect(columns).toEqual(["id", "n"]);
    expect([rows[0]![0], rows[0]![1]]).toEqual(["a", 1]);
    expect(rows[0]!.id).toBe("a");
  });

  it("reuses a prepared statement with new arguments every time", async () => {
    for (let i = 0; i < 5; i++) await client.execute({ sql: "insert into t values (?, ?)", args: [`k${i}`, i] });
    for (let i = 0; i < 5; i++) {
      const { rows } = await client.execute({ sql: "select n from t where id = ?", args: [`k${i}`] });
      expect(rows[0]!.n).toBe(i);
    }
  });

  it("reads one row by position (executeRow), and leaves no read transaction open behind it", async () => {
    await client.execute({ sql: "insert into t values (?, ?)", args: ["a", 1] });
    expect(await client.executeRow({ sql: "select id, n from t where id = ?", args: ["a"] })).toEqual(["a", 1]);
    expect(await client.executeRow({ sql: "select id, n from t where id = ?", args: ["zz"] })).toBeUndefined();
    // A second connection's commit is seen at once and its checkpoint is not held back.
    const path = join(dir, "row.db");
    const one = new SqliteClient(path);
    const two = new SqliteClient(path);
    await one.execute("PRAGMA journal_mode = WAL");
    await one.execute("create table t (id text primary key, n integer not null)");
    await one.execute({ sql: "insert into t values (?, ?)", args: ["a", 1] });
    expect(await one.executeRow({ sql: "select n from t where id = ?", args: ["a"] })).toEqual([1]);
    await two.execute({ sql: "update t set n = 2 where id = ?", args: ["a"] });
    expect(await one.executeRow({ sql: "select n from t where id = ?", args: ["a"] })).toEqual([2]);
    const [checkpoint] = (await two.execute("PRAGMA wal_checkpoint(TRUNCATE)")).rows;
    expect(checkpoint![0]).toBe(0); // not busy: no reader holds an old snapshot
    one.close();
    two.close();
  });

  it("runs a batch atomically: a failing statement rolls back the ones before it", async () => {
    await client.execute({ sql: "insert into t values (?, ?)", args: ["a", 1] });
    const batch = client.batch([
      { sql: "insert into t values (?, ?)", args: ["b", 2] },
      { sql: "insert into t values (?, ?)", args: ["a", 3] },
    ]);
    await expect(batch).rejects.toMatchObject({ code: "SQLITE_CONSTRAINT" });
    const { rows } = await client.execute("select count(*) as n from t");
    expect(rows[0]!.n).toBe(1);
    // The connection is usable afterwards (no transaction left open).
    await client.batch([{ sql: "insert into t values (?, ?)", args: ["b", 2] }]);
    expect((await client.execute("select count(*) as n from t")).rows[0]!.n).toBe(2);
  });

  it("commits concurrent batches together, each atomic on its own: a failing one alone rolls back and alone gets the error", async () => {
    await client.execute({ sql: "insert into t values (?, ?)", args: ["taken", 0] });
    let commits = 0;
    const internals = client as unknown as { control(sql: string): void };
    const original = internals.control.bind(client);
    internals.control = (sql: string) => {
      if (sql === "COMMIT") commits++;
      original(sql);
    };
    const outcomes = await Promise.allSettled([
      client.batch([{ sql: "insert into t values (?, ?)", args: ["a", 1] }, { sql: "insert into t values (?, ?)", args: ["b", 2] }], "write"),
      client.batch([{ sql: "insert into t values (?, ?)", args: ["c", 3] }, { sql: "insert into t values (?, ?)", args: ["taken", 4] }], "write"),
      client.batch([{ sql: "insert into t values (?, ?)", args: ["d", 5] }, { sql: "select count(*) as n from t" }], "deferred"),
    ]);
    internals.control = original;
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_CONSTRAINT" });
    // The third batch saw the first's rows and not the failed second's.
    expect((outcomes[2] as PromiseFulfilledResult<ResultSet[]>).value[1]!.rows[0]!.n).toBe(4);
    const ids = (await client.execute("select id from t order by id")).rows.map((r) => r.id);
    expect(ids).toEqual(["a", "b", "d", "taken"]);
    expect(commits).toBe(1);
  });

  it("makes other callers wait while an interactive transaction holds the connection", async () => {
    const tx = await client.transaction("write");
    await tx.execute({ sql: "insert into t values (?, ?)", args: ["a", 1] });
    let outsideSaw: number | null = null;
    const outside = client.execute("select count(*) as n from t").then((r) => (outsideSaw = r.rows[0]!.n as number));
    await new Promise((r) => setTimeout(r, 5));
    expect(outsideSaw).toBeNull();
    await tx.rollback();
    await outside;
    expect(outsideSaw).toBe(0);
  });
});

describe("the Node host's database file", () => {
  it("is created readable by its owner only, in WAL with synchronous = FULL", async () => {
    const path = join(dir, "data", "pay.db");
    const db = await openDatabase(`file:${path}`);
    try {
      await db.execute("create table x (a integer)");
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "data")).mode & 0o777).toBe(0o700);
      expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
      expect((await db.execute("PRAGMA journal_mode")).rows[0]![0]).toBe("wal");
      expect((await db.execute("PRAGMA synchronous")).rows[0]![0]).toBe(2); // FULL
    } finally {
      db.close();
    }
  });
});
