/**
 * The local Hrana-over-HTTP server, driven by the official web client (what the Worker uses in
 * workerd) and, for protocol details, by raw pipeline requests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient as createNodeClient } from "@libsql/client";
import { createClient, LibsqlError, type Client } from "@libsql/client/web";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLibsqlHttpServer, type LibsqlHttpServer } from "../worker/dev/libsql-http-server";

let dir: string;
let server: LibsqlHttpServer;
let client: Client;
const extraServers: LibsqlHttpServer[] = [];
const extraClients: Client[] = [];

/** A client on its own server (and database file) with custom options; cleaned up in afterAll. */
async function isolated(name: string, opts: { streamIdleTimeoutMs?: number; busyTimeoutMs?: number } = {}) {
  const s = await startLibsqlHttpServer({ dbPath: join(dir, `${name}.db`), ...opts });
  const c = createClient({ url: s.url, intMode: "bigint" });
  extraServers.push(s);
  extraClients.push(c);
  return { server: s, client: c };
}

/** One raw `POST /v2/pipeline`. */
async function pipeline(baton: string | null, requests: unknown[], url = server.url) {
  const res = await fetch(`${url}/v2/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ baton, requests }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The first column of every row; `c` may be a client or an open transaction. */
async function values(sql: string, c: Pick<Client, "execute"> = client): Promise<unknown[]> {
  return (await c.execute(sql)).rows.map((row) => row[0]);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "libsql-http-test-"));
  server = await startLibsqlHttpServer({ dbPath: join(dir, "main.db") });
  client = createClient({ url: server.url, intMode: "bigint" });
});

afterAll(async () => {
  for (const c of [client, ...extraClients]) c?.close();
  await Promise.all([server, ...extraServers].map((s) => s?.close()));
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.executeMultiple(`
    DROP TABLE IF EXISTS items; DROP TABLE IF EXISTS parents; DROP TABLE IF EXISTS kids;
    CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, qty INTEGER);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE kids (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parents(id));
  `);
});

describe("HTTP surface", () => {
  it("answers the v2 version check and 404s the v3 probes so clients fall back to v2", async () => {
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(404);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);
  });

  it("listens on 127.0.0.1 only and refuses other bind addresses", async () => {
    expect(new URL(server.url).hostname).toBe("127.0.0.1");
    await expect(startLibsqlHttpServer({ dbPath: ":memory:", host: "0.0.0.0" })).rejects.toThrow(/loopback/);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === "IPv4" && !a.internal);
    if (external) {
      await expect(fetch(`http://${external.address}:${server.port}/v2`)).rejects.toThrow();
    }
  });

  it("refuses browser requests and non-JSON bodies", async () => {
    const fromPage = await fetch(`${server.url}/v2`, { headers: { origin: "https://evil.example" } });
    expect(fromPage.status).toBe(403);
    const textBody = await fetch(`${server.url}/v2/pipeline`, { method: "POST", body: "{}" });
    expect(textBody.status).toBe(415);
  });
});

