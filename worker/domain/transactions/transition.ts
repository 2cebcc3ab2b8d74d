/**
 * Committing a move of the transaction state machine (state-machine.ts), through the outbox.
 *
 * Every operation that changes a transaction's status adds its move with `addTransition` (usually
 * via `commitTransition`): a guarded UPDATE (the revision read must still be current, and no
 * confirm may hold it unless this is that confirm's move), the operation's own statements, and
 * the move's event with its webhook deliveries, written by the outbox under the same guard. The
 * one other writer of `status` is a refund request (refund-transaction.ts), whose guard is the
 * refund total itself; it still asks the table where the move leads. No read-modify-write
 * escapes a guard. A confirm's claim (`claimConfirmation`) is here too: it is the guard's other half.
 */
import { and, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Statement } from "../../db/guarded";
import { transactions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { newEvent, Outbox } from "../events/outbox";
import { storedView, toTransaction, type RefundRow, type TransactionRow, type TransactionState } from "./serialize";
import { requireTransition, type Trigger } from "./state-machine";

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
  /** Further changes and events of other resources that go with the move (an invoice paid by it); `guard` is true exactly when it happens. */
  alongside?: ((outbox: Outbox, guard: SQL) => void) | null;
}

/** True while a confirm holds `row` (its claim has not lapsed at `now`, ISO text). */
export function isClaimed(row: Pick<TransactionRow, "confirmingUntil">, now: string): boolean {
  return row.confirmingUntil !== null && row.confirmingUntil > now;
}

/**
 * Adds a move to `outbox`; returns the state it leads to and the index of its guarded UPDATE in
 * the batch's results (one row returned: the move happened).
 */
export function addTransition(outbox: Outbox, platform: Platform, current: TransactionState, move: MoveInput): { next: TransactionState; index: number } {
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
  const index = outbox.change(
    db
      .update(transactions)
      .set({ ...move.changes, status: rule.to, confirmingUntil: null, revision, updatedAt: at, view: next.row.view })
      .where(and(eq(transactions.id, id), eq(transactions.revision, current.row.revision), claimHeld))
      .returning({ id: transactions.id }),
    ...(move.statements?.(guard) ?? []),
  );
  if (rule.event) {
    const data = { transaction: toTransaction(next, platform.config.baseUrl), ...move.eventData };
    outbox.emit(newEvent({ type: rule.event, sellerId: current.row.sellerId, livemode: current.row.livemode, occurredAt: at, data }), guard);
  }
  move.alongside?.(outbox, guard);
  return { next, index };
}

/**
 * Commits one move from `current` (a state read earlier). Returns the state after the move, or
 * null when the transaction changed since it was read (a concurrent operation won): the caller
 * re-reads and decides again. Throws 409 when the table has no such move.
 */
export async function commitTransition(platform: Platform, current: TransactionState, move: MoveInput): Promise<TransactionState | null> {
  const outbox = new Outbox(platform);
  const { next, index } = addTransition(outbox, platform, current, move);
  const results = await outbox.commit();
  return (results[index] as unknown[]).length === 1 ? next : null;
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
