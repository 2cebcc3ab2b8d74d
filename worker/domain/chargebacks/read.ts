/**
 * Chargebacks as the API shows them, and reading them (GET /v1/chargebacks and /{id}): the
 * caller's own, in its key's mode, newest first; another seller's is 404.
 */
import type { Db } from "../../db/client";
import { chargebacks } from "../../db/schema";
import type { Page, PageParams } from "../../lib/pagination";
import type { Chargeback } from "../../schemas/settlement";
import type { Scope } from "../scope";
import { findOwned, pageOwned } from "../settlements/owned";

export type ChargebackRow = typeof chargebacks.$inferSelect;

/** The API shape of a chargeback row. */
export function toChargeback(row: ChargebackRow): Chargeback {
  return {
    id: row.id,
    transactionId: row.transactionId,
    sellerId: row.sellerId,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    // Only this service writes the column, and only with CHARGEBACK_REASONS' codes.
    reasonCode: row.reasonCode as Chargeback["reasonCode"],
    reason: row.reason,
    settlementId: row.settlementId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    livemode: row.livemode,
  };
}

/** The scope's chargeback `id`, else 404. */
export async function findChargeback(db: Db, scope: Scope, id: string): Promise<Chargeback> {
  return toChargeback(await findOwned(db, chargebacks, "chargeback", scope, id));
}

/** One page of the scope's chargebacks. */
export async function listChargebacks(db: Db, scope: Scope, query: PageParams): Promise<Page<Chargeback>> {
  const page = await pageOwned(db, chargebacks, scope, query);
  return { ...page, items: page.items.map(toChargeback) };
}
