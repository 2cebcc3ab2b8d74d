/**
 * Each search key of the payments search is an index seek (docs/dashboard.md, "Finding a
 * payment"): SQLite's EXPLAIN QUERY PLAN of the page query names the key's own index, never the
 * seller's whole history (transactions_seller_idx), which on 500,000 payments would be a walk of
 * them all. The planner preferred that index over partial ones once; this keeps it from again.
 */
import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../worker/db/schema";
import { filterWhere, type TransactionFilters } from "../../worker/domain/transactions/search-filter";
import { createTestPlatform } from "../support/platform";

const CASES: Array<[TransactionFilters, string]> = [
  [{ document: "390.533.447-05" }, "transactions_search_document_idx"],
  [{ name: "joana f" }, "transactions_search_name_idx"],
  [{ cardLast4: "1111" }, "transactions_search_last4_idx"],
  [{ endToEndId: "E18236120202611271200s0abcdefghi" }, "transactions_search_e2e_idx"],
  [{ paymentLinkId: "3f2c8a1e-0000-4000-8000-000000000000" }, "transactions_payment_link_idx"],
  [{ document: "390.533.447-05", status: "PAID" }, "transactions_search_document_idx"],
];

describe("the payments search's query plans", () => {
  it.each(CASES)("%o seeks %s", async (filters, index) => {
    const platform = await createTestPlatform();
    const where = await filterWhere(platform.vault, { sellerId: "a-seller", livemode: false }, filters);
    const page = platform.db.select({ id: transactions.id }).from(transactions).where(where).orderBy(desc(transactions.createdAt), desc(transactions.id)).limit(20).toSQL();
    const plan = await platform.client.execute({ sql: `EXPLAIN QUERY PLAN ${page.sql}`, args: page.params as never[] });
    const detail = plan.rows.map((r) => String(r.detail)).join(" | ");
    expect(detail).toMatch(new RegExp(`^SEARCH transactions USING (COVERING )?INDEX ${index} \\(`));
    expect(detail).not.toContain("transactions_seller_idx");
    expect(detail).not.toMatch(/\bSCAN transactions\b/);
  });
});
