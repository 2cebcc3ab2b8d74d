/**
 * Batches whose SQL is built once. Drizzle rebuilds a query's SQL from its builder on every run
 * (walking the tree and checking each node's kind), which for a create's four statements with
 * forty parameters was a quarter of the request's CPU (docs/performance.md). A hot batch is
 * therefore built once per database with `sql.placeholder(name)` for every value that changes,
 * and each run only binds values: column encoders (JSON columns, booleans) still apply, because
 * drizzle wraps a placeholder given for a column in that column's encoder.
 *
 * It runs through the database's libSQL client as one `batch` in write mode (one transaction,
 * one round trip) and answers the client's raw result sets: rows by position and column name.
 */
import type { ResultSet } from "@libsql/client";
import { is, Param, Placeholder } from "drizzle-orm";
import type { Db } from "./client";

/** Something drizzle can turn into SQL text and parameters: a query builder or a `db.run(sql)`. */
export type Buildable = { toSQL(): { sql: string; params: unknown[] } } | { getQuery(): { sql: string; params: unknown[] } };

/** Where a run's values come from: one or more objects, looked up in order. */
type Values = ReadonlyArray<Record<string, unknown>>;
type Bind = (values: Values) => unknown;

interface PreparedStatement {
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

/** A batch built once: `run` binds values and executes it in one transaction. */
export class PreparedBatch {
  private readonly statements: PreparedStatement[];

  constructor(
    private readonly db: Db,
    queries: Buildable[],
  ) {
    this.statements = queries.map((q) => {
      const { sql, params } = "toSQL" in q ? q.toSQL() : q.getQuery();
      return { sql, binds: params.map(binderOf) };
    });
  }

  /** Runs the batch with values for its placeholders from `sources`; one result set per statement. */
  run(...sources: Values): Promise<ResultSet[]> {
    return this.db.$client.batch(
      this.statements.map(({ sql, binds }) => ({ sql, args: binds.map((bind) => bind(sources)) as never })),
      "write",
    );
  }
}

/**
 * A per-database memo of a prepared batch: `build` runs once for each database (the hosts have
 * one per process or isolate; tests have one each).
 */
export function preparedBatch(build: (db: Db) => Buildable[]): (db: Db) => PreparedBatch {
  const byDb = new WeakMap<Db, PreparedBatch>();
  return (db) => {
    let batch = byDb.get(db);
    if (!batch) byDb.set(db, (batch = new PreparedBatch(db, build(db))));
    return batch;
  };
}
