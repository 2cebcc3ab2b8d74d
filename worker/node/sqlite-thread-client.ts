/**
 * The Node host's client for its database file: the `@libsql/client` interface, with the
 * connection on a thread of its own (sqlite-thread.mjs runs the same engine as SqliteClient).
 *
 * The driver is synchronous: on the main thread a create spent about 40 % of its time in SQLite
 * (its statements and the group COMMIT's fsync), during which no other request moved. On its own
 * thread that work runs beside the HTTP, the validation and the rendering of the next requests,
 * on the second core. What it costs: each call is two messages (a structured clone of the
 * statements one way, of the rows the other), a few microseconds (docs/performance.md).
 *
 * The semantics are SqliteClient's: calls reach the connection in the order they are made, write
 * batches commit in groups and settle once on disk, an interactive transaction holds the
 * connection and everything else waits for it (`exclusive`).
 */
import { Worker } from "node:worker_threads";
import type { Client, InStatement, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import type { Join, Joined, Step, StepResult } from "./sqlite-engine.mjs";
import { OneConnectionClient, SqliteTransaction, type SqliteClientOptions } from "./sqlite-client";
import { fromWire, toResultSet, toStep, type AnyStatement, type WireError } from "./sqlite-results";

type Op =
  | { op: "run" | "rows" | "row"; sql: string; params: unknown }
  | { op: "joined"; sql: string; params: unknown; join: Join }
  | { op: "transact"; mode: TransactionMode; steps: Step[] }
  | { op: "enqueue" | "migrate"; steps: Step[] }
  | { op: "exec"; sql: string }
  | { op: "begin"; mode: TransactionMode }
  | { op: "end"; sql: "COMMIT" | "ROLLBACK" }
  | { op: "commits" | "close" };

/** A libSQL client whose one native connection lives on its own thread. */
export class SqliteThreadClient extends OneConnectionClient implements Client {
  readonly protocol = "file";
  private readonly thread: Worker;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  private ended: Promise<void> | null = null;
  private failure: Error | null = null;
  /**
   * Called once if the thread dies other than by close() (it could not open the file, or an I/O
   * error escaped the engine). Every waiting and later call fails either way; the host exits on it
   * (database.ts), as it would had the error been thrown on its own thread.
   */
  onThreadLost: ((error: Error) => void) | null = null;

  constructor(path: string, options: SqliteClientOptions = {}) {
    super();
    this.thread = new Worker(new URL("./sqlite-thread.mjs", import.meta.url), { workerData: { path, options }, name: "database" });
    // Referenced only while an answer is awaited: an idle client never keeps a process alive.
    this.thread.unref();
    this.thread.on("message", ({ id, ok, error }: { id: number; ok?: unknown; error?: WireError }) => {
      const waiter = this.waiting.get(id)!;
      this.waiting.delete(id);
      if (this.waiting.size === 0) this.thread.unref();
      if (error) waiter.reject(fromWire(error));
      else waiter.resolve(ok as never);
    });
    // The thread could not open the file or died: every waiting call, and every later one, fails.
    this.thread.on("error", (e) => this.fail(e));
    this.thread.on("exit", (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
  }

  get closed(): boolean {
    return this.ended !== null || this.failure !== null;
  }

  /** Rows as bare arrays, by position (db/prepared.ts reads them so; naming each costs). */
  async executeRows(stmt: InStatement): Promise<unknown[][]> {
    await this.exclusive();
    const [sql, params] = toStep(stmt);
    return this.call({ op: "rows", sql, params });
  }

  /** The first row as a bare array (undefined when there is none). */
  async executeRow(stmt: InStatement): Promise<unknown[] | undefined> {
    await this.exclusive();
    const [sql, params] = toStep(stmt);
    return this.call({ op: "row", sql, params });
  }

  /** The rows with one text column joined as UTF-8 bytes (db/prepared.ts: a page's JSON). */
  async executeJoined(stmt: InStatement, join: Join): Promise<Joined> {
    await this.exclusive();
    const [sql, params] = toStep(stmt);
    return this.call({ op: "joined", sql, params, join });
  }

  async batch(stmts: AnyStatement[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
    const steps = stmts.map(toStep);
    if (mode === "read") {
      await this.exclusive();
      return (await this.call<StepResult[]>({ op: "transact", mode, steps })).map(toResultSet);
    }
    return (await this.call<StepResult[]>({ op: "enqueue", steps })).map(toResultSet);
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.exclusive();
    return (await this.call<StepResult[]>({ op: "migrate", steps: stmts.map(toStep) })).map(toResultSet);
  }

  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    await this.exclusive();
    let release!: () => void;
    this.held = new Promise((resolve) => (release = resolve));
    const letGo = () => {
      this.held = null;
      release();
    };
    try {
      await this.call({ op: "begin", mode });
    } catch (e) {
      letGo();
      throw e;
    }
    return new SqliteTransaction({ run: (stmt) => this.run(stmt), end: (sql) => this.call({ op: "end", sql }), release: letGo });
  }

  async executeMultiple(sql: string): Promise<void> {
    await this.exclusive();
    await this.call({ op: "exec", sql });
  }

  /** Transactions committed so far (a group counts once): tests read it. */
  commitCount(): Promise<number> {
    return this.call({ op: "commits" });
  }

  /** Closes the connection after every call already made, then ends the thread. */
  close(): void {
    void this.closeAndWait();
  }

  /** close(), settled once the file is closed (a graceful stop waits for it). */
  closeAndWait(): Promise<void> {
    this.ended ??= this.call({ op: "close" })
      .catch(() => {})
      .then(() => this.thread.terminate())
      .then(() => {});
    return this.ended;
  }

  protected async run(stmt: InStatement): Promise<ResultSet> {
    const [sql, params] = toStep(stmt);
    return toResultSet(await this.call<StepResult>({ op: "run", sql, params }));
  }

  private call<T>(message: Op): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended && message.op !== "close") return Promise.reject(new Error("the database client is closed"));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.waiting.size === 0) this.thread.ref();
      this.waiting.set(id, { resolve: resolve as (value: never) => void, reject });
      this.thread.postMessage({ id, ...message });
    });
  }

  private fail(error: Error): void {
    if (this.ended && !this.failure && this.waiting.size === 0) return; // closed on purpose
    const first = this.failure === null;
    this.failure ??= error;
    for (const { reject } of this.waiting.values()) reject(this.failure);
    this.waiting.clear();
    if (first) this.onThreadLost?.(this.failure);
  }
}
