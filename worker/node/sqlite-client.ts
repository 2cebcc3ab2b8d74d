/**
 * The Node host's database client: the `@libsql/client` interface over one native `libsql`
 * connection, with every statement prepared once and reused.
 *
 * Why not `createClient({ url: "file:…" })`: that client prepares every statement anew and builds
 * each row with one `Object.defineProperty` per value; under load a third of a read's time went
 * there (docs/performance.md). SQLite's own API is made for preparing once: the statement cache
 * here is keyed by SQL text, which drizzle builds identically for every call of a query.
 *
 * One connection: the native driver is synchronous, so more connections would add lock traffic,
 * not parallelism. `execute` and a group of batches run start to finish without yielding, so they
 * never interleave; an interactive `transaction()` holds the connection across awaits and
 * everything else waits for it (`exclusive`).
 *
 * Group commit. A durable commit waits for the disk (WAL + `synchronous = FULL`: one fsync per
 * COMMIT), and the driver blocks the event loop while it does: one commit per create put a disk
 * flush on every request's clock. Batches asked for while the event loop is busy are therefore
 * run together, each inside its own SAVEPOINT, under one COMMIT: the same atomicity per batch (a
 * failing batch rolls back to its savepoint and alone gets the error), the same durability (no
 * batch's promise settles before the COMMIT that contains it is on disk), one flush for all.
 */
import Database from "libsql";
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InStatement,
  type InValue,
  type ResultSet,
  type Row,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { LRU } from "../lib/lru";

/** Options of {@link SqliteClient}. */
export interface SqliteClientOptions {
  /** Milliseconds SQLite waits on a lock held by another connection (a second process). */
  busyTimeoutMs?: number;
  /** Prepared statements kept; the API has a few dozen distinct queries. */
  statementCacheSize?: number;
}

interface PendingBatch {
  stmts: Array<InStatement | [string, InValue[]?]>;
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
}

interface Prepared {
  stmt: Database.Statement;
  /** Column names, or null for a statement that returns no rows. */
  columns: string[] | null;
}

/** Statements that write rows (and so commit); PRAGMAs and DDL run on their own, at start. */
const WRITE = /^\s*(insert|update|delete|replace)\b/i;

const BEGIN: Record<TransactionMode, string> = { write: "BEGIN IMMEDIATE", read: "BEGIN TRANSACTION READONLY", deferred: "BEGIN DEFERRED" };

/** A libSQL client over one native connection with a prepared-statement cache. */
export class SqliteClient implements Client {
  readonly protocol = "file";
  private readonly db: Database.Database;
  private readonly statements: LRU<string, Prepared>;
  /** Settles when the open interactive transaction ends; null when none is open. */
  private held: Promise<void> | null = null;
  /** Batches waiting for the next group commit. */
  private pending: PendingBatch[] = [];

