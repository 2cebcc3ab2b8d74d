/**
 * The transactions store: reading a transaction as it truly is now.
 *
 * A transaction is read with its refunds in ONE statement (the refunds as a JSON array column),
 * prepared once per database. `readTransaction` is the read every operation and GET uses: a
 * charge found past its expiry is expired first (committed now, with its event), so no one ever
 * sees an expired charge as PENDING. Moves are committed by transition.ts.
 */
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { packedColumns, perDatabase, PreparedQuery } from "../../db/prepared";
import { refunds, transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { toTransaction, withBaseUrl, type RefundRow, type TransactionRow, type TransactionState } from "./serialize";
import { commitTransition, isClaimed, type MoveInput } from "./transition";


/**
 * The refunds of the `transactions` row being selected, oldest first, as one JSON array of
 * RefundRow objects. The outer column is named in full: drizzle writes a lone table's columns
 * unqualified, and inside this subquery a bare "id" would mean the refund's.
 */
export const refundsJson = () => sql<string>`(select coalesce(json_group_array(json_object(
    'id', ${refunds.id}, 'transactionId', ${refunds.transactionId}, 'amount', ${refunds.amount},
    'originalAmount', ${refunds.originalAmount}, 'status', ${refunds.status}, 'failureReason', ${refunds.failureReason},
    'reason', ${refunds.reason}, 'requestedAt', ${refunds.requestedAt}, 'completedAt', ${refunds.completedAt}, 'updatedAt', ${refunds.updatedAt})
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
  const state = scope
    ? await reads(db).inScope.first({ id, sellerId: scope.sellerId, livemode: scope.livemode ? 1 : 0 })
    : await reads(db).byId.first({ id });
  return state ?? null;
}

/**
 * True when the charge is PENDING past its expiry at `now` (ISO text) and no confirm holds it: a
 * card sale being authorized ends as its confirm decides, not as the clock does.
 */
export function isDue(row: Pick<TransactionRow, "status" | "expiresAt" | "confirmingUntil">, now: string): boolean {
  return row.status === "PENDING" && row.expiresAt !== null && row.expiresAt <= now && !isClaimed(row, now);
}

/** The expire move of a due charge: CANCELLED, `cancellationReason: "EXPIRED"`, cancelled when it expired. */
export function expiryMove(state: TransactionState): MoveInput {
  return { trigger: "expire", changes: { cancelledAt: state.row.expiresAt, cancellationReason: "EXPIRED" } };
}

/**
 * The state to show or act on: `state` itself, or, when it is due, the state after expiring it
 * (committed now; if another writer got there first, whatever it wrote).
 */
export async function expireIfDue(platform: Platform, state: TransactionState): Promise<TransactionState> {
  if (!isDue(state.row, platform.now().toISOString())) return state;
  const next = await commitTransition(platform, state, expiryMove(state));
  return next ?? (await findTransaction(platform.db, state.row.id)) ?? state;
}

/** A transaction as it truly is now: read in one statement, expired first if it is due. */
export async function readTransaction(platform: Platform, id: string, scope?: Scope): Promise<TransactionState | null> {
  const state = await findTransaction(platform.db, id, scope);
  return state && expireIfDue(platform, state);
}

/**
 * What a GET reads: the transaction's stored view (API JSON text, QR URL relative; null for a row
 * without one, such as a refund just requested) and what `isDue` needs. One statement by primary
 * key reading four columns: rendering in SQL as a fallback (render-sql.ts, `coalesce`) made even
 * the rows that have a view cost half as much again, so rows without one go through
 * readTransaction.
 */
const viewReads = perDatabase((db) => {
  const t = transactions;
  const p = sql.placeholder;
  const query = db
    .select({ view: t.view, status: t.status, expiresAt: t.expiresAt, confirmingUntil: t.confirmingUntil })
    .from(t)
    .where(and(eq(t.id, p("id")), eq(t.sellerId, p("sellerId")), eq(t.livemode, p("livemode"))))
    .limit(1);
  return new PreparedQuery(db, query, (raw) => ({
    view: raw[0] as string | null,
    row: { status: raw[1] as TransactionRow["status"], expiresAt: raw[2] as string | null, confirmingUntil: raw[3] as string | null },
  }));
});

/**
 * True when the stored view begins as `toTransaction` writes this row: its id, then its status. A
 * view is kept current by every move (transition.ts, and the trigger that clears it), so this only
 * refuses one written over by hand (an UPDATE of the status alone), which is then rendered anew.
 */
function viewShows(view: string, id: string, status: string): boolean {
  return view.startsWith(`{"id":${JSON.stringify(id)},"status":${JSON.stringify(status)},`);
}

/**
 * The transaction as GET answers it, as JSON text. In one statement, the stored view sent as it
 * is (no parse, no object, no stringify: byte for byte `toTransaction`, held so by
 * test/domain/render-sql.test.ts) when there is one and the charge is not due; else read whole
 * (readTransaction: a due charge is expired first) and rendered by `toTransaction`. null for ids
 * outside the scope.
 */
export async function readTransactionJson(platform: Platform, id: string, scope: Scope): Promise<string | null> {
  const found = await viewReads(platform.db).first({ id, sellerId: scope.sellerId, livemode: scope.livemode ? 1 : 0 });
  if (!found) return null;
  if (found.view !== null && viewShows(found.view, id, found.row.status) && !isDue(found.row, platform.now().toISOString())) {
    return withBaseUrl(found.view, platform.config.baseUrl);
  }
  const state = await readTransaction(platform, id, scope);
  return state && JSON.stringify(toTransaction(state, platform.config.baseUrl));
}
