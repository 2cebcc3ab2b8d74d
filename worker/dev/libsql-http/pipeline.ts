/**
 * Executes one `POST /v2/pipeline`: takes the stream named by the baton, runs the requests in
 * order (each gets its own ok/error result; a failed request does not stop the next), then
 * hands the stream back with a new baton.
 *
 * A ProtocolError anywhere aborts the pipeline and closes the stream (rolling back its
 * transaction): sqld does the same, and the client treats the HTTP error as "stream is gone".
 */
import { runBatch } from "./batch";
import type { SqlConnection } from "./connection";
import { ProtocolError, StmtError, toProtoError } from "./errors";
import type { PipelineReqBody, PipelineRespBody, StreamRequest, StreamResponse, StreamResult } from "./proto";
import { splitSql } from "./sql-lexer";
import { bindStmt, resolveSql, singleStatement } from "./statement";
import type { Stream, StreamRegistry } from "./streams";

// sqld's limits on stored SQL; the client's SQL cache is sized to stay under them.
const MAX_STORED_SQLS = 50;
const MAX_STORED_SQL_BYTES = 5 * 1024;

function connOf(stream: Stream): SqlConnection {
  if (stream.conn === null) throw new ProtocolError("The stream has already been closed", "STREAM_CLOSED");
  return stream.conn;
}

async function handle(stream: Stream, req: StreamRequest): Promise<StreamResponse> {
  switch (req.type) {
    case "close":
      stream.conn?.close();
      stream.conn = null;
      return { type: "close" };
    case "execute": {
      const conn = connOf(stream);
      const stmt = bindStmt(req.stmt, stream.sqls);
      return { type: "execute", result: await conn.execute(stmt.sql, stmt.args, stmt.wantRows) };
    }
    case "batch":
      return { type: "batch", result: await runBatch(connOf(stream), req.batch, stream.sqls) };
    case "sequence": {
      const conn = connOf(stream);
      // Statement by statement, so a SQLITE_BUSY retry never re-runs statements that already
      // succeeded; like sqlite3_exec, the first error stops the sequence.
      for (const stmt of splitSql(resolveSql(req, stream.sqls))) {
        await conn.run(stmt.sql);
      }
      return { type: "sequence" };
    }
    case "describe": {
      const conn = connOf(stream);
      const sql = resolveSql(req, stream.sqls);
      return { type: "describe", result: await conn.describe(sql, singleStatement(sql)) };
    }
    case "store_sql":
      if (stream.sqls.has(req.sql_id)) {
        throw new ProtocolError(`SQL text with id ${req.sql_id} is already stored`, "SQL_EXISTS");
      }
      if (stream.sqls.size >= MAX_STORED_SQLS) {
        throw new StmtError(`The server already stores ${stream.sqls.size} SQL texts`, "SQL_STORE_TOO_MANY");
      }
      if (Buffer.byteLength(req.sql) > MAX_STORED_SQL_BYTES) {
        throw new StmtError("The statement is too large to be stored", "SQL_STORE_TOO_LARGE");
      }
      stream.sqls.set(req.sql_id, req.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(req.sql_id);
      return { type: "close_sql" };
    case "get_autocommit":
      // A Hrana 3 request; sqld refuses it on /v2 but answering does no harm.
      return { type: "get_autocommit", is_autocommit: connOf(stream).isAutocommit };
  }
}

/** Runs a validated pipeline body. Throws ProtocolError for the HTTP layer to report. */
export async function runPipeline(body: PipelineReqBody, streams: StreamRegistry): Promise<PipelineRespBody> {
  const stream = streams.acquire(body.baton);
  const results: StreamResult[] = [];
  try {
    for (const req of body.requests) {
      try {
        results.push({ type: "ok", response: await handle(stream, req) });
      } catch (e) {
        if (e instanceof ProtocolError) throw e;
        results.push({ type: "error", error: toProtoError(e) });
      }
    }
  } catch (e) {
    streams.destroy(stream);
    throw e;
  }
  return { baton: streams.release(stream), base_url: null, results };
}
