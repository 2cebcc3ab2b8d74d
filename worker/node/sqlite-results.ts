/**
 * What both SQLite clients of the Node host share: `@libsql/client`'s argument values turned into
 * the driver's, the engine's results shaped as `@libsql/client` shapes them, and driver errors
 * turned into LibsqlError with SQLite's codes (sqlite-client.ts in process, sqlite-thread-client.ts
 * across the database thread).
 */
import { LibsqlBatchError, LibsqlError, type InStatement, type InValue, type ResultSet, type Row } from "@libsql/client";
import { isSqliteError, StatementFailure, type Params, type Step, type StepResult } from "./sqlite-engine.mjs";

/** A statement as the clients accept it: `@libsql/client`'s, or a `[sql, args]` pair. */
export type AnyStatement = InStatement | [string, InValue[]?];

/** The statement as the engine runs it: its SQL and the driver's parameters. */
export function toStep(s: AnyStatement): Step {
  if (typeof s === "string") return [s, []];
  const [sql, args] = Array.isArray(s) ? [s[0], s[1] ?? []] : [s.sql, s.args ?? []];
  return [sql, toParams(args)];
}

function toParams(args: InValue[] | Record<string, InValue>): Params {
  if (Array.isArray(args)) return args.map(toSql);
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) out[/^[:@$]/.test(name) ? name.slice(1) : name] = toSql(value);
  return out;
}

function toSql(value: InValue): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/**
 * A result as `@libsql/client` shapes it: rows array-like by position (what drizzle reads) and by
 * column name. The engine's row arrays are reused rather than copied.
 */
export function toResultSet(step: StepResult): ResultSet {
  if (step.columns === null) return result([], step.changes, step.lastInsertRowid);
  const { columns, rows } = step;
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const name = columns[i]!;
      if (!(name in row)) (row as unknown as Record<string, unknown>)[name] = row[i];
    }
  }
  return result(columns, 0, undefined, rows as unknown as Row[]);
}

function result(columns: string[], rowsAffected: number, lastInsertRowid: bigint | undefined, rows: Row[] = []): ResultSet {
  const columnTypes = columns.map(() => "");
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows, rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  };
}

/** A driver error as plain data: what crosses from the database thread (sqlite-thread.mjs writes it). */
export interface WireError {
  /** The failing statement's index in its batch, if a batch's. */
  index?: number;
  /** The driver's SQLite error (then `code` is its extended code name and `rawCode` its number). */
  sqlite: boolean;
  name?: string;
  message: string;
  code?: string;
  rawCode?: number;
}

/** SQLite's base result codes by number, for `LibsqlError.code`. */
const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR", 5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
};

/** The error a client reports for `e` thrown by the engine in this thread. */
export function toLibsqlError(e: unknown): unknown {
  const failure = e instanceof StatementFailure ? e : null;
  const cause = failure ? failure.cause : e;
  if (!isSqliteError(cause)) return cause;
  return libsqlError({ index: failure?.index, sqlite: true, message: cause.message, code: cause.code, rawCode: cause.rawCode }, cause);
}

/** The error a client reports for one that crossed from the database thread. */
export function fromWire(w: WireError): Error {
  if (w.sqlite) return libsqlError(w);
  const Kind = w.name === "TypeError" ? TypeError : w.name === "RangeError" ? RangeError : Error;
  return new Kind(w.message);
}

function libsqlError(w: WireError, cause?: Error): LibsqlError {
  const code = w.rawCode === undefined ? "SQLITE_UNKNOWN" : (BASE_CODES[w.rawCode & 0xff] ?? `SQLITE_UNKNOWN_${w.rawCode & 0xff}`);
  return w.index === undefined
    ? new LibsqlError(w.message, code, w.code, w.rawCode, cause)
    : new LibsqlBatchError(w.message, w.index, code, w.code, w.rawCode, cause);
}
