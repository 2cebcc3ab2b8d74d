/**
 * The Node host's statement-caching clients, in process (SqliteClient, `:memory:`) and with the
 * connection on its own thread (SqliteThreadClient, the host's file): each must behave as
 * `@libsql/client` does for everything drizzle and the domain rely on (rows by position and name,
 * row counts, atomic batches, LibsqlError codes), and the database file the host opens must be
 * private and durable.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LibsqlBatchError, LibsqlError, type ResultSet } from "@libsql/client";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/node/database";
import { SqliteClient } from "../../worker/node/sqlite-client";
import { SqliteThreadClient } from "../../worker/node/sqlite-thread-client";

const dir = mkdtempSync(join(tmpdir(), "pay-sqlite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const kinds = [
  { name: "SqliteClient (in process)", open: (path?: string) => new SqliteClient(path ?? ":memory:") },
  { name: "SqliteThreadClient (its own thread)", open: (path?: string) => new SqliteThreadClient(path ?? join(dir, `thread-${++files}.db`)) },
];

describe.each(kinds)("$name", ({ open }) => {
  let client: SqliteClient | SqliteThreadClient;
  beforeEach(async () => {
    client = open();
    await client.execute("create table t (id text primary key, n integer not null)");
    return () => client.close();
  });

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
    const path = join(dir, `row-${++files}.db`);
    const one = open(path);
    const two = open(path);
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

  it("joins one text column of the rows into UTF-8 bytes, with every occurrence replaced, and leaves the other columns by row (executeJoined)", async () => {
    await client.execute({ sql: "create table j (id text primary key, body text not null)" });
    const bodies = ['{"u":"/a","s":"São Paulo"}', '{"u":"/b","s":"ação €"}', '{"u":"/c"}'];
    await client.batch(bodies.map((body, i) => ({ sql: "insert into j values (?, ?)", args: [`j${i}`, body] })), "write");
    const join = { column: 1, separator: ",", replace: ['"u":"/', '"u":"https://h/'] as [string, string] };
    const { text, rows } = await client.executeJoined({ sql: "select id, body from j order by id", args: [] }, join);
    expect(text).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(text)).toBe('{"u":"https://h/a","s":"São Paulo"},{"u":"https://h/b","s":"ação €"},{"u":"https://h/c"}');
    expect(rows).toEqual([["j0", null], ["j1", null], ["j2", null]]);
    const none = await client.executeJoined({ sql: "select id, body from j where id = ?", args: ["none"] }, join);
    expect([none.text.length, none.rows]).toEqual([0, []]);
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
    const commitsBefore = await client.commitCount();
    // The connection is busy when the batches arrive (as under load): on the database thread they
    // queue behind this read rather than race its next turn, and are grouped as in process.
    const busy = client.execute("with recursive c(x) as (select 1 union all select x + 1 from c where x < 200000) select count(*) from c");
    const outcomes = await Promise.allSettled([
      client.batch([{ sql: "insert into t values (?, ?)", args: ["a", 1] }, { sql: "insert into t values (?, ?)", args: ["b", 2] }], "write"),
      client.batch([{ sql: "insert into t values (?, ?)", args: ["c", 3] }, { sql: "insert into t values (?, ?)", args: ["taken", 4] }], "write"),
      client.batch([{ sql: "insert into t values (?, ?)", args: ["d", 5] }, { sql: "select count(*) as n from t" }], "deferred"),
    ]);
    await busy;
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: "SQLITE_CONSTRAINT" });
    // The third batch saw the first's rows and not the failed second's.
    expect((outcomes[2] as PromiseFulfilledResult<ResultSet[]>).value[1]!.rows[0]!.n).toBe(4);
    const ids = (await client.execute("select id from t order by id")).rows.map((r) => r.id);
    expect(ids).toEqual(["a", "b", "d", "taken"]);
    expect((await client.commitCount()) - commitsBefore).toBe(1);
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

describe("SqliteThreadClient: what crossing to the database thread must keep", () => {
  it("reports a batch's failing statement by index and SQLite's codes, as a LibsqlBatchError", async () => {
    const client = new SqliteThreadClient(join(dir, `errors-${++files}.db`));
    try {
      await client.execute("create table t (id text primary key)");
      const failed = await client.batch([{ sql: "insert into t values (?)", args: ["a"] }, { sql: "insert into t values (?)", args: ["a"] }], "write").catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(LibsqlBatchError);
      expect(failed).toMatchObject({ statementIndex: 1, code: "SQLITE_CONSTRAINT", extendedCode: "SQLITE_CONSTRAINT_PRIMARYKEY" });
      const syntax = await client.execute("select * from nowhere").catch((e: unknown) => e);
      expect(syntax).toBeInstanceOf(LibsqlError);
      expect(syntax).toMatchObject({ code: "SQLITE_ERROR", message: expect.stringContaining("no such table: nowhere") });
      expect((await client.execute("select count(*) as n from t")).rows[0]!.n).toBe(0);
    } finally {
      await client.closeAndWait();
    }
  });

  it("keeps values' types both ways (integers, bigints, reals, text, blobs, null)", async () => {
    const client = new SqliteThreadClient(join(dir, `types-${++files}.db`));
    try {
      await client.execute("create table v (i integer, b integer, r real, s text, x blob, z)");
      await client.execute({ sql: "insert into v values (?, ?, ?, ?, ?, ?)", args: [7, 9007199254740993n, 1.5, "çã", new Uint8Array([1, 2, 255]), null] });
      const [row] = (await client.execute("select i, b, r, s, x, z from v")).rows;
      expect([row!.i, row!.r, row!.s, row!.z]).toEqual([7, 1.5, "çã", null]);
      expect(BigInt(row!.b as number)).toBe(9007199254740992n); // SQLite's integer read as a JS number, as in process
      expect([...(row!.x as unknown as Uint8Array)]).toEqual([1, 2, 255]);
    } finally {
      await client.closeAndWait();
    }
  });

  it("closes the file once every call made before close() has been answered, and refuses calls after", async () => {
    const path = join(dir, `close-${++files}.db`);
    const client = new SqliteThreadClient(path);
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("create table t (id text primary key)");
    const write = client.batch([{ sql: "insert into t values (?)", args: ["last"] }], "write");
    const closed = client.closeAndWait();
    await expect(write).resolves.toHaveLength(1);
    await closed;
    expect(client.closed).toBe(true);
    await expect(client.execute("select 1")).rejects.toThrow(/closed/);
    // The last connection's close checkpoints the log into the file and removes it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = new SqliteClient(path);
    expect((await reopened.execute("select id from t")).rows.map((r) => r.id)).toEqual(["last"]);
    reopened.close();
  });

  it("tells its owner once when the thread dies under it, and fails the waiting call and every later one", async () => {
    const client = new SqliteThreadClient(join(dir, `lost-${++files}.db`));
    await client.execute("create table t (id text primary key)");
    const lost: Error[] = [];
    client.onThreadLost = (e) => lost.push(e);
    const waiting = client.execute("with recursive c(x) as (select 1 union all select x + 1 from c where x < 5000000) select count(*) from c");
    // What an I/O error escaping the engine would do: the thread ends.
    await (client as unknown as { thread: { terminate(): Promise<number> } }).thread.terminate();
    await expect(waiting).rejects.toThrow(/database thread exited/);
    await expect(client.execute("select 1")).rejects.toThrow(/database thread exited/);
    expect(lost.map((e) => e.message)).toEqual([expect.stringMatching(/database thread exited/)]);
    expect(client.closed).toBe(true);
  });

  it("fails every call, instead of hanging, when the thread cannot open the file", async () => {
    const client = new SqliteThreadClient(join(dir, "no-such-folder", "x.db"));
    await expect(client.execute("select 1")).rejects.toThrow();
    await expect(client.execute("select 1")).rejects.toThrow();
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
