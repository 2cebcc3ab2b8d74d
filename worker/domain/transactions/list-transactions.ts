/**
 * The seller's transactions, newest first (ties broken by id, so pages never overlap or skip),
 * optionally of one status, with their refunds: one round trip for the page, the total and the
 * page's refunds.
 */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { refunds, transactions, type TransactionStatus } from "../../db/schema";
import { pageWindow, toPage, type Page, type PageParams } from "../../lib/pagination";
import type { Transaction } from "../../schemas/transaction";
import { toTransaction } from "./serialize";
import { withRefunds, type Scope } from "./store";

/** One page of the scope's transactions. */
export async function listTransactions(
  db: Db,
  scope: Scope,
  query: PageParams & { status?: TransactionStatus },
  baseUrl: string,
): Promise<Page<Transaction>> {
  const { limit, offset } = pageWindow(query);
  const where = and(
    eq(transactions.sellerId, scope.sellerId),
    eq(transactions.livemode, scope.livemode),
    query.status ? eq(transactions.status, query.status) : undefined,
  );
  const page = db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset);
  const pageIds = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit)
    .offset(offset);
  const [rows, [total], refundRows] = await db.batch([
    page,
    db.select({ n: count() }).from(transactions).where(where),
    db.select().from(refunds).where(inArray(refunds.transactionId, pageIds)).orderBy(asc(refunds.requestedAt), asc(refunds.id)),
  ]);
  const items = withRefunds(rows, refundRows).map((state) => toTransaction(state, baseUrl));
  return toPage(items, total?.n ?? 0, query);
}
