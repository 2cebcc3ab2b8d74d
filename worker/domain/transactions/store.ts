/**
 * Reading a transaction and committing a move of the state machine. Every operation that changes
 * a transaction's status goes through `commitTransition`: one batch of a guarded UPDATE (the
 * revision read must still be current), the operation's own statements, and the event row, the
 * latter two conditioned on the UPDATE having happened. No read-modify-write escapes the guard.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Statement, Statements } from "../../db/guarded";
import { refunds, transactions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { eventStatement, newEvent } from "./events";
import { toTransaction, type RefundRow, type TransactionRow, type TransactionState } from "./serialize";
import { requireTransition, type Trigger } from "./state-machine";

export type { Scope } from "../scope";

/** Groups refunds by transaction. */
export function withRefunds(rows: TransactionRow[], all: RefundRow[]): TransactionState[] {
  return rows.map((row) => ({ row, refunds: all.filter((r) => r.transactionId === row.id) }));
}

/** A transaction by id with its refunds, in one round trip; null for ids outside the scope. */
export async function findTransaction(db: Db, id: string, scope?: Scope): Promise<TransactionState | null> {
  const where = scope
    ? and(eq(transactions.id, id), eq(transactions.sellerId, scope.sellerId), eq(transactions.livemode, scope.livemode))
    : eq(transactions.id, id);
  const [rows, refundRows] = await db.batch([
    db.select().from(transactions).where(where).limit(1),
    db.select().from(refunds).where(eq(refunds.transactionId, id)).orderBy(asc(refunds.requestedAt), asc(refunds.id)),
  ]);
  const row = rows[0];
  return row ? { row, refunds: refundRows } : null;
}

/** What a committed move changes beyond status, revision and updatedAt. */
export interface MoveInput {
  trigger: Trigger;
  changes?: Partial<Omit<TransactionRow, "id" | "status" | "revision" | "updatedAt">>;
  /** The refunds as they are after the move (for the event payload); default unchanged. */
  refunds?: RefundRow[];
  /** Extra event data besides `transaction`. */
  eventData?: Record<string, unknown>;
  /** Statements to run only if the move happens; `guard` is true exactly then. */
  statements?: (guard: SQL) => Statement[];
}

/**
 * Commits one move from `current` (a state read earlier). Returns the state after the move, or
 * null when the transaction changed since it was read (a concurrent operation won): the caller
 * re-reads and decides again. Throws 409 when the table has no such move.
 */
export async function commitTransition(platform: Platform, current: TransactionState, move: MoveInput): Promise<TransactionState | null> {
  const { db } = platform;
  const rule = requireTransition(current.row.status, move.trigger);
  const at = platform.now().toISOString();
  const revision = crypto.randomUUID();
  const next: TransactionState = {
    row: { ...current.row, ...move.changes, status: rule.to, revision, updatedAt: at },
    refunds: move.refunds ?? current.refunds,
  };
  const { id } = current.row;
  // True only inside the batch that set this (fresh, random) revision.
  const guard = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${id} and ${transactions.revision} = ${revision})`;
  const statements: Statements = [
    db
      .update(transactions)
      .set({ ...move.changes, status: rule.to, revision, updatedAt: at })
      .where(and(eq(transactions.id, id), eq(transactions.revision, current.row.revision)))
      .returning({ id: transactions.id }),
    ...(move.statements?.(guard) ?? []),
  ];
  if (rule.event) {
    const data = { transaction: toTransaction(next, platform.config.baseUrl), ...move.eventData };
    const event = newEvent({ type: rule.event, sellerId: current.row.sellerId, livemode: current.row.livemode, occurredAt: at, data });
    statements.push(eventStatement(db, event, at, guard));
  }
  const [updated] = (await db.batch(statements)) as [Array<{ id: string }>, ...unknown[]];
  return updated.length === 1 ? next : null;
}

/**
 * Runs `attempt` until it returns a result, re-reading between tries: a lost race is retried a
 * few times, then reported as a 409 by the attempt itself (it re-reads and finds the new status).
 */
export async function retryOnRace<T>(attempt: () => Promise<T | null>, tries = 5): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const result = await attempt();
    if (result !== null) return result;
  }
  // Another writer won every round: nothing was written, so the caller can safely retry.
  throw new ApiError("CONCURRENT_MODIFICATION", "The transaction kept changing while this request was applied; nothing was changed, retry it.", {
    headers: { "Retry-After": "1" },
  });
}
