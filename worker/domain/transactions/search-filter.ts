/**
 * The WHERE of a searched list (the dashboard's payments, `GET /v1/transactions` with filters, the
 * CSV export): always the scope (seller and mode), then each filter asked for. Every search key is
 * an index range of migration 0022 (docs/dashboard.md, "Finding a payment"):
 *
 * - name: a prefix of `customer_name_search` (transactions_search_name_idx), as a range
 *   [prefix, prefix + U+10FFFF) the index seeks, not a LIKE it could not;
 * - document: equality on the blind index (transactions_search_document_idx), the digest computed
 *   from what was typed, so no row's sealed data is opened;
 * - cardLast4, endToEndId, paymentLinkId: equality on their own indexes.
 *
 * test/domain/search-plan.test.ts holds each key to its index by EXPLAIN QUERY PLAN.
 *
 * The description is the exception: text inside free text has no index, so it filters the rows the
 * other conditions (or the seller's index) reach.
 */
import { and, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import { documentKey, searchName } from "../../../shared/search-text";
import { transactions as t, type PaymentMethod, type TransactionStatus } from "../../db/schema";
import type { Vault } from "../../lib/vault";
import type { PaymentSearch } from "../../schemas/payment-search";
import type { Scope } from "../scope";
import { documentDigest } from "./search-keys";

/** Every filter of a transaction list beyond its position. */
export type TransactionFilters = PaymentSearch & {
  status?: TransactionStatus;
  paymentMethod?: PaymentMethod;
  createdFrom?: string;
  createdTo?: string;
  minAmount?: number;
  maxAmount?: number;
  email?: string;
};

const FILTERS = ["paymentLinkId", "paymentMethod", "createdFrom", "createdTo", "minAmount", "maxAmount", "email", "name", "document", "description", "endToEndId", "cardLast4"] as const;

/** Whether a query filters on more than the status (the status alone has counters and prepared shapes). */
export function isFiltered(q: TransactionFilters): boolean {
  return FILTERS.some((f) => q[f] !== undefined);
}

/**
 * The scope's condition. With a payment link, written `+column` so SQLite does not use it to pick
 * an index: without statistics the planner took the seller's index (every payment of the seller)
 * over the link's, whose few charges are all the seller's anyway.
 */
function inScope(scope: Scope, byLink: boolean): SQL[] {
  if (!byLink) return [eq(t.sellerId, scope.sellerId), eq(t.livemode, scope.livemode)];
  return [sql`+${t.sellerId} = ${scope.sellerId}`, sql`+${t.livemode} = ${scope.livemode ? 1 : 0}`];
}

/** The highest code point: every text starting with a prefix sorts below prefix + this. */
const TOP = "\u{10FFFF}";

/** The condition selecting the scope's transactions that match `q`. */
export async function filterWhere(vault: Vault, scope: Scope, q: TransactionFilters): Promise<SQL> {
  const name = q.name !== undefined ? searchName(q.name) : undefined;
  const key = q.document !== undefined ? documentKey(q.document) : null;
  const digest = key ? await documentDigest(vault, scope.sellerId, key) : undefined;
  return and(
    q.paymentLinkId !== undefined ? eq(t.paymentLinkId, q.paymentLinkId) : undefined,
    // A document that is no document's length matches nothing (the routes refuse it first).
    q.document !== undefined ? (digest ? eq(t.customerDocumentDigest, digest) : sql`0`) : undefined,
    q.endToEndId !== undefined ? eq(t.pixEndToEndId, q.endToEndId) : undefined,
    ...inScope(scope, q.paymentLinkId !== undefined),
    q.cardLast4 !== undefined ? eq(t.cardLast4, q.cardLast4) : undefined,
    name !== undefined ? and(gte(t.customerNameSearch, name), lt(t.customerNameSearch, name + TOP)) : undefined,
    q.status ? eq(t.status, q.status) : undefined,
    q.paymentMethod ? eq(t.paymentMethod, q.paymentMethod) : undefined,
    q.createdFrom !== undefined ? gte(t.createdAt, q.createdFrom) : undefined,
    q.createdTo !== undefined ? lt(t.createdAt, q.createdTo) : undefined,
    q.minAmount !== undefined ? gte(t.amount, q.minAmount) : undefined,
    q.maxAmount !== undefined ? lte(t.amount, q.maxAmount) : undefined,
    q.email !== undefined ? sql`lower(json_extract(${t.customer}, '$.email')) = ${q.email.toLowerCase()}` : undefined,
    q.description !== undefined ? sql`instr(lower(${t.description}), ${q.description.toLowerCase()}) > 0` : undefined,
  )!;
}
