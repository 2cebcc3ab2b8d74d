/**
 * Turns a Hrana statement into SQL text plus positional arguments for the native driver,
 * applying sqld's rules (libsql-server `hrana/stmt.rs`, `query.rs`):
 *
 * - the SQL must hold exactly one statement (`SQL_NO_STATEMENT` / `SQL_MANY_STATEMENTS`);
 * - arguments are positional or named, never both (`ARGS_BOTH_POSITIONAL_AND_NAMED`);
 * - positional: more arguments than parameters is an error, fewer leaves the rest NULL;
 * - named: every parameter needs a value, matched by its full name (`:id`) or without the
 *   prefix (`id`, which is what `client.execute({ sql, args: { id } })` sends).
 */
import { ProtocolError, StmtError } from "./errors";
import type { ProtoSqlRef, ProtoStmt } from "./proto";
import { splitSql, type SqlStatement } from "./sql-lexer";
import { valueFromProto, type SqlValue } from "./values";

/** Hrana lets SQL be stored once per stream and referenced by id. */
export type SqlStore = ReadonlyMap<number, string>;

/** The SQL text a request refers to, inline or stored. Unknown ids are a protocol error, as in sqld. */
export function resolveSql(ref: ProtoSqlRef, sqls: SqlStore): string {
  if (ref.sql !== undefined) return ref.sql;
  const sql = sqls.get(ref.sql_id!);
  if (sql === undefined) throw new ProtocolError(`SQL text with id ${ref.sql_id} was not found`, "SQL_NOT_FOUND");
  return sql;
}

/** The single statement in `sql`, or a StmtError if there is none or more than one. */
export function singleStatement(sql: string): SqlStatement {
  const statements = splitSql(sql);
  if (statements.length === 0) throw new StmtError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (statements.length > 1) throw new StmtError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
  return statements[0]!;
}

/** A statement ready for `SqlConnection.execute`. */
export interface BoundStmt {
  sql: string;
  args: SqlValue[];
  wantRows: boolean;
}

/** Resolves and checks a Hrana statement and lays its arguments out by parameter position. */
export function bindStmt(stmt: ProtoStmt, sqls: SqlStore): BoundStmt {
  const sql = resolveSql(stmt, sqls);
  const parsed = singleStatement(sql);
  // Values are decoded first: a malformed value is a protocol error, whatever the SQL says.
  const positional = stmt.args.map(valueFromProto);
  const named = new Map(stmt.named_args.map((a) => [a.name, valueFromProto(a.value)] as const));
  const wantRows = stmt.want_rows;

  if (positional.length > 0 && named.size > 0) {
    throw new StmtError(
      "Specifying both positional and named arguments is not supported",
      "ARGS_BOTH_POSITIONAL_AND_NAMED",
    );
  }
  if (named.size === 0) {
    if (positional.length > parsed.params.length) {
      throw new StmtError(
        `Arguments do not match SQL parameters: too many parameters, expected ${parsed.params.length} ` +
          `found ${positional.length}`,
        "ARGS_INVALID",
      );
    }
    return { sql, args: positional, wantRows };
  }

  const args = parsed.params.map((name, i) => {
    const value = name === null ? undefined : (named.get(name) ?? named.get(name.slice(1)));
    if (value === undefined) {
      throw new StmtError(
        `Arguments do not match SQL parameters: value for parameter ${name ?? i + 1} not found`,
        "ARGS_INVALID",
      );
    }
    return value;
  });
  return { sql, args, wantRows };
}
