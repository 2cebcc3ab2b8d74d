/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: one round trip, whose cost does not grow with the
 * seller's history. The page and its refunds are one statement (an index range, or a seek after a
 * cursor); `totalItems` is one read of the counters the triggers of migration 0003 keep.
 *
 * A charge on the page found past its expiry is expired first and the page read again, so a list
 * never shows a PENDING charge that can no longer be paid (expire-transactions.ts).
 */
import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { keysetWindow } from "../../db/keyset";
import { transactionCounts, transactions, type TransactionStatus } from "../../db/schema";
import { pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import type { Transaction } from "../../schemas/transaction";
import { expireIfDue, isDue } from "./expire-transactions";
import { toTransaction } from "./serialize";
import { refundsJson, stateOf, type RowWithRefunds, type Scope } from "./store";

/** The list's filters and position. */
export type ListQuery = PageParams & { status?: TransactionStatus };

async function readPage(db: Db, scope: Scope, query: ListQuery) {
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, transactions.createdAt, transactions.id);
  const inScope = [eq(transactions.sellerId, scope.sellerId), eq(transactions.livemode, scope.livemode)];
  const status = query.status ? eq(transactions.status, query.status) : undefined;
  const counted = [eq(transactionCounts.sellerId, scope.sellerId), eq(transactionCounts.livemode, scope.livemode)];
  const [rows, [total]] = await db.batch([
    db
      .select({ ...getTableColumns(transactions), refunds: refundsJson() })
      .from(transactions)
      .where(and(...inScope, status, after))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      // One more than a page: whether it exists says whether a next page does.
      .limit(query.size + 1)
      .offset(offset),
    db
      .select({ n: sql<number>`coalesce(sum(${transactionCounts.n}), 0)` })
      .from(transactionCounts)
      .where(and(...counted, query.status ? inArray(transactionCounts.status, [query.status]) : undefined)),
  ]);
  return { states: (rows as RowWithRefunds[]).map(stateOf), total: total?.n ?? 0, start };
}

/** One page of the scope's transactions. */
export async function listTransactions(platform: Platform, scope: Scope, query: ListQuery): Promise<Page<Transaction>> {
  let read = await readPage(platform.db, scope, query);
  const now = platform.now();
  const due = read.states.filter((s) => isDue(s, now));
  if (due.length > 0) {
    for (const state of due) await expireIfDue(platform, state);
    read = await readPage(platform.db, scope, query);
  }
  const page = pageOf(
    read.states.map((s) => ({ ...s, createdAt: s.row.createdAt, id: s.row.id })),
    read.total,
    read.start,
    query.size,
  );
  return { ...page, items: page.items.map((state) => toTransaction(state, platform.config.baseUrl)) };
}
