/**
 * Conditional writes for `db.batch`. A batch cannot skip a statement when an earlier one matched
 * no row, so every statement that must only happen "if the change before it happened" carries
 * that condition in its own SQL: `INSERT … SELECT … WHERE <condition>`, `UPDATE … WHERE …`.
 * The caller reads the row counts afterwards to learn which branch the database took.
 */
import { getTableColumns, is, SQL, sql, type InferInsertModel, type Placeholder } from "drizzle-orm";
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
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: SqlValues<InferInsertModel<T>>, condition: SQL) {
  const columns = getTableColumns(table) as Record<string, T["_"]["columns"][string]>;
  const given = Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== undefined);
  const names = given.map(([key]) => sql.identifier(columns[key]!.name));
  const params = given.map(([key, value]) => (is(value, SQL) ? sql`(${value})` : sql.param(value, columns[key])));
  return db.run(sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} where ${condition}`);
}

/** Insert values where any column may instead be given as SQL or a placeholder bound later. */
export type SqlValues<T> = { [K in keyof T]: T[K] | SQL | Placeholder };
