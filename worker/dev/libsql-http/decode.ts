/**
 * Validates a parsed `POST /v2/pipeline` body into the typed shapes of `./proto`.
 *
 * Everything below the HTTP layer trusts these types, so nothing malformed may get past here:
 * any violation is a ProtocolError, which fails the whole pipeline like sqld does.
 */
import { ProtocolError } from "./errors";
import type { PipelineReqBody, ProtoBatch, ProtoBatchCond, ProtoSqlRef, ProtoStmt, ProtoValue, StreamRequest } from "./proto";

type Json = Record<string, unknown>;

function fail(what: string): never {
  throw new ProtocolError(`Malformed request: ${what}`);
}

function obj(v: unknown, what: string): Json {
  if (v === null || typeof v !== "object" || Array.isArray(v)) fail(`${what} must be an object`);
  return v as Json;
}

function arr(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) fail(`${what} must be an array`);
  return v;
}

function str(v: unknown, what: string): string {
  if (typeof v !== "string") fail(`${what} must be a string`);
  return v;
}

function int32(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) fail(`${what} must be an int32`);
  return v;
}

function stepIndex(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) fail(`${what} must be a step index`);
  return v;
}

/** Optional fields may be absent or null on the wire; both mean "not given". */
function optional<T>(v: unknown, read: (v: unknown) => T): T | undefined {
  return v === undefined || v === null ? undefined : read(v);
}

function value(v: unknown, what: string): ProtoValue {
  const o = obj(v, what);
  switch (o.type) {
    case "null":
      return { type: "null" };
    case "integer":
      return { type: "integer", value: str(o.value, `${what}.value`) };
    case "float":
      if (typeof o.value !== "number") fail(`${what}.value must be a number`);
      return { type: "float", value: o.value };
    case "text":
      return { type: "text", value: str(o.value, `${what}.value`) };
    case "blob":
      return { type: "blob", base64: str(o.base64, `${what}.base64`) };
    default:
      return fail(`${what} has unknown value type ${JSON.stringify(o.type)}`);
  }
}

function sqlRef(o: Json, what: string): ProtoSqlRef {
  const sql = optional(o.sql, (v) => str(v, `${what}.sql`));
  const sqlId = optional(o.sql_id, (v) => int32(v, `${what}.sql_id`));
  if ((sql === undefined) === (sqlId === undefined)) fail(`${what} needs exactly one of sql and sql_id`);
  return sql !== undefined ? { sql } : { sql_id: sqlId };
}

function stmt(v: unknown, what: string): ProtoStmt {
  const o = obj(v, what);
  const args = (optional(o.args, (a) => arr(a, `${what}.args`)) ?? []).map((a, i) => value(a, `${what}.args[${i}]`));
  const namedArgs = (optional(o.named_args, (a) => arr(a, `${what}.named_args`)) ?? []).map((a, i) => {
    const na = obj(a, `${what}.named_args[${i}]`);
    return { name: str(na.name, `${what}.named_args[${i}].name`), value: value(na.value, `${what}.named_args[${i}].value`) };
  });
  // Hrana 2 made want_rows optional with a default of true.
  const wantRows = optional(o.want_rows, (w) => (typeof w === "boolean" ? w : fail(`${what}.want_rows must be a boolean`)));
  return { ...sqlRef(o, what), args, named_args: namedArgs, want_rows: wantRows ?? true };
}

function cond(v: unknown, what: string): ProtoBatchCond {
  const o = obj(v, what);
  switch (o.type) {
    case "ok":
    case "error":
      return { type: o.type, step: stepIndex(o.step, `${what}.step`) };
    case "not":
      return { type: "not", cond: cond(o.cond, `${what}.cond`) };
    case "and":
    case "or":
      return { type: o.type, conds: arr(o.conds, `${what}.conds`).map((c, i) => cond(c, `${what}.conds[${i}]`)) };
    case "is_autocommit":
      return { type: "is_autocommit" };
    default:
      return fail(`${what} has unknown condition type ${JSON.stringify(o.type)}`);
  }
}

function batch(v: unknown, what: string): ProtoBatch {
  const steps = arr(obj(v, what).steps, `${what}.steps`).map((s, i) => {
    const step = obj(s, `${what}.steps[${i}]`);
    return {
      condition: optional(step.condition, (c) => cond(c, `${what}.steps[${i}].condition`)) ?? null,
      stmt: stmt(step.stmt, `${what}.steps[${i}].stmt`),
    };
  });
  return { steps };
}

function request(v: unknown, what: string): StreamRequest {
  const o = obj(v, what);
  switch (o.type) {
    case "close":
    case "get_autocommit":
      return { type: o.type };
    case "execute":
      return { type: "execute", stmt: stmt(o.stmt, `${what}.stmt`) };
    case "batch":
      return { type: "batch", batch: batch(o.batch, `${what}.batch`) };
    case "sequence":
    case "describe":
      return { type: o.type, ...sqlRef(o, what) };
    case "store_sql":
      return { type: "store_sql", sql_id: int32(o.sql_id, `${what}.sql_id`), sql: str(o.sql, `${what}.sql`) };
    case "close_sql":
      return { type: "close_sql", sql_id: int32(o.sql_id, `${what}.sql_id`) };
    default:
      return fail(`${what} has unknown request type ${JSON.stringify(o.type)}`);
  }
}

/** The pipeline body, validated. Throws ProtocolError on any shape violation. */
export function decodePipelineBody(body: unknown): PipelineReqBody {
  const o = obj(body, "body");
  const baton = optional(o.baton, (b) => str(b, "baton")) ?? null;
  const requests = arr(o.requests, "requests").map((r, i) => request(r, `requests[${i}]`));
  return { baton, requests };
}
