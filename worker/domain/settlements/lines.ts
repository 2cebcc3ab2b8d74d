/**
 * What a settlement paid, transaction by transaction (the dashboard's payout detail,
 * docs/dashboard.md): the scope's settlement (another seller's, or the other mode's, is 404, as
 * GET /v1/settlements/{id} answers) and a page of the transactions stamped with it, newest first,
 * each with the fee charged on it. Read through transactions_settlement_idx; the page's total is
 * the settlement's own transactionCount, so nothing is counted.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { keysetWindow } from "../../db/keyset";
import { transactions } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Settlement } from "../../schemas/settlement";
import type { Scope } from "../scope";
import { findSettlement } from "./read";

/** One transaction a settlement paid, with what it cost and what it left the seller. */
export interface SettlementLine {
  id: string;
  paymentMethod: (typeof transactions.$inferSelect)["paymentMethod"];
  status: (typeof transactions.$inferSelect)["status"];
  description: string | null;
  amount: number;
  currency: string;
  /** The fee charged at payment (0 when none was). */
  feeAmount: number;
  /** amount − feeAmount. */
  netAmount: number;
  paidAt: string | null;
  createdAt: string;
}

/** A settlement with a page of its transactions. */
export type SettlementWithLines = Settlement & { transactions: Page<SettlementLine> };

/** The scope's settlement `id` with a page of its transactions, else 404. */
export async function readSettlementLines(db: Db, scope: Scope, id: string, query: PageParams): Promise<SettlementWithLines> {
  const settlement = await findSettlement(db, scope, id);
  const t = transactions;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, t.createdAt, t.id);
  const rows = await db
    .select({
      id: t.id,
      paymentMethod: t.paymentMethod,
      status: t.status,
      description: t.description,
      amount: t.amount,
      currency: t.currency,
      feeAmount: t.feeAmount,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
    })
    .from(t)
    // By the settlement alone (transactions_settlement_idx, in the page's order): it was found in
    // the scope, and the sweep stamps it only on its own seller's transactions of its mode.
    .where(and(eq(t.settlementId, settlement.id), after))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(pageLimit(start, query.size))
    .offset(offset);
  const page = pageOf(rows, settlement.transactionCount, start, query.size);
  const items = page.items.map((r) => ({ ...r, feeAmount: r.feeAmount ?? 0, netAmount: r.amount - (r.feeAmount ?? 0) }));
  return { ...settlement, transactions: { ...page, items } };
}
