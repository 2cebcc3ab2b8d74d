/**
 * The database thread: one SqliteEngine on a file, serving SqliteThreadClient's messages. Each
 * message is `{ id, op, … }`; each answer `{ id, ok }` or `{ id, error }` (a WireError of
 * sqlite-results.ts). Messages are handled in the order they arrive, so the client's order is the
 * database's; write batches wait for the engine's next group commit and are answered once it is
 * on disk.
 *
 * Why a thread: the driver is synchronous, so on the main thread every statement and every
 * COMMIT's fsync stopped the HTTP work of all other requests. Here they run beside it, on the
 * second core (docs/performance.md, "The database on its own thread").
 */
import { parentPort, workerData } from "node:worker_threads";
import { isSqliteError, SqliteEngine, StatementFailure } from "./sqlite-engine.mjs";

const engine = new SqliteEngine(workerData.path, workerData.options);

/** A thrown error as plain data (structured clone keeps no class). */
function wireError(e) {
  const failure = e instanceof StatementFailure ? e : null;
  const cause = failure ? failure.cause : e;
  return {
    index: failure?.index,
    sqlite: isSqliteError(cause),
    name: cause?.name,
    message: cause instanceof Error ? cause.message : String(cause),
    code: cause?.code,
    rawCode: cause?.rawCode,
  };
}

const answer = (id, ok) => parentPort.postMessage({ id, ok });
const refuse = (id, e) => parentPort.postMessage({ id, error: wireError(e) });

const ops = {
  run: (m) => engine.run(m.sql, m.params),
  rows: (m) => engine.rows(m.sql, m.params),
  row: (m) => engine.row(m.sql, m.params),
  joined: (m) => engine.joined(m.sql, m.params, m.join),
  transact: (m) => engine.transact(m.mode, m.steps),
  migrate: (m) => engine.migrate(m.steps),
  exec: (m) => engine.exec(m.sql),
  begin: (m) => engine.begin(m.mode),
  end: (m) => engine.end(m.sql),
  commits: () => engine.commits,
  close: () => engine.close(),
};

parentPort.on("message", (m) => {
  if (m.op === "enqueue") {
    engine.enqueue(m.steps, (error, results) => (error ? refuse(m.id, error) : answer(m.id, results)));
    return;
  }
  let result;
  try {
    result = ops[m.op](m);
  } catch (e) {
    return refuse(m.id, e);
  }
  // The joined bytes move to the main thread (transferred, not copied).
  if (m.op === "joined") parentPort.postMessage({ id: m.id, ok: result }, [result.text.buffer]);
  else answer(m.id, result);
});
