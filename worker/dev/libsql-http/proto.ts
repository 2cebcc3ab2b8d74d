/**
 * The JSON shapes of Hrana over HTTP (v2 pipeline, plus the Hrana 3 `get_autocommit` request and
 * `is_autocommit` condition), as spelled on the wire: snake_case, exactly what
 * `@libsql/hrana-client` writes and reads. See `docs/HTTP_V2_SPEC.md` and `docs/HRANA_3_SPEC.md`
 * in tursodatabase/libsql.
 */

/** One SQLite value. Integers travel as strings so 64-bit values survive JSON. */
export type ProtoValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

/** A statement: SQL text inline (`sql`) or stored earlier on the stream (`sql_id`). */
export interface ProtoStmt {
  sql?: string;
  sql_id?: number;
  args: ProtoValue[];
  named_args: Array<{ name: string; value: ProtoValue }>;
  want_rows: boolean;
}

/** A condition that decides whether a batch step runs. */
export type ProtoBatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: ProtoBatchCond }
  | { type: "and"; conds: ProtoBatchCond[] }
  | { type: "or"; conds: ProtoBatchCond[] }
  | { type: "is_autocommit" };

/** A batch: steps run in order, each skipped when its condition is false. */
export interface ProtoBatch {
  steps: Array<{ condition: ProtoBatchCond | null; stmt: ProtoStmt }>;
}

/** SQL given either inline or by a stored id (`sequence`, `describe`). */
export interface ProtoSqlRef {
  sql?: string;
  sql_id?: number;
}

/** One request inside a pipeline. */
export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: ProtoStmt }
  | { type: "batch"; batch: ProtoBatch }
  | ({ type: "sequence" } & ProtoSqlRef)
  | ({ type: "describe" } & ProtoSqlRef)
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

/** `POST /v2/pipeline` body: `baton` null opens a new stream. */
export interface PipelineReqBody {
  baton: string | null;
  requests: StreamRequest[];
}

/** Hrana's error object; the client turns `code` into `LibsqlError.code`. */
export interface ProtoError {
  message: string;
  code: string;
}

/** Column metadata of a statement result. */
export interface ProtoCol {
  name: string | null;
  decltype: string | null;
}

/** The result of one executed statement. */
export interface StmtResult {
  cols: ProtoCol[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

/** Per-step outcome of a batch; both entries are null for a skipped step. */
export interface BatchResult {
  step_results: Array<StmtResult | null>;
  step_errors: Array<ProtoError | null>;
}

/** The result of `describe`. */
export interface DescribeResult {
  params: Array<{ name: string | null }>;
  cols: Array<{ name: string; decltype: string | null }>;
  is_explain: boolean;
  is_readonly: boolean;
}

/** A successful response; `type` always echoes the request's type (the client checks it). */
export type StreamResponse =
  | { type: "close" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; result: BatchResult }
  | { type: "sequence" }
  | { type: "describe"; result: DescribeResult }
  | { type: "store_sql" }
  | { type: "close_sql" }
  | { type: "get_autocommit"; is_autocommit: boolean };

/** One entry of `results`, in request order. */
export type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: ProtoError };

/** `POST /v2/pipeline` response: `baton` null means the stream is closed. */
export interface PipelineRespBody {
  baton: string | null;
  base_url: string | null;
  results: StreamResult[];
}
