/**
 * Conditional writes for `db.batch`. A batch cannot skip a statement when an earlier one matched
 * no row, so every statement that must only happen "if the change before it happened" carries
 * that condition in its own SQL: `INSERT … SELECT … WHERE <condition>`, `UPDATE … WHERE …`.
 * The caller reads the row counts afterwards to learn which branch the database took.
 */
import { getTableColumns, getTableName, is, Placeholder, SQL, sql, type Column, type InferInsertModel } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** One statement of a batch. */
export type Statement = BatchItem<"sqlite">;

/** The non-empty list `db.batch` takes. */
export type Statements = [Statement, ...Statement[]];

/**
 * `INSERT INTO table (…) SELECT <values> WHERE <condition>`: inserts the row only when the
 * condition holds at that point of the batch. Values go through each column's own encoder
 * (JSON columns are stringified, booleans become 0/1), exactly as `db.insert` would; a value that
 * is itself SQL (a subquery) is evaluated by the database at that point.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: SqlValues<InferInsertModel<T>>, condition: SQL, options: InsertOptions = {}) {
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  const given = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const verb = options.replace ? "insert or replace into" : "insert into";
  const drizzleSql = () => {
    const names = given.map(([key]) => sql.identifier(columns[key]!.name));
    const params = given.map(([key, value]) => (is(value, SQL) ? sql`(${value})` : sql.param(value, columns[key])));
    return sql`${sql.raw(verb)} ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} where ${condition}`;
  };
  const built = builtDirectly(db, table, columns, given, condition, verb);
  if (!built) return db.run(drizzleSql());
  // The same text and parameters drizzle would build (guarded.test.ts compares them), without
  // its walk over every value: 10 µs against 150 for a transaction's 53 columns. Drizzle's own SQL
  // object is built only if something reads it (the statement run on its own, not in a batch):
  // building it was most of what was left (docs/performance.md).
  const statement = db.run(lazySql(drizzleSql));
  statement.getQuery = () => ({ ...built, method: "run" as const });
  return statement;
}

/** An SQL whose chunks are built the first time they are read (running it, or `getSQL()`). */
function lazySql(build: () => SQL): SQL {
  const lazy = new SQL([]);
  let chunks: SQL["queryChunks"] | undefined;
  Object.defineProperty(lazy, "queryChunks", { get: () => (chunks ??= build().queryChunks) });
  return lazy;
}

/** `"table" ("a", "b", …)` of a table and a list of column keys, built once per list. */
const targets = new WeakMap<SQLiteTable, Map<string, string>>();

/**
 * The INSERT's text and parameters, written here rather than by drizzle's walk: each plain value
 * through its column's encoder (as drizzle does), each SQL value and the condition built by drizzle
 * and spliced in. Null (drizzle's walk is used) when a value is a placeholder (a prepared batch
 * binds it later) or encodes to SQL.
 */
function builtDirectly(
  db: Db,
  table: SQLiteTable,
  columns: Record<string, Column>,
  given: Array<[string, unknown]>,
  condition: SQL,
  verb: string,
): { sql: string; params: unknown[] } | null {
  const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect;
  const keys = given.map(([key]) => key).join(",");
  let byKeys = targets.get(table);
  if (!byKeys) targets.set(table, (byKeys = new Map()));
  let target = byKeys.get(keys);
  if (target === undefined) {
    target = `"${getTableName(table)}" (${given.map(([key]) => `"${columns[key]!.name}"`).join(", ")})`;
    byKeys.set(keys, target);
  }
  const texts: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of given) {
    if (is(value, Placeholder)) return null;
    if (is(value, SQL)) {
      const sub = dialect.sqlToQuery(value);
      texts.push(`(${sub.sql})`);
      params.push(...sub.params);
      continue;
    }
    const mapped = value === null ? null : columns[key]!.mapToDriverValue(value);
    if (is(mapped, SQL)) return null;
    texts.push("?");
    params.push(mapped);
  }
  const where = dialect.sqlToQuery(condition);
  return { sql: `${verb} ${target} select ${texts.join(", ")} where ${where.sql}`, params: [...params, ...where.params] };
}

/** How {@link insertWhere} inserts. */
export interface InsertOptions {
  /**
   * `INSERT OR REPLACE`: a row the new one collides with (primary key or UNIQUE) is deleted
   * first. Only for a condition that already proves the old row may go (an expired key row).
   */
  replace?: boolean;
}

/** Insert values where any column may instead be given as SQL or a placeholder bound later. */
export type SqlValues<T> = { [K in keyof T]: T[K] | SQL | Placeholder };
