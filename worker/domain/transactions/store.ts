/**
 * Reading a transaction and committing a move of the state machine.
 *
 * A transaction is read with its refunds in ONE statement (the refunds as a JSON array column),
 * prepared once per database. Every operation that changes a transaction's status goes through
 * `transitionStatements` (usually via `commitTransition`): a guarded UPDATE (the revision read
 * must still be current), the operation's own statements, and the event row, the latter two
 * conditioned on the UPDATE having happened. The one other writer of `status` is a refund request
 * (refund-transaction.ts), whose guard is the refund total itself; it still asks the table here
 * where the move leads. No read-modify-write escapes a guard.
 */
import { and, eq, getTableColumns, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Statement, Statements } from "../../db/guarded";
import { packedColumns, perDatabase, PreparedQuery } from "../../db/prepared";
import { refunds, transactions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { enqueueDeliveries } from "../webhooks/enqueue";
import { deliveryIdsOf, fanOutStatement } from "../webhooks/fan-out";
import { eventStatement, newEvent } from "./events";
import { storedView, toTransaction, type RefundRow, type TransactionRow, type TransactionState } from "./serialize";
import { requireTransition, type Trigger } from "./state-machine";

export type { Scope } from "../scope";

/**
 * The refunds of the `transactions` row being selected, oldest first, as one JSON array of
 * RefundRow objects. The outer column is named in full: drizzle writes a lone table's columns
 * unqualified, and inside this subquery a bare "id" would mean the refund's.
 */
export const refundsJson = () => sql<string>`(select coalesce(json_group_array(json_object(
    'id', ${refunds.id}, 'transactionId', ${refunds.transactionId}, 'amount', ${refunds.amount},
    'originalAmount', ${refunds.originalAmount}, 'status', ${refunds.status}, 'failureReason', ${refunds.failureReason},
    'requestedAt', ${refunds.requestedAt}, 'completedAt', ${refunds.completedAt}, 'updatedAt', ${refunds.updatedAt})
    order by ${refunds.requestedAt}, ${refunds.id}), '[]') from ${refunds} where ${refunds.transactionId} = "transactions"."id")`;

/**
 * The full state of a transaction as operations read it: its columns packed as one
 * (db/prepared.ts), then its refunds as JSON.
 */
const packed = packedColumns(getTableColumns(transactions));
const stateFields = { row: packed.field, refunds: refundsJson() };
const readState = (raw: ArrayLike<unknown>): TransactionState => ({
  row: packed.read(raw[0] as string),
  refunds: JSON.parse(raw[1] as string) as RefundRow[],
});

const reads = perDatabase((db) => {
  const select = () => db.select(stateFields).from(transactions);
  const id = sql.placeholder("id");
  const inScope = and(eq(transactions.id, id), eq(transactions.sellerId, sql.placeholder("sellerId")), eq(transactions.livemode, sql.placeholder("livemode")));
  return {
    byId: new PreparedQuery(db, select().where(eq(transactions.id, id)).limit(1), readState),
    inScope: new PreparedQuery(db, select().where(inScope).limit(1), readState),
  };
});

/** A transaction by id with its refunds, in one statement; null for ids outside the scope. */
export async function findTransaction(db: Db, id: string, scope?: Scope): Promise<TransactionState | null> {
  const [state] = scope
    ? await reads(db).inScope.all({ id, sellerId: scope.sellerId, livemode: scope.livemode ? 1 : 0 })
    : await reads(db).byId.all({ id });
  return state ?? null;
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
  /** The confirm claim this move is made under (`claimConfirmation`); only its holder moves a claimed transaction. */
  claim?: string;
}

/** True while a confirm holds `row` (its claim has not lapsed at `now`, ISO text). */
export function isClaimed(row: Pick<TransactionRow, "confirmingUntil">, now: string): boolean {
  return row.confirmingUntil !== null && row.confirmingUntil > now;
}

/**
 * A move as statements for a batch, and the state it leads to. The first statement returns the
 * id it updated; `fanOut`, when the move writes an event, is the index of the statement that
 * returns the new webhook deliveries (enqueue them once the batch has committed).
 */
export function transitionStatements(
  platform: Platform,
  current: TransactionState,
  move: MoveInput,
): { statements: Statements; next: TransactionState; fanOut?: number } {
  const { db } = platform;
  const rule = requireTransition(current.row.status, move.trigger);
  const at = platform.now().toISOString();
  if (!move.claim && isClaimed(current.row, at)) throw beingConfirmed();
  const revision = crypto.randomUUID();
  const next: TransactionState = {
    row: { ...current.row, ...move.changes, status: rule.to, confirmingUntil: null, revision, updatedAt: at },
    refunds: move.refunds ?? current.refunds,
  };
  next.row.view = storedView(next);
  const { id } = current.row;
  // True only inside the batch that set this (fresh, random) revision.
  const guard = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${id} and ${transactions.revision} = ${revision})`;
  // A claimed transaction moves only under its claim; anyone else waits for it to end or lapse.
  const claimHeld = move.claim
    ? eq(transactions.confirmingUntil, move.claim)
    : or(isNull(transactions.confirmingUntil), lte(transactions.confirmingUntil, at));
  const statements: Statements = [
    db
      .update(transactions)
      .set({ ...move.changes, status: rule.to, confirmingUntil: null, revision, updatedAt: at, view: next.row.view })
      .where(and(eq(transactions.id, id), eq(transactions.revision, current.row.revision), claimHeld))
      .returning({ id: transactions.id }),
    ...(move.statements?.(guard) ?? []),
  ];
  if (rule.event) {
    const data = { transaction: toTransaction(next, platform.config.baseUrl), ...move.eventData };
    const event = newEvent({ type: rule.event, sellerId: current.row.sellerId, livemode: current.row.livemode, occurredAt: at, data });
    statements.push(eventStatement(db, event, at, guard), fanOutStatement(db, event, at, guard));
    return { statements, next, fanOut: statements.length - 1 };
  }
  return { statements, next };
}

/**
 * Commits one move from `current` (a state read earlier). Returns the state after the move, or
 * null when the transaction changed since it was read (a concurrent operation won): the caller
 * re-reads and decides again. Throws 409 when the table has no such move.
 */
export async function commitTransition(platform: Platform, current: TransactionState, move: MoveInput): Promise<TransactionState | null> {
  const { statements, next, fanOut } = transitionStatements(platform, current, move);
  const results = (await platform.db.batch(statements)) as unknown[];
  if ((results[0] as unknown[]).length !== 1) return null;
  if (fanOut !== undefined) await enqueueDeliveries(platform, deliveryIdsOf(results[fanOut]));
  return next;
}

/** How long a confirm may hold a transaction: longer than any acquirer call may take. */
export const CONFIRM_CLAIM_SECONDS = 120;

/** The answer to whoever finds a transaction claimed by a confirm in flight. */
export function beingConfirmed(): ApiError {
  return new ApiError("CONCURRENT_MODIFICATION", "Another request is confirming this transaction at the acquirer; read it again in a moment.", {
    headers: { "Retry-After": "1" },
  });
}

/**
 * Claims PENDING transaction `current` for one confirm, before anything reaches the acquirer:
 * a guarded UPDATE, so of any number of concurrent confirms exactly one wins (the others get
 * `beingConfirmed`). The claim does not move the revision (the stored view stays valid); it
 * stops every other move until the holder commits (`MoveInput.claim`), releases it, or it lapses
 * after CONFIRM_CLAIM_SECONDS (a crashed request). Returns the claim, or null when lost.
 */
export async function claimConfirmation(platform: Platform, current: TransactionState): Promise<string | null> {
  const now = platform.now();
  const at = now.toISOString();
  const until = new Date(now.getTime() + CONFIRM_CLAIM_SECONDS * 1000).toISOString();
  const [claimed] = await platform.db
    .update(transactions)
    .set({ confirmingUntil: until })
    .where(
      and(
        eq(transactions.id, current.row.id),
        eq(transactions.revision, current.row.revision),
        eq(transactions.status, "PENDING"),
        or(isNull(transactions.confirmingUntil), lte(transactions.confirmingUntil, at)),
      ),
    )
    .returning({ id: transactions.id });
  return claimed ? until : null;
}

/** Gives a claim back without a move (nothing reached the acquirer). */
export async function releaseConfirmation(platform: Platform, id: string, claim: string): Promise<void> {
  await platform.db.update(transactions).set({ confirmingUntil: null }).where(and(eq(transactions.id, id), eq(transactions.confirmingUntil, claim)));
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
