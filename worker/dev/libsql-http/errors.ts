/**
 * The two kinds of failure the server reports, and how a SQLite error becomes a Hrana error.
 *
 * Codes follow sqld (libsql-server `hrana/stmt.rs`): a SQLite failure carries its *base* code
 * (`SQLITE_CONSTRAINT`, not `SQLITE_CONSTRAINT_UNIQUE`), because that is what Turso returns and
 * what the file-backed `@libsql/client` puts in `LibsqlError.code` too. Matching it here keeps
 * code that branches on `err.code` behaving the same in local dev and in production.
 */
import type { ProtoError } from "./proto";

/**
 * The request broke the protocol (malformed body, unknown `sql_id`, bad baton). sqld answers
 * these with an HTTP error for the whole pipeline and drops the stream; so do we, so a client
 * bug surfaces here exactly as it would against Turso.
 */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly code = "PROTOCOL_ERROR",
    /** HTTP status of the response that reports it. */
    readonly status = 400,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

/** A statement could not run (bad SQL shape, bad arguments). Reported in that request's result. */
export class StmtError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "StmtError";
  }
}

/** SQLite primary result codes by number (`rawCode & 0xff`). */
const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB",
};

/** The shape of the native driver's `SqliteError` (`code` is the extended name, e.g. `SQLITE_BUSY_SNAPSHOT`). */
interface NativeSqliteError {
  message: string;
  code: string;
  rawCode?: number;
}

function isNativeSqliteError(e: unknown): e is NativeSqliteError {
  const code = e instanceof Error ? (e as { code?: unknown }).code : undefined;
  return typeof code === "string" && code.startsWith("SQLITE_");
}

/** The base SQLite code of an error from the native driver, or undefined for other errors. */
export function sqliteBaseCode(e: unknown): string | undefined {
  if (!isNativeSqliteError(e)) return undefined;
  if (typeof e.rawCode === "number") return BASE_CODES[e.rawCode & 0xff] ?? "SQLITE_UNKNOWN";
  // No raw code: the extended name starts with the base name (SQLITE_CONSTRAINT_UNIQUE).
  const known = Object.values(BASE_CODES).find((base) => e.code === base || e.code.startsWith(`${base}_`));
  return known ?? "SQLITE_UNKNOWN";
}

/** True when the error is SQLITE_BUSY, i.e. another connection holds a lock we need. */
export function isBusy(e: unknown): boolean {
  return sqliteBaseCode(e) === "SQLITE_BUSY";
}

/** Any error thrown while running a request, as the Hrana error object the client expects. */
export function toProtoError(e: unknown): ProtoError {
  if (e instanceof StmtError) return { message: e.message, code: e.code };
  const base = sqliteBaseCode(e);
  if (base !== undefined) return { message: `SQLite error: ${(e as Error).message}`, code: base };
  // The native driver also throws plain errors (e.g. RangeError on an integer it cannot read).
  const message = e instanceof Error ? e.message : String(e);
  return { message, code: "INTERNAL_ERROR" };
}
