/**
 * Statements whose SQL is built once. Drizzle rebuilds a query's SQL from its builder on every
 * run (walking the tree and checking each node's kind), and maps every result row the same way:
 * for a create's four statements or a list of twenty transactions that was a quarter of the
 * request's CPU (docs/performance.md). A hot statement is therefore built once per database with
 * `sql.placeholder(name)` for every value that changes, and each run only binds values (column
 * encoders still apply: drizzle wraps a placeholder given for a column in that column's encoder)
 * and reads rows through a reader compiled once for its columns.
 *
 * They run through the database's libSQL client: a batch as one `batch` in write mode (one
 * transaction, one round trip), a query as one `execute` (one round trip).
 */
import { is, Param, Placeholder, sql, type Column } from "drizzle-orm";
import type { Db } from "./client";

/** Something drizzle can turn into SQL text and parameters: a query builder or a `db.run(sql)`. */
export type Buildable = { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } };

/** Where a run's values come from: one or more objects, looked up in order. */
type Values = ReadonlyArray<Record<string, unknown>>;
type Bind = (values: Values) => unknown;

interface Bound {
  sql: string;
  binds: Bind[];
}

/** How each parameter gets its value: decided once, at build time. */
function binderOf(param: unknown): Bind {
  if (is(param, Placeholder)) {
    const { name } = param;
    return (values) => valueOf(values, name);
  }
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { name } = param.value;
    const { encoder } = param;
    return (values) => {
      const value = valueOf(values, name);
      return encoder && value !== null ? encoder.mapToDriverValue(value) : value;
    };
  }
  return () => param;
}

function valueOf(sources: Values, name: string): unknown {
  for (const source of sources) {
    const value = source[name];
    if (value !== undefined) return value;
  }
  throw new Error(`No value for placeholder "${name}"`);
}

function bindable(q: Buildable): Bound {
  const { sql, params } = "toSQL" in q ? q.toSQL() : q.getQuery();
  return { sql, binds: params.map(binderOf) };
}

const argsOf = ({ sql, binds }: Bound, sources: Values) => ({ sql, args: binds.map((bind) => bind(sources)) as never });

/** A batch built once: `run` binds values and executes it in one transaction. */
export class PreparedBatch {
  private readonly statements: Bound[];

  constructor(
    private readonly db: Db,
    queries: Buildable[],
  ) {
    this.statements = queries.map(bindable);
  }

  /** Runs the batch with values for its placeholders from `sources`; one result set per statement. */
  run(...sources: Values) {
    return this.db.$client.batch(
      this.statements.map((s) => argsOf(s, sources)),
      "write",
    );
  }
}

/**
 * A per-database memo of a prepared batch: `build` runs once for each database (the hosts have
 * one per process or isolate; tests have one each).
 */
export function preparedBatch(build: (db: Db) => Buildable[]): (db: Db) => PreparedBatch {
  return perDatabase((db) => new PreparedBatch(db, build(db)));
}

/** How `PreparedQuery.joined` joins one text column of the rows. */
export interface Join {
  /** The column's position in the select. */
  column: number;
  separator: string;
  /** Applied to the joined text: every occurrence of the first replaced by the second. */
  replace?: [from: string, to: string];
}

/** A client that can answer rows as bare arrays (the Node host's SqliteClient): no names to attach. */
interface RowsByPosition {
  executeRows(stmt: { sql: string; args: never }): Promise<unknown[][]>;
  /** The first row only (a point read): one step, no row buffer. */
  executeRow?(stmt: { sql: string; args: never }): Promise<unknown[] | undefined>;
  /** The rows with one column joined as UTF-8 bytes, where the connection is (the Node host's clients). */
  executeJoined?(stmt: { sql: string; args: never }, join: Join): Promise<{ text: Uint8Array; rows: unknown[][] }>;
}

/**
 * Many columns read as one: `json_array(…)` of the columns (JSON columns nested as JSON), which
 * the driver hands over as a single string and JSON.parse unpacks natively. For a page of twenty
 * rows that replaced four hundred value conversions across the native boundary (and the JSON
 * columns' second parse). `read` turns the packed text into the typed object.
 */
export function packedColumns<C extends Record<string, Column>>(columns: C) {
  const plan = Object.entries(columns).map(([key, column]) => {
    const json = column.columnType === "SQLiteTextJson";
    const decode = json ? null : (value: unknown) => column.mapFromDriverValue(value);
    return { key, json, decode };
  });
  const field = sql<string>`json_array(${sql.join(
    plan.map(({ key, json }) => (json ? sql`json(${columns[key]})` : sql`${columns[key]}`)),
    sql`, `,
  )})`;
  return {
    field,
    read: (packed: string): { [K in keyof C]: C[K]["_"]["notNull"] extends true ? C[K]["_"]["data"] : C[K]["_"]["data"] | null } => {
      const values = JSON.parse(packed) as unknown[];
      const out: Record<string, unknown> = {};
      for (let i = 0; i < plan.length; i++) {
        const { key, decode } = plan[i]!;
        const value = values[i];
        out[key] = value === null || value === undefined || !decode ? (value ?? null) : decode(value);
      }
      return out as never;
    },
  };
}

/**
 * A select built once, read without drizzle's per-row mapping: `read` turns each raw row (by
 * position, in the order the query selects) into what the caller wants.
 */
export class PreparedQuery<T> {
  private readonly bound: Bound;

  constructor(
    private readonly db: Db,
    query: Buildable,
    private readonly read: (raw: ArrayLike<unknown>) => T,
  ) {
    this.bound = bindable(query);
  }

  /** The rows for values from `sources`. */
  async all(...sources: Values): Promise<T[]> {
    const stmt = argsOf(this.bound, sources);
    const client = this.db.$client as unknown as Partial<RowsByPosition>;
    const rows: ArrayLike<unknown>[] = client.executeRows ? await client.executeRows(stmt) : (await this.db.$client.execute(stmt)).rows;
    return rows.map(this.read);
  }

  /**
   * The rows for values from `sources`, with one text column joined (`join`) instead of read per
   * row: a page's JSON items (one row, whose column SQL joined already), answered as they come.
   * Where the client can (the Node host's clients), the join happens beside the connection and
   * arrives as UTF-8 bytes; elsewhere (libSQL over HTTP) here, as a string. `read` must not need
   * the joined column.
   */
  async joined(join: Join, ...sources: Values): Promise<{ text: string | Uint8Array; rows: T[] }> {
    const stmt = argsOf(this.bound, sources);
    const client = this.db.$client as unknown as Partial<RowsByPosition>;
    if (client.executeJoined) {
      const { text, rows } = await client.executeJoined(stmt, join);
      return { text, rows: rows.map(this.read) };
    }
    const rows = (await this.db.$client.execute(stmt)).rows;
    const text = rows
      .map((row) => row[join.column])
      .join(join.separator);
    return { text: join.replace ? text.replaceAll(join.replace[0], join.replace[1]) : text, rows: rows.map(this.read) };
  }

  /** The first row for values from `sources`, or undefined (for a query of at most one row). */
  async first(...sources: Values): Promise<T | undefined> {
    const stmt = argsOf(this.bound, sources);
    const client = this.db.$client as unknown as Partial<RowsByPosition>;
    const raw: ArrayLike<unknown> | undefined = client.executeRow ? await client.executeRow(stmt) : (await this.db.$client.execute(stmt)).rows[0];
    return raw === undefined ? undefined : this.read(raw);
  }
}

/** One value per database, made by `make` on first use. */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let value = byDb.get(db);
    if (value === undefined) byDb.set(db, (value = make(db)));
    return value;
  };
}
