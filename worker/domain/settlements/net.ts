/**
 * What the seller nets from money received: the gross, less the platform's fee, the refunds the
 * acquirer completed and the chargebacks holding money (OPEN or LOST). One formula, written once
 * as SQL: a settlement sums it over the payments it pays (settle.ts), the payouts page shows it for
 * each day still to be paid (balance.ts), and one payment's page shows it for that payment
 * (payment-money.ts), so none of them can disagree. Fees are not
 * returned on refunds (docs/transactions.md), so a refund lowers the net by its whole amount.
 */
import { sql, type SQL } from "drizzle-orm";

/** The terms of a net, each an SQL expression in minor units. */
export interface NetTerms {
  gross: SQL;
  fee: SQL;
  refunded: SQL;
  chargedBack: SQL;
}

/** SQL: the net of `terms` (negative when more went back than came in: a debit). */
export function netSql(terms: NetTerms): SQL {
  return sql`${terms.gross} - ${terms.fee} - ${terms.refunded} - ${terms.chargedBack}`;
}
