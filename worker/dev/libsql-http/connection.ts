/**
 * One SQLite connection behind one Hrana stream, on the native `libsql` driver (the same engine
 * `@libsql/client` uses for `file:` URLs). Every operation waits for locks via `./busy`.
 */
import Database from "libsql";
import { resetStatement, withBusyRetry, type BusyPolicy } from "./busy";
import type { DescribeResult, ProtoCol, StmtResult } from "./proto";
import type { SqlStatement } from "./sql-lexer";
import { valueToProto, type SqlValue } from "./values";

/** A statement's result columns, Hrana-style. */
function colsOf(stmt: Database.Statement): ProtoCol[] {
  return stmt.reader ? stmt.columns().map((c) => ({ name: c.name, decltype: c.type })) : [];
}

/** A SQLite connection configured for the dev server. */
export class SqlConnection {
  private readonly db: Database.Database;
  /** Reads the change counters around each statement (see `execute`). */
  private readonly counters: Database.Statement;

  constructor(
    path: string,
    private readonly busy: BusyPolicy,
  ) {
    this.db = new Database(path);
    try {
      // Every INTEGER as bigint, so values beyond 2^53 are exact and integers stay distinct from REALs.
      this.db.defaultSafeIntegers(true);
      this.db.exec("PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON;");
      this.counters = this.db.prepare("SELECT total_changes(), changes(), last_insert_rowid()").raw(true);
    } catch (e) {
      this.db.close();
      throw e;
    }
  }

  /** True outside an explicit transaction (Hrana's "autocommit" state). */
  get isAutocommit(): boolean {
    return !this.db.inTransaction;
  }

  private readCounters(): [bigint, bigint, bigint] {
    return (this.counters.all() as Array<[bigint, bigint, bigint]>)[0]!;
  }

  /** Prepares `sql`; compiling may itself need a schema read lock, hence the retry. */
  private prepare(sql: string): Promise<Database.Statement> {
    return withBusyRetry(() => this.db.prepare(sql), this.busy);
  }

  /** Runs a prepared statement to completion, retrying on SQLITE_BUSY, and returns its rows. */
  private async step(stmt: Database.Statement, args: SqlValue[]): Promise<unknown[][]> {
    // Always step to the end: an `INSERT ... RETURNING` writes even if the rows are not wanted.
    const attempt = (): unknown[][] => {
      if (stmt.reader) return stmt.raw(true).all(args) as unknown[][];
      stmt.run(args);
      return [];
    };
    return withBusyRetry(attempt, this.busy, () => resetStatement(stmt));
  }

  /**
   * Runs the first statement of `sql` with positional `args` (the caller has checked there is
   * exactly one). The driver's own `run()` reports `changes` even for statements that changed
   * nothing (it is the previous DML's count) and its rowid as a lossy number, so we compare
   * `total_changes()` before and after instead: if it moved, this statement wrote, and
   * `changes()` / `last_insert_rowid()` are its own.
   */
  async execute(sql: string, args: SqlValue[], wantRows: boolean): Promise<StmtResult> {
    const stmt = await this.prepare(sql);
    const [totalBefore] = this.readCounters();
    const rows = await this.step(stmt, args);
    const [totalAfter, changes, rowid] = this.readCounters();
    const wrote = totalAfter !== totalBefore;
    return {
      cols: colsOf(stmt),
      rows: wantRows ? rows.map((row) => row.map(valueToProto)) : [],
      affected_row_count: wrote ? Number(changes) : 0,
      last_insert_rowid: wrote ? rowid.toString() : null,
    };
  }

  /** Runs one statement of a `sequence`, discarding any rows. */
  async run(sql: string): Promise<void> {
    await this.step(await this.prepare(sql), []);
  }

  /**
   * Describes a statement without running it. The driver does not expose
   * `sqlite3_stmt_readonly`, so `is_readonly` is a keyword heuristic: SELECT/VALUES/EXPLAIN, and
   * WITH queries that mention no write keyword.
   */
  async describe(sql: string, parsed: SqlStatement): Promise<DescribeResult> {
    const stmt = await this.prepare(sql);
    const kw = parsed.firstKeyword;
    const isReadonly =
      kw === "SELECT" ||
      kw === "VALUES" ||
      kw === "EXPLAIN" ||
      (kw === "WITH" && stmt.reader && !/\b(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql));
    return {
      params: parsed.params.map((name) => ({ name })),
      cols: colsOf(stmt).map((c) => ({ name: c.name ?? "", decltype: c.decltype })),
      is_explain: kw === "EXPLAIN",
      is_readonly: isReadonly,
    };
  }

  /** Switches the database file to WAL (a persistent, file-wide setting); true if it now is. */
  async enableWal(): Promise<boolean> {
    const rows = await this.step(await this.prepare("PRAGMA journal_mode = WAL"), []);
    return String(rows[0]?.[0]).toLowerCase() === "wal";
  }

  /** Rolls back any open transaction and closes. Safe to call twice. */
  close(): void {
    if (!this.db.open) return;
    try {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
    } catch {
      // Closing discards the transaction anyway; the explicit ROLLBACK only releases locks sooner.
    }
    this.db.close();
  }
}
