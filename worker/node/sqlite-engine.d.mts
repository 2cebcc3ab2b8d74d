/** Types of sqlite-engine.mjs (plain JavaScript: the database thread runs it without a loader). */

/** Bound parameters: by position, or by name without the prefix. */
export type Params = unknown[] | Record<string, unknown>;
/** One statement of a batch. */
export type Step = [sql: string, params: Params];
/** What one statement gives: rows (arrays) of a reader, or the count of a writer. */
export type StepResult =
  | { columns: string[]; rows: unknown[][] }
  | { columns: null; changes: number; lastInsertRowid: bigint };

/** How `joined` joins one text column of a reader's rows. */
export interface Join {
  /** The column's position. */
  column: number;
  separator: string;
  /** Applied to the joined text: every occurrence of the first replaced by the second. */
  replace?: [from: string, to: string];
}

/** A reader's rows with one column joined as UTF-8 bytes (each row's copy of it null). */
export interface Joined {
  text: Uint8Array;
  rows: unknown[][];
}

/** A batch's statement failed: its index in the batch, and the driver's error. */
export declare class StatementFailure extends Error {
  readonly index: number;
  readonly cause: unknown;
}

/** Whether `e` is the driver's SQLite error. */
export declare function isSqliteError(e: unknown): e is Error & { code?: string; rawCode?: number };

/** One SQLite connection: statements prepared once, write batches committed in groups. */
export declare class SqliteEngine {
  constructor(path: string, options?: { busyTimeoutMs?: number; statementCacheSize?: number });
  readonly open: boolean;
  /** Transactions committed (a group counts once). */
  readonly commits: number;
  run(sql: string, params: Params): StepResult;
  rows(sql: string, params: Params): unknown[][];
  row(sql: string, params: Params): unknown[] | undefined;
  joined(sql: string, params: Params, join: Join): Joined;
  exec(sql: string): void;
  transact(mode: "write" | "read" | "deferred", stmts: Step[]): StepResult[];
  migrate(stmts: Step[]): StepResult[];
  enqueue(stmts: Step[], settle: (error: unknown, results?: StepResult[]) => void): void;
  begin(mode: "write" | "read" | "deferred"): void;
  end(sql: "COMMIT" | "ROLLBACK"): void;
  close(): void;
}
