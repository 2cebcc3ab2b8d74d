/**
 * Hrana batches: steps run in order on the stream's connection, each guarded by an optional
 * condition over earlier steps' outcomes. This is how `client.batch()` gets atomicity without
 * a transaction API: it sends BEGIN, the statements each conditioned on the previous step
 * being ok, COMMIT conditioned on the last, and ROLLBACK conditioned on COMMIT *not* being ok.
 * A failing statement therefore skips the rest and triggers the ROLLBACK step.
 */
import type { SqlConnection } from "./connection";
import { ProtocolError, toProtoError } from "./errors";
import type { BatchResult, ProtoBatch, ProtoBatchCond } from "./proto";
import { bindStmt, type SqlStore } from "./statement";

/** What is known about the steps so far: undefined = not run yet or skipped. */
type Outcome = "ok" | "error" | undefined;

/** Conditions may only look back: a reference to the same or a later step is malformed. */
function checkRefs(cond: ProtoBatchCond, step: number): void {
  switch (cond.type) {
    case "ok":
    case "error":
      if (cond.step >= step) {
        throw new ProtocolError(`Step ${step} has a condition on step ${cond.step}, which does not precede it`);
      }
      return;
    case "not":
      return checkRefs(cond.cond, step);
    case "and":
    case "or":
      return cond.conds.forEach((c) => checkRefs(c, step));
    case "is_autocommit":
      return;
  }
}

function evaluate(cond: ProtoBatchCond, outcomes: Outcome[], conn: SqlConnection): boolean {
  switch (cond.type) {
    case "ok":
    case "error":
      return outcomes[cond.step] === cond.type;
    case "not":
      return !evaluate(cond.cond, outcomes, conn);
    case "and":
      return cond.conds.every((c) => evaluate(c, outcomes, conn));
    case "or":
      return cond.conds.some((c) => evaluate(c, outcomes, conn));
    case "is_autocommit":
      return conn.isAutocommit;
  }
}

/**
 * Runs a batch. Every step is checked, resolved and bound before the first one runs, as sqld
 * does, so a malformed step (bad arguments, several statements in one, a forward condition)
 * fails the whole request instead of leaving earlier steps applied; SQLite errors during
 * execution are per step.
 */
export async function runBatch(conn: SqlConnection, batch: ProtoBatch, sqls: SqlStore): Promise<BatchResult> {
  batch.steps.forEach((step, i) => {
    if (step.condition !== null) checkRefs(step.condition, i);
  });
  const bound = batch.steps.map((step) => bindStmt(step.stmt, sqls));
  const result: BatchResult = { step_results: [], step_errors: [] };
  const outcomes: Outcome[] = [];
  for (let i = 0; i < batch.steps.length; i++) {
    const condition = batch.steps[i]!.condition;
    const stmt = bound[i]!;
    if (condition !== null && !evaluate(condition, outcomes, conn)) {
      result.step_results.push(null);
      result.step_errors.push(null);
      outcomes.push(undefined);
      continue;
    }
    try {
      result.step_results.push(await conn.execute(stmt.sql, stmt.args, stmt.wantRows));
      result.step_errors.push(null);
      outcomes.push("ok");
    } catch (e) {
      result.step_results.push(null);
      result.step_errors.push(toProtoError(e));
      outcomes.push("error");
    }
  }
  return result;
}