  constructor(path: string, options: SqliteClientOptions = {}) {
    this.db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 } as never);
    this.statements = new LRU(options.statementCacheSize ?? 256);
    this.db.exec("PRAGMA foreign_keys = ON");
  }

  get closed(): boolean {
    return !this.db.open;
  }

  async execute(stmtOrSql: InStatement | string, args?: InValue[]): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    // A lone write commits too: it joins the group rather than pay a disk flush of its own.
    if (WRITE.test(stmt.sql)) return (await this.batch([stmt], "write"))[0]!;
    await this.exclusive();
    return this.run(stmt);
  }

  /** Rows as bare arrays, by position (db/prepared.ts reads them so; naming each costs). */
  async executeRows(stmt: InStatement): Promise<unknown[][]> {
    await this.exclusive();
    const { sql, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
    return this.wrap(() => {
      const { stmt: native, columns } = this.prepared(sql);
      if (!columns) throw new TypeError("executeRows is for statements that return rows");
      return native.all(Array.isArray(args) ? args.map(toSql) : namedArgs(args ?? {})) as unknown[][];
    });
  }

  /**
   * The first row as a bare array (undefined when there is none): one step of the statement, not
   * `all`'s 100-row buffer, which cost a point read half again (a GET by id: 14 µs against 23).
   */
  async executeRow(stmt: InStatement): Promise<unknown[] | undefined> {
    await this.exclusive();
    const { sql, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
    return this.wrap(() => {
      const { stmt: native, columns } = this.prepared(sql);
      if (!columns) throw new TypeError("executeRow is for statements that return rows");
      return native.get(Array.isArray(args) ? args.map(toSql) : namedArgs(args ?? {})) as unknown[] | undefined;
    });
  }

  async batch(stmts: Array<InStatement | [string, InValue[]?]>, mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    if (mode === "read") {
      await this.exclusive();
      return this.inTransaction(BEGIN.read, stmts);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ stmts, resolve, reject });
      // setImmediate runs after the poll phase: every request whose bytes arrived meanwhile
      // has had its turn to join the group.
      if (this.pending.length === 1) setImmediate(() => void this.commitGroup());
    });
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.exclusive();
    this.db.exec("PRAGMA foreign_keys = OFF");
    try {
      return this.inTransaction(BEGIN.deferred, stmts);
    } finally {
      this.db.exec("PRAGMA foreign_keys = ON");
    }
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    await this.exclusive();
    this.control(BEGIN[mode]);
    let release!: () => void;
    this.held = new Promise((resolve) => (release = resolve));
    return new SqliteTransaction(this, () => {
      this.held = null;
      release();
    });
  }

  async executeMultiple(sql: string): Promise<void> {
    await this.exclusive();
    this.wrap(() => this.db.exec(sql));
  }

  async sync(): Promise<undefined> {
    return undefined;
  }

  async reconnect(): Promise<void> {}

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Waits while another caller holds the connection in an interactive transaction. */
  private async exclusive(): Promise<void> {
    while (this.held) await this.held;
  }

  /** Commits every pending batch in one transaction, each in a savepoint of its own. */
  private async commitGroup(): Promise<void> {
    await this.exclusive();
    const group = this.pending;
    this.pending = [];
    if (group.length === 1) {
      const [only] = group;
      try {
        only!.resolve(this.inTransaction(BEGIN.write, only!.stmts));
      } catch (e) {
        only!.reject(e);
      }
      return;
    }
    const outcomes: Array<{ ok: ResultSet[] } | { error: unknown }> = [];
    try {
      this.control(BEGIN.write);
      for (const { stmts } of group) {
        this.control("SAVEPOINT batch");
        try {
          outcomes.push({ ok: this.runAll(stmts) });
          this.control("RELEASE batch");
        } catch (error) {
          this.control("ROLLBACK TO batch");
          this.control("RELEASE batch");
          outcomes.push({ error });
        }
      }
      this.control("COMMIT");
    } catch (e) {
      // The transaction itself failed (I/O, a lock): nothing was committed, for anyone.
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      const error = toLibsqlError(e);
      for (const { reject } of group) reject(error);
      return;
    }
    group.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ("ok" in outcome) resolve(outcome.ok);
      else reject(outcome.error);
    });
  }

  /** Runs a transaction-control statement (BEGIN, SAVEPOINT, COMMIT…), prepared once like any other. */
  private control(sql: string): void {
    this.prepared(sql).stmt.run([]);
  }

  /** Runs a batch's statements in order; a failure names the statement's index. */
  private runAll(stmts: Array<InStatement | [string, InValue[]?]>): ResultSet[] {
    return stmts.map((s, i) => {
      const stmt = Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s;
      try {
        return this.run(stmt);
      } catch (e) {
        throw e instanceof LibsqlError ? new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, e.cause as Error) : e;
      }
    });
  }

  /** Runs statements between `begin` and COMMIT; any failure rolls the whole batch back. */
  private inTransaction(begin: string, stmts: Array<InStatement | [string, InValue[]?]>): ResultSet[] {
    this.wrap(() => this.control(begin));
    try {
      const results = this.runAll(stmts);
      this.control("COMMIT");
      return results;
    } catch (e) {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      throw e;
    }
  }

  /** Runs one statement on the connection (used by the client and its open transaction). */
  run(stmt: InStatement): ResultSet {
    const { sql, args } = typeof stmt === "string" ? { sql: stmt, args: [] } : stmt;
    return this.wrap(() => {
      const { stmt: native, columns } = this.prepared(sql);
      const params = Array.isArray(args) ? args.map(toSql) : namedArgs(args ?? {});
      if (columns) return rowsResult(columns, native.all(params) as unknown[][]);
      const info = native.run(params);
      return result([], [], info.changes, BigInt(info.lastInsertRowid));
    });
  }

  private prepared(sql: string): Prepared {
    let entry = this.statements.get(sql);
    if (!entry) {
      const stmt = this.db.prepare(sql);
      const columns = stmt.reader ? stmt.columns().map((c) => c.name) : null;
      if (columns) stmt.raw(true);
      entry = { stmt, columns };
      this.statements.set(sql, entry);
    }
    return entry;
  }

  /** Driver errors become LibsqlError with SQLite's code, as `@libsql/client` reports them. */
  private wrap<T>(work: () => T): T {
    try {
      return work();
    } catch (e) {
      throw toLibsqlError(e);
    }
  }
}