describe("execute", () => {
  it("round-trips every value type, including integers beyond 2^53 and blobs", async () => {
    const big = 2n ** 62n + 1n;
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const r = await client.execute({
      sql: "SELECT ? AS i, ? AS neg, ? AS f, ? AS t, ? AS b, ? AS n, typeof(?1) AS ti, typeof(?3) AS tf",
      args: [big, -(2n ** 63n), 1.25, "héllo ✓", bytes, null],
    });
    expect(r.columns).toEqual(["i", "neg", "f", "t", "b", "n", "ti", "tf"]);
    const row = r.rows[0]!;
    expect(row.i).toBe(big);
    expect(row.neg).toBe(-(2n ** 63n));
    expect(row.f).toBe(1.25);
    expect(row.t).toBe("héllo ✓");
    expect(new Uint8Array(row.b as ArrayBuffer)).toEqual(bytes);
    expect(row.n).toBeNull();
    expect([row.ti, row.tf]).toEqual(["integer", "real"]);
    expect((await client.execute("SELECT 1e999 AS inf")).rows[0]!.inf).toBe(Infinity);
  });

  it("reports declared types, affected rows and the last insert rowid", async () => {
    const ins = await client.execute({ sql: "INSERT INTO items (id, name) VALUES (?, ?)", args: [2n ** 60n, "a"] });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(2n ** 60n);
    await client.execute("INSERT INTO items (name) VALUES ('b'), ('c')");
    const upd = await client.execute("UPDATE items SET qty = 1 WHERE name IN ('a', 'b')");
    expect(upd.rowsAffected).toBe(2);
    const ret = await client.execute("DELETE FROM items WHERE name = 'c' RETURNING name");
    expect([ret.rowsAffected, ret.rows[0]!.name]).toEqual([1, "c"]);
    const sel = await client.execute("SELECT id, name, qty FROM items ORDER BY id LIMIT 1");
    expect(sel.columnTypes).toEqual(["INTEGER", "TEXT", "INTEGER"]);
    expect(sel.rowsAffected).toBe(0);
  });

  it("binds positional and named arguments", async () => {
    const pos = await client.execute({ sql: "SELECT ?2 AS second, ?1 AS first", args: ["x", "y"] });
    expect([pos.rows[0]!.first, pos.rows[0]!.second]).toEqual(["x", "y"]);
    const named = await client.execute({
      sql: "SELECT :a AS a, @b AS b, $c AS c, :a || @b AS ab",
      args: { a: "1", "@b": "2", c: 3n },
    });
    expect(named.rows[0]).toMatchObject({ a: "1", b: "2", c: 3n, ab: "12" });
  });

  it("rejects what sqld rejects: several statements, mixed or surplus arguments", async () => {
    const code = (p: Promise<unknown>) => p.then(() => "ok", (e: LibsqlError) => e.code);
    expect(await code(client.execute("SELECT 1; SELECT 2"))).toBe("SQL_MANY_STATEMENTS");
    expect(await code(client.execute({ sql: "SELECT ?", args: [1n, 2n] }))).toBe("ARGS_INVALID");
    expect(await code(client.execute({ sql: "SELECT :a", args: { b: 1n } }))).toBe("ARGS_INVALID");
    expect(await code(client.execute({ sql: "SELEC 1", args: [] }))).toBe("SQLITE_ERROR");
  });

  it("surfaces a UNIQUE violation as a LibsqlError with a SQLITE_CONSTRAINT code", async () => {
    await client.execute("INSERT INTO items (name) VALUES ('dup')");
    const err = await client.execute("INSERT INTO items (name) VALUES ('dup')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect((err as LibsqlError).message).toContain("UNIQUE constraint failed: items.name");
  });

  it("enforces foreign keys on every connection", async () => {
    const err = await client.execute("INSERT INTO kids (parent_id) VALUES (42)").catch((e: LibsqlError) => e);
    expect((err as LibsqlError).code).toBe("SQLITE_CONSTRAINT");
  });
});

describe("batch and sequence", () => {
  it("commits a write batch and returns one result per statement", async () => {
    const rs = await client.batch(
      ["INSERT INTO items (name) VALUES ('a')", { sql: "INSERT INTO items (name) VALUES (?)", args: ["b"] }],
      "write",
    );
    expect(rs.map((r) => r.rowsAffected)).toEqual([1, 1]);
    expect(await values("SELECT name FROM items ORDER BY name")).toEqual(["a", "b"]);
  });

  it("rolls back the whole batch when a statement fails", async () => {
    await client.execute("INSERT INTO items (name) VALUES ('taken')");
    const err = await client
      .batch(["INSERT INTO items (name) VALUES ('first')", "INSERT INTO items (name) VALUES ('taken')"], "write")
      .catch((e: LibsqlError) => e);
    expect((err as LibsqlError).code).toMatch(/^SQLITE_CONSTRAINT/);
    expect(await values("SELECT name FROM items")).toEqual(["taken"]);
  });

  it("runs multi-statement SQL, including triggers whose bodies contain semicolons", async () => {
    await client.executeMultiple(`
      CREATE TRIGGER items_qty AFTER INSERT ON items BEGIN
        UPDATE items SET qty = CASE WHEN NEW.qty IS NULL THEN 0 ELSE NEW.qty END WHERE id = NEW.id;
      END;
      INSERT INTO items (name) VALUES ('t1'); -- a comment; with a semicolon
      INSERT INTO items (name, qty) VALUES ('t2;', 5);
    `);
    expect(await values("SELECT qty FROM items ORDER BY id")).toEqual([0n, 5n]);
  });
});

describe("interactive transactions and streams", () => {
  it("commits a transaction; its writes are invisible to other streams until then", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO items (name) VALUES ('in-tx')");
    expect(await values("SELECT count(*) FROM items", tx)).toEqual([1n]);
    expect(await values("SELECT count(*) FROM items")).toEqual([0n]);
    await tx.commit();
    expect(await values("SELECT name FROM items")).toEqual(["in-tx"]);
  });

  it("rolls a transaction back", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO items (name) VALUES ('gone')");
    await tx.rollback();
    expect(await values("SELECT count(*) FROM items")).toEqual([0n]);
  });

  it("keeps a read transaction's snapshot while another stream writes", async () => {
    await client.execute("INSERT INTO items (name) VALUES ('before')");
    const reader = await client.transaction("read");
    expect((await reader.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(1n);
    await client.execute("INSERT INTO items (name) VALUES ('during')");
    expect((await reader.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(1n);
    await reader.commit();
    expect(await values("SELECT count(*) FROM items")).toEqual([2n]);
  });

  it("lets a write on another stream wait for the open write transaction instead of failing", async () => {
    const tx = await client.transaction("write");
    await tx.execute("INSERT INTO items (name) VALUES ('first')");
    // This stream needs the write lock the transaction holds: it must wait, without blocking
    // the server, until the COMMIT below (sent afterwards) releases it.
    const second = client.execute("INSERT INTO items (name) VALUES ('second')");
    await tx.commit();
    await second;
    expect(await values("SELECT name FROM items ORDER BY id")).toEqual(["first", "second"]);
  });

  it("shares the database file with the Node host's file: client", async () => {
    const node = createNodeClient({ url: `file:${join(dir, "main.db")}` });
    try {
      await node.execute("INSERT INTO items (name) VALUES ('from-node')");
      expect(await values("SELECT name FROM items")).toEqual(["from-node"]);
      await client.execute("INSERT INTO items (name) VALUES ('from-http')");
      expect((await node.execute("SELECT count(*) AS n FROM items")).rows[0]!.n).toBe(2);
    } finally {
      node.close();
    }
  });

  it("expires an idle stream, rolling back its transaction and releasing its lock", async () => {
    const { client: c } = await isolated("expiry", { streamIdleTimeoutMs: 50 });
    await c.execute("CREATE TABLE t (x)");
    const tx = await c.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    await sleep(250);
    const err = await tx.execute("INSERT INTO t VALUES (2)").catch((e: LibsqlError) => e);
    expect((err as LibsqlError).code).toBe("STREAM_EXPIRED");
    await c.execute("INSERT INTO t VALUES (3)");
    expect(await values("SELECT x FROM t", c)).toEqual([3n]);
  });
});

describe("Hrana protocol details", () => {
  it("hands out a new single-use baton per request and null once the stream is closed", async () => {
    const open = await pipeline(null, [{ type: "execute", stmt: { sql: "BEGIN" } }]);
    const b1 = open.body.baton as string;
    expect(b1).toMatch(/^[\w-]{32}$/);
    const next = await pipeline(b1, [{ type: "get_autocommit" }]);
    expect(next.body.results[0]).toEqual({ type: "ok", response: { type: "get_autocommit", is_autocommit: false } });
    const b2 = next.body.baton as string;
    expect(b2).not.toBe(b1);
    const reused = await pipeline(b1, [{ type: "close" }]);
    expect([reused.status, reused.body.code]).toEqual([400, "BATON_INVALID"]);
    const closed = await pipeline(b2, [{ type: "close" }]);
    expect(closed.body).toEqual({ baton: null, base_url: null, results: [{ type: "ok", response: { type: "close" } }] });
  });

  it("supports stored SQL, describe and per-request errors inside one pipeline", async () => {
    const { body } = await pipeline(null, [
      { type: "store_sql", sql_id: 1, sql: "SELECT name AS n FROM items WHERE id = ?" },
      { type: "execute", stmt: { sql_id: 1, args: [{ type: "integer", value: "1" }] } },
      { type: "execute", stmt: { sql: "SELECT * FROM nope" } },
      { type: "describe", sql_id: 1 },
      { type: "close" },
    ]);
    expect(body.baton).toBeNull();
    expect(body.results.map((r: { type: string }) => r.type)).toEqual(["ok", "ok", "error", "ok", "ok"]);
    expect(body.results[1].response.result).toMatchObject({ cols: [{ name: "n", decltype: "TEXT" }], rows: [] });
    expect(body.results[2].error).toMatchObject({ code: "SQLITE_ERROR" });
    expect(body.results[3].response.result).toEqual({
      params: [{ name: null }],
      cols: [{ name: "n", decltype: "TEXT" }],
      is_explain: false,
      is_readonly: true,
    });
  });
});

describe("close()", () => {
  it("stops listening and closes open transactions", async () => {
    const { server: s, client: c } = await isolated("closing");
    await c.execute("CREATE TABLE t (x)");
    const tx = await c.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    await s.close();
    await s.close(); // idempotent
    await expect(fetch(`${s.url}/v2`)).rejects.toThrow();
    // The transaction was rolled back and its write lock released.
    const node = createNodeClient({ url: `file:${join(dir, "closing.db")}` });
    try {
      await node.execute("INSERT INTO t VALUES (2)");
      expect((await node.execute("SELECT x FROM t")).rows.map((r) => r.x)).toEqual([2]);
    } finally {
      node.close();
    }
  });
});
