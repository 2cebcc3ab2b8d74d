/**
 * One SQLite connection, as the Node host uses it: every statement prepared once and reused, and
 * durable writes committed in groups. Plain JavaScript (types in sqlite-engine.d.mts), because two
 * places run it: the host's main thread for a `:memory:` database (SqliteClient, tests and
 * scripts), and the database thread for a file (sqlite-thread.mjs, started by SqliteThreadClient),
 * which Node starts without any TypeScript loader.
 *
 * Group commit. A durable commit waits for the disk (WAL + `synchronous = FULL`: one fsync per
 * COMMIT), and the driver blocks its thread while it does. Batches enqueued during one turn of
 * the event loop therefore run together, each inside its own SAVEPOINT, under one COMMIT: the same
 * atomicity per batch (a failing batch rolls back to its savepoint and alone gets the error), the
 * same durability (no batch is settled before the COMMIT that contains it is on disk), one flush
 * for all. While an interactive transaction holds the connection, groups wait for its end.
 */
import Database from "libsql";

/** The BEGIN of each transaction mode of `@libsql/client`. */
const BEGIN = { write: "BEGIN IMMEDIATE", read: "BEGIN TRANSACTION READONLY", deferred: "BEGIN DEFERRED" };

/** A batch's statement failed: which one, and why (the driver's error). */
export class StatementFailure extends Error {
  constructor(index, cause) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.index = index;
    this.cause = cause;
  }
}

/** Whether `e` is the driver's SQLite error (a code and SQLite's numeric result code). */
export function isSqliteError(e) {
  return e instanceof Database.SqliteError;
}

const utf8 = new TextEncoder();

export class SqliteEngine {
  #db;
  /** Prepared statements by SQL text, least recently used first (a Map keeps insertion order). */
  #statements = new Map();
  #capacity;
  /** Batches waiting for the next group commit: `{ stmts, settle(error, results) }`. */
  #pending = [];
  #scheduled = false;
  /** An interactive transaction is open (begin … end): groups wait. */
  #interactive = false;
  /** Transactions committed (a group counts once): how tests see that batches shared a COMMIT. */
  commits = 0;

  constructor(path, { busyTimeoutMs = 5000, statementCacheSize = 256 } = {}) {
    this.#db = new Database(path, { timeout: busyTimeoutMs });
    this.#capacity = statementCacheSize;
    this.#db.exec("PRAGMA foreign_keys = ON");
  }

  get open() {
    return this.#db.open;
  }

  /** One statement: `{ columns, rows }` (rows as arrays) for a reader, else `{ columns: null, changes, lastInsertRowid }`. */
  run(sql, params) {
    const { stmt, columns } = this.#prepared(sql);
    if (columns) return { columns, rows: stmt.all(params) };
    const info = stmt.run(params);
    return { columns: null, changes: info.changes, lastInsertRowid: BigInt(info.lastInsertRowid) };
  }

  /** Every row of a reader, as arrays. */
  rows(sql, params) {
    return this.#reader(sql).all(params);
  }

