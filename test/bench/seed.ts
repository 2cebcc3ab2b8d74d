/**
 * Filling the seller's history: clones of one real transaction, made by SQL in the database
 * itself, so it works whatever columns the table has today (the schema is moving) and any
 * triggers on the table (per-seller counters, say) run as they would for real inserts.
 *
 * Columns are read from `PRAGMA table_info`; the ones that must differ per row are replaced:
 * the id, the timestamps the list orders by (spread over the past year, older than the real
 * row), the idempotency key, the PIX identifiers, the revision, and one column of every other
 * UNIQUE index (found with `PRAGMA index_list`/`index_info`, avoiding foreign keys). Everything
 * else (seller, mode, status, amounts, JSON) is copied, so the rows are as wide as real ones.
 */
import { createClient, type Client, type InValue } from "@libsql/client";

/** Rows per INSERT … SELECT: small enough to show progress and keep each write bounded. */
const CHUNK = 50_000;
const SECONDS_PER_YEAR = 365 * 24 * 3600;

/** What seeding did. */
export interface SeedReport {
  rows: number;
  seconds: number;
  replaced: string[];
  totalRows: number;
}

interface Column {
  name: string;
  type: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A random UUID v4 whose first 8 hex digits are `n`: valid for the API, unique by construction. */
const uuidSql = (n: string) =>
  `lower(printf('%08x-%s-4%s-8%s-%s', ${n}, hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6))))`;

/** 32 alphanumerics (a BCB txid's shape), unique by the leading row number. */
const uniqueTextSql = (n: string) => `printf('%010d', ${n}) || upper(hex(randomblob(11)))`;

async function rows(db: Client, sql: string, args: InValue[] = []) {
  return (await db.execute({ sql, args })).rows;
}

/** Columns that appear in a UNIQUE index (including the primary key's), one list per index. */
async function uniqueIndexColumns(db: Client, table: string): Promise<string[][]> {
  const out: string[][] = [];
  for (const idx of await rows(db, `PRAGMA index_list(${quote(table)})`)) {
    if (Number(idx.unique) !== 1) continue;
    const cols = (await rows(db, `PRAGMA index_info(${quote(String(idx.name))})`))
      .map((c) => c.name)
      .filter((c): c is string => typeof c === "string");
    if (cols.length) out.push(cols);
  }
  return out;
}

/**
 * Builds the SELECT expression for each column of `transactions`. `src` is the real row.
 * Timestamps stored as numbers (if the schema ever moves to them) are shifted in their own unit.
 */
async function cloneExpressions(db: Client, sourceId: string, rowsWanted: number) {
  const columns: Column[] = (await rows(db, "PRAGMA table_info(transactions)")).map((c) => ({
    name: String(c.name),
    type: String(c.type ?? "").toUpperCase(),
  }));
  const names = new Set(columns.map((c) => c.name));
  const foreign = new Set((await rows(db, "PRAGMA foreign_key_list(transactions)")).map((f) => String(f.from)));
  const [src] = await rows(db, "SELECT * FROM transactions WHERE id = ?", [sourceId]);
  if (!src) throw new Error(`seed: no transaction ${sourceId}`);

  const step = Math.max(1, Math.floor(SECONDS_PER_YEAR / Math.max(1, rowsWanted)));
  const olderBy = (col: string) => {
    const v = src[col];
    if (typeof v === "number" || typeof v === "bigint") {
      const perSecond = Number(v) > 1e11 ? 1000 : 1; // ms or s since the epoch
      return `src.${quote(col)} - seq.n * ${step * perSecond}`;
    }
    return `strftime('%Y-%m-%dT%H:%M:%fZ', src.${quote(col)}, printf('-%d seconds', seq.n * ${step}))`;
  };
  const keepNull = (col: string, expr: string) => `CASE WHEN src.${quote(col)} IS NULL THEN NULL ELSE ${expr} END`;

  const replaced = new Map<string, string>();
  const known: Record<string, () => string> = {
    id: () => uuidSql("seq.n"),
    created_at: () => olderBy("created_at"),
    updated_at: () => olderBy("updated_at"),
    idempotency_key: () => `'seed-' || seq.n`,
    revision: () => uuidSql("seq.n"),
    pix_location_id: () => keepNull("pix_location_id", `lower(${uniqueTextSql("seq.n")})`),
    pix_txid: () => keepNull("pix_txid", uniqueTextSql("seq.n")),
    // The search keys vary as real buyers and cards do, so a search finds a few rows, not all:
    // another name and document each, and last 4 digits shared by 1 in 10,000 (seq.n % 10000).
    customer_name_search: () => `printf('cliente %07d', seq.n)`,
    customer_document_digest: () => `lower(hex(randomblob(16)))`,
    card_last4: () => `printf('%04d', seq.n % 10000)`,
  };
  for (const [col, expr] of Object.entries(known)) if (names.has(col)) replaced.set(col, expr());

  // Any other UNIQUE index: vary one of its columns (not a foreign key, which must stay valid).
  for (const cols of await uniqueIndexColumns(db, "transactions")) {
    if (cols.some((c) => replaced.has(c))) continue;
    const col = cols.find((c) => !foreign.has(c)) ?? cols[cols.length - 1]!;
    const type = columns.find((c) => c.name === col)?.type ?? "";
    if (type.includes("INT")) {
      // Below every existing value: clones are older, so an ordering counter stays consistent.
      const [m] = await rows(db, `SELECT coalesce(min(${quote(col)}), 0) AS m FROM transactions`);
      replaced.set(col, keepNull(col, `${Number(m?.m ?? 0)} - seq.n`));
    } else {
      replaced.set(col, keepNull(col, uniqueTextSql("seq.n")));
    }
  }

  const exprs = columns.map((c) => replaced.get(c.name) ?? `src.${quote(c.name)}`);
  return { columnList: columns.map((c) => quote(c.name)).join(", "), exprs: exprs.join(",\n       "), replaced: [...replaced.keys()] };
}

/**
 * A stored rendering of the row (the `view` column: its API JSON) names the values the clones
 * replaced: rewrite each occurrence with the clone's own column, so every clone's view describes
 * the clone, as the API would have stored it.
 */
async function rewriteViews(db: Client, sourceId: string, replaced: string[]): Promise<void> {
  const columns = new Set((await rows(db, "PRAGMA table_info(transactions)")).map((c) => String(c.name)));
  const [src] = await rows(db, "SELECT * FROM transactions WHERE id = ?", [sourceId]);
  if (!columns.has("view") || typeof src?.view !== "string") return;
  let view = quote("view");
  const args: InValue[] = [];
  for (const col of replaced) {
    if (typeof src[col] !== "string") continue;
    view = `replace(${view}, ?, ${quote(col)})`;
    args.push(src[col] as string);
  }
  await db.execute({ sql: `UPDATE transactions SET view = ${view} WHERE id <> ? AND view = ?`, args: [...args, sourceId, src.view] });
}

/**
 * Inserts `count` clones of transaction `sourceId` through `db`, older than it, in chunks; returns
 * the columns it replaced. Also what a test uses to fill an in-memory database.
 */
export async function cloneTransaction(db: Client, sourceId: string, count: number, onProgress: (done: number) => void = () => {}): Promise<string[]> {
  const { columnList, exprs, replaced } = await cloneExpressions(db, sourceId, count);
  const sql = `INSERT INTO transactions (${columnList})
WITH RECURSIVE seq(n) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
SELECT ${exprs}
FROM transactions AS src CROSS JOIN seq
WHERE src.id = ?`;
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.execute({ sql, args: [from, to, sourceId] });
    onProgress(to);
  }
  await rewriteViews(db, sourceId, replaced);
  return replaced;
}

/**
 * Inserts `count` clones of transaction `sourceId` into the database at `dbUrl` (no server may
 * be writing to it), then checkpoints the WAL so the host starts on a plain database file.
 */
export async function seedTransactions(
  dbUrl: string,
  sourceId: string,
  count: number,
  onProgress: (done: number) => void = () => {},
): Promise<SeedReport> {
  const started = performance.now();
  const db = createClient({ url: dbUrl });
  try {
    await db.execute("PRAGMA journal_mode=WAL");
    // Setup, not measurement: durability per chunk is not needed, and a big cache keeps index
    // pages in memory while half a million rows go in.
    await db.execute("PRAGMA synchronous=NORMAL");
    await db.execute("PRAGMA cache_size=-262144");
    const replaced = await cloneTransaction(db, sourceId, count, onProgress);
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    const [total] = await rows(db, "SELECT count(*) AS n FROM transactions");
    return { rows: count, seconds: (performance.now() - started) / 1000, replaced, totalRows: Number(total?.n ?? 0) };
  } finally {
    db.close();
  }
}
