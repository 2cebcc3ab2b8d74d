/**
 * The floor: the least a server on this stack can do per request, run as its own process by
 * floor.ts. Hono on @hono/node-server over a libSQL file with the project's durability
 * (WAL, synchronous=FULL): POST parses a JSON body and runs one INSERT, GET runs one SELECT by
 * primary key and answers the row as JSON as it comes (its body column a string, not parsed and
 * rebuilt); both answer JSON. No auth, validation, logging or ORM: whatever the project
 * spends above this is its own.
 *
 * Env: FLOOR_DB (file path), PORT, FLOOR_ROWS (rows to pre-fill, so the primary-key index is as
 * deep as the project's seeded table), FLOOR_ID (an id that exists, for GET).
 */
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { Hono } from "hono";

const file = process.env.FLOOR_DB;
const port = Number(process.env.PORT);
const rows = Number(process.env.FLOOR_ROWS ?? 0);
const knownId = process.env.FLOOR_ID ?? "00000000-0000-4000-8000-000000000000";
if (!file || !Number.isInteger(port)) throw new Error("FLOOR_DB and PORT are required");

const db = createClient({ url: `file:${file}` });
await db.execute("PRAGMA journal_mode=WAL");
await db.execute("PRAGMA synchronous=FULL");
await db.execute("CREATE TABLE IF NOT EXISTS items (id TEXT PRIMARY KEY, body TEXT NOT NULL, created_at TEXT NOT NULL)");
if (rows > 0) {
  // Same shape of ids as the API's (UUID text), so key comparisons cost the same.
  await db.execute({
    sql: `INSERT INTO items (id, body, created_at)
          WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
          SELECT lower(printf('%08x-%s-4%s-8%s-%s', n, hex(randomblob(2)), substr(hex(randomblob(2)), 2),
                                substr(hex(randomblob(2)), 2), hex(randomblob(6)))),
                 '{"seed":true}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          FROM seq`,
    args: [rows],
  });
}
await db.execute({
  sql: "INSERT OR IGNORE INTO items (id, body, created_at) VALUES (?, ?, ?)",
  args: [knownId, '{"known":true}', new Date().toISOString()],
});
await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");

const app = new Hono();
app.get("/health", (c) => c.json({ status: "ok" }));
app.post("/items", async (c) => {
  const body = await c.req.json();
  const id = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  await db.execute({ sql: "INSERT INTO items (id, body, created_at) VALUES (?, ?, ?)", args: [id, JSON.stringify(body), createdAt] });
  return c.json({ id, createdAt }, 201);
});
app.get("/items/:id", async (c) => {
  // The least a GET can do: one statement, the row as it comes (no parsing or rebuilding).
  const rs = await db.execute({ sql: "SELECT id, body, created_at FROM items WHERE id = ?", args: [c.req.param("id")] });
  const row = rs.rows[0];
  if (!row) return c.json({ error: "not found" }, 404);
  return c.json(row, 200);
});

const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port });
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
