/**
 * The Node host's database client in process: the `@libsql/client` interface over one native
 * `libsql` connection (sqlite-engine.mjs) on the calling thread. The host opens a file through
 * SqliteThreadClient instead, the same engine on a thread of its own; this one serves `:memory:`
 * (tests, scripts), where a thread would cost more than it frees.
 *
 * Why not `createClient({ url: "file:…" })`: that client prepares every statement anew and builds
 * each row with one `Object.defineProperty` per value; under load a third of a read's time went
 * there (docs/performance.md). SQLite's own API is made for preparing once: the engine's statement
 * cache is keyed by SQL text, which drizzle builds identically for every call of a query.
 *
 * One connection: the native driver is synchronous, so more connections would add lock traffic,
 * not parallelism. `execute` and a group of batches run start to finish without yielding, so they
 * never interleave; an interactive `transaction()` holds the connection across awaits and
 * everything else waits for it (`exclusive`). Write batches commit in groups (the engine's).
 */
import { LibsqlError, type Client, type InStatement, type InValue, type ResultSet, type Transaction, type TransactionMode } from "@libsql/client";
import { SqliteEngine, type Join, type Joined, type StepResult } from "./sqlite-engine.mjs";
import { toLibsqlError, toResultSet, toStep, type AnyStatement } from "./sqlite-results";

/** Options of the Node host's SQLite clients. */
export interface SqliteClientOptions {
  /** Milliseconds SQLite waits on a lock held by another connection (a second process). */
  busyTimeoutMs?: number;
  /** Prepared statements kept; the API has a few dozen distinct queries. */
  statementCacheSize?: number;
}

/** Statements that write rows (and so commit); PRAGMAs and DDL run on their own, at start. */
export const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * What both of the host's clients (this one and SqliteThreadClient) do the same over their one
 * connection: `execute`, where a lone write joins the next group commit, and the hold an
 * interactive transaction keeps on the connection while everything else waits (`exclusive`).
 */
export abstract class OneConnectionClient {
  /** Settles when the open interactive transaction ends; null when none is open. */
  protected held: Promise<void> | null = null;

  abstract batch(stmts: AnyStatement[], mode?: TransactionMode): Promise<ResultSet[]>;

  /** One statement that writes nothing, on the connection. */
  protected abstract run(stmt: InStatement): ResultSet | Promise<ResultSet>;

  async execute(stmtOrSql: InStatement | string, args?: InValue[]): Promise<ResultSet> {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    // A lone write commits too: it joins the group rather than pay a disk flush of its own.
    if (WRITE.test(stmt.sql)) return (await this.batch([stmt], "write"))[0]!;
    await this.exclusive();
    return this.run(stmt);
  }

  async sync(): Promise<undefined> {
    return undefined;
  }

  async reconnect(): Promise<void> {}

  /** Waits while another caller holds the connection in an interactive transaction. */
  protected async exclusive(): Promise<void> {
    while (this.held) await this.held;
  }
}

/** A libSQL client over one native connection on this thread, with a prepared-statement cache. */
export class SqliteClient extends OneConnectionClient implements Client {
  readonly protocol = "file";
  private readonly engine: SqliteEngine;

  constructor(path: string, options: SqliteClientOptions = {}) {
    super();
    this.engine = new SqliteEngine(path, options);
  }

  get closed(): boolean {
    return !this.engine.open;
  }

  /** Rows as bare arrays, by position (db/prepared.ts reads them so; naming each costs). */
  async executeRows(stmt: InStatement): Promise<unknown[][]> {
    await this.exclusive();
    return this.wrap(() => this.engine.rows(...toStep(stmt)));
  }

  /** The first row as a bare array (undefined when there is none): one step, not a buffer of rows. */
  async executeRow(stmt: InStatement): Promise<unknown[] | undefined> {
    await this.exclusive();
    return this.wrap(() => this.engine.row(...toStep(stmt)));
  }

  /** The rows with one text column joined as UTF-8 bytes (db/prepared.ts: a page's JSON). */
  async executeJoined(stmt: InStatement, join: Join): Promise<Joined> {
    await this.exclusive();
    return this.wrap(() => this.engine.joined(...toStep(stmt), join));
  }

  async batch(stmts: AnyStatement[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    const steps = stmts.map(toStep);
    if (mode === "read") {
      await this.exclusive();
      return this.wrap(() => this.engine.transact("read", steps)).map(toResultSet);
    }
    return new Promise((resolve, reject) => {
      this.engine.enqueue(steps, (error, results) => (error ? reject(toLibsqlError(error)) : resolve(results!.map(toResultSet))));
    });
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.exclusive();
    return this.wrap(() => this.engine.migrate(stmts.map(toStep))).map(toResultSet);
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    await this.exclusive();
    this.wrap(() => this.engine.begin(mode));
    let release!: () => void;
    this.held = new Promise((resolve) => (release = resolve));
    return new SqliteTransaction({
      run: async (stmt) => this.run(stmt),
      end: async (sql) => this.wrap(() => this.engine.end(sql)),
      release: () => {
        this.held = null;
        release();
      },
    });
  }

  async executeMultiple(sql: string): Promise<void> {
    await this.exclusive();
    this.wrap(() => this.engine.exec(sql));
  }

  close(): void {
    this.engine.close();
  }

  /** Transactions committed so far (a group counts once): tests read it. */
  async commitCount(): Promise<number> {
    return this.engine.commits;
  }

  protected run(stmt: InStatement): ResultSet {
    return toResultSet(this.wrap<StepResult>(() => this.engine.run(...toStep(stmt))));
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

/** What an interactive transaction needs of its client: run a statement, end it, let others in. */
export interface TransactionPort {
  run(stmt: InStatement): Promise<ResultSet>;
  end(sql: "COMMIT" | "ROLLBACK"): Promise<void>;
  release(): void;
}

/** The open interactive transaction of either client: statements in order, then COMMIT or ROLLBACK once. */
export class SqliteTransaction implements Transaction {
  private done = false;

  constructor(private readonly port: TransactionPort) {}

  get closed(): boolean {
    return this.done;
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    this.check();
    return this.port.run(stmt);
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    this.check();
    const results: ResultSet[] = [];
    for (const s of stmts) results.push(await this.port.run(s));
    return results;
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

  private async end(sql: "COMMIT" | "ROLLBACK"): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      await this.port.end(sql);
    } finally {
      this.port.release();
    }
  }

  private check(): void {
    if (this.done) throw new LibsqlError("The transaction is closed", "TRANSACTION_CLOSED");
  }
}