/** The open interactive transaction of a {@link SqliteClient}. */
class SqliteTransaction implements Transaction {
  private done = false;

  constructor(
    private readonly client: SqliteClient,
    private readonly release: () => void,
  ) {}

  get closed(): boolean {
    return this.done;
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    this.check();
    return this.client.run(stmt);
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    this.check();
    return stmts.map((s) => this.client.run(s));
  }

  async executeMultiple(sql: string): Promise<void> {
    for (const s of sql.split(";").filter((x) => x.trim())) await this.execute(s);
  }

  async commit(): Promise<void> {
    await this.end("COMMIT");
  }

  async rollback(): Promise<void> {
    await this.end("ROLLBACK");
  }

  close(): void {
    if (!this.done) void this.end("ROLLBACK").catch(() => {});
  }

  private async end(sql: string): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      this.client.run(sql);
    } finally {
      this.release();
    }
  }

  private check(): void {
    if (this.done) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
  }
}

function toSql(value: InValue): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

function namedArgs(args: Record<string, InValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) out[/^[:@$]/.test(name) ? name.slice(1) : name] = toSql(value);
  return out;
}

/**
 * Rows as `@libsql/client` shapes them: array-like by position (what drizzle reads) and by
 * column name. The raw arrays from the driver are reused rather than copied.
 */
function rowsResult(columns: string[], raw: unknown[][]): ResultSet {
  for (const row of raw) {
    for (let i = 0; i < columns.length; i++) {
      const name = columns[i]!;
      if (!(name in row)) (row as unknown as Record<string, unknown>)[name] = row[i];
    }
  }
  return result(columns, columns.map(() => ""), 0, undefined, raw as unknown as Row[]);
}

function result(columns: string[], columnTypes: string[], rowsAffected: number, lastInsertRowid: bigint | undefined, rows: Row[] = []): ResultSet {
  return {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows, rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  };
}

/** SQLite's base result codes by number, for `LibsqlError.code`. */
const BASE_CODES: Record<number, string> = {
  1: "SQLITE_ERROR", 5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 8: "SQLITE_READONLY", 10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT", 13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
};

function toLibsqlError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  const raw = (e as { rawCode?: number }).rawCode;
  const code = raw === undefined ? "SQLITE_UNKNOWN" : (BASE_CODES[raw & 0xff] ?? `SQLITE_UNKNOWN_${raw & 0xff}`);
  return new LibsqlError(e.message, code, (e as { code?: string }).code, raw, e);
}