  /**
   * Every row of a reader with one text column taken out of the rows and joined into UTF-8 bytes:
   * `{ text, rows }`, each row's `column` left null; `join.replace` ([from, to]) is applied to the
   * joined text, every occurrence.
   * A page of JSON rows is answered from these bytes as they are: here no row's text outlives the
   * call, where on the main thread twenty strings and their joins lived across the request's
   * awaits and made each young-generation collection copy them (docs/performance.md, "Issue 33,
   * item 3: the list's page as bytes").
   */
  joined(sql, params, join) {
    const rows = this.#reader(sql).all(params);
    const parts = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      parts[i] = rows[i][join.column];
      rows[i][join.column] = null;
    }
    let text = parts.join(join.separator);
    if (join.replace) text = text.replaceAll(join.replace[0], join.replace[1]);
    return { text: utf8.encode(text), rows };
  }

  /** The first row of a reader as an array (one step, not `all`'s buffer), or undefined. */
  row(sql, params) {
    return this.#reader(sql).get(params);
  }

  /** Runs SQL text of any number of statements (DDL, PRAGMAs). */
  exec(sql) {
    this.#db.exec(sql);
  }

  /** Runs `stmts` ([sql, params] pairs) in one transaction of `mode`; any failure rolls all back. */
  transact(mode, stmts) {
    this.#control(BEGIN[mode]);
    try {
      const results = this.#runAll(stmts);
      this.#control("COMMIT");
      return results;
    } catch (e) {
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
      throw e;
    }
  }

  /** Migration statements, with foreign keys off while they rebuild tables (SQLite's own advice). */
  migrate(stmts) {
    this.#db.exec("PRAGMA foreign_keys = OFF");
    try {
      return this.transact("deferred", stmts);
    } finally {
      this.#db.exec("PRAGMA foreign_keys = ON");
    }
  }

  /** Queues a write batch for the next group commit; `settle(error, results)` once it is on disk. */
  enqueue(stmts, settle) {
    this.#pending.push({ stmts, settle });
    this.#schedule();
  }

  /** Opens an interactive transaction; batches already queued commit first. */
  begin(mode) {
    this.#commitGroup();
    this.#control(BEGIN[mode]);
    this.#interactive = true;
  }

  /** Ends the interactive transaction with `sql` (COMMIT or ROLLBACK); queued groups go on. */
  end(sql) {
    try {
      this.#control(sql);
    } finally {
      this.#interactive = false;
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
      this.#schedule();
    }
  }

  /** Commits the batches still queued (each is settled), then closes the connection. */
  close() {
    if (!this.#db.open) return;
    if (!this.#interactive) this.#commitGroup();
    if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
    this.#db.close();
    // Only batches queued behind an interactive transaction are left: they never ran.
    for (const { settle } of this.#pending.splice(0)) settle(new Error("the database was closed before this batch ran"));
  }

  #schedule() {
    if (this.#scheduled || this.#pending.length === 0) return;
    this.#scheduled = true;
    // setImmediate runs after the poll phase: every request whose bytes (or message) arrived
    // meanwhile has had its turn to join the group.
    setImmediate(() => {
      this.#scheduled = false;
      this.#commitGroup();
    });
  }

  #commitGroup() {
    if (this.#interactive || this.#pending.length === 0) return;
    const group = this.#pending;
    this.#pending = [];
    if (group.length === 1) {
      const [only] = group;
      let results;
      try {
        results = this.transact("write", only.stmts);
      } catch (e) {
        return only.settle(e);
      }
      return only.settle(null, results);
    }
    const outcomes = [];
    try {
      this.#control(BEGIN.write);
      for (const { stmts } of group) {
        this.#control("SAVEPOINT batch");
        try {
          outcomes.push({ results: this.#runAll(stmts) });
          this.#control("RELEASE batch");
        } catch (error) {
          this.#control("ROLLBACK TO batch");
          this.#control("RELEASE batch");
          outcomes.push({ error });
        }
      }
      this.#control("COMMIT");
    } catch (e) {
      // The transaction itself failed (I/O, a lock): nothing was committed, for anyone.
      if (this.#db.inTransaction) this.#db.exec("ROLLBACK");
      for (const { settle } of group) settle(e);
      return;
    }
    group.forEach(({ settle }, i) => {
      const outcome = outcomes[i];
      if ("error" in outcome) settle(outcome.error);
      else settle(null, outcome.results);
    });
  }

  /** Runs a batch's statements in order; a failure names the statement's index. */
  #runAll(stmts) {
    return stmts.map(([sql, params], i) => {
      try {
        return this.run(sql, params);
      } catch (e) {
        throw new StatementFailure(i, e);
      }
    });
  }

  /** A transaction-control statement (BEGIN, SAVEPOINT, COMMIT…), prepared once like any other. */
  #control(sql) {
    this.#prepared(sql).stmt.run([]);
    if (sql === "COMMIT") this.commits++;
  }

  #reader(sql) {
    const { stmt, columns } = this.#prepared(sql);
    if (!columns) throw new TypeError("rows and row are for statements that return rows");
    return stmt;
  }

  #prepared(sql) {
    let entry = this.#statements.get(sql);
    if (entry) {
      this.#statements.delete(sql);
    } else {
      const stmt = this.#db.prepare(sql);
      const columns = stmt.reader ? stmt.columns().map((c) => c.name) : null;
      if (columns) stmt.raw(true);
      entry = { stmt, columns };
      if (this.#statements.size >= this.#capacity) this.#statements.delete(this.#statements.keys().next().value);
    }
    this.#statements.set(sql, entry);
    return entry;
  }
}
