/**
 * A payment's money as its dashboard page shows it (docs/dashboard.md): what the buyer paid, the
 * platform's fee, the refunds completed, the chargebacks holding money and what the seller nets
 * after them, by the settlements' own formula (settlements/net.ts). Null for a payment that has
 * not been paid (PENDING, FAILED, CANCELLED): no money moved.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { netSql } from "../settlements/net";
import { SETTLED_STATUSES } from "../settlements/schedule";

/** The amounts, in the payment's minor units. */
export interface PaymentMoney {
  /** What the buyer paid: the payment's amount. */
  paid: number;
  fee: number;
  /** The sum of the COMPLETED refunds (pending ones are not money returned yet). */
  refunded: number;
  /** The sum of the OPEN and LOST chargebacks. */
  chargedBack: number;
  /** paid − fee − refunded − chargedBack. */
  net: number;
}

/** The money of transaction `id`, which the caller has already found in its scope. */
export async function paymentMoney(db: Db, id: string): Promise<PaymentMoney | null> {
  const terms = {
    gross: sql`t.amount`,
    fee: sql`coalesce(t.fee_amount, 0)`,
    refunded: sql`(select coalesce(sum(r.amount), 0) from refunds r where r.transaction_id = t.id and r.status = 'COMPLETED')`,
    chargedBack: sql`(select coalesce(sum(c.amount), 0) from chargebacks c where c.transaction_id = t.id and c.status in ('OPEN', 'LOST'))`,
  };
  const [row] = await db.all<{ status: string; paid: number; fee: number; refunded: number; charged_back: number; net: number }>(sql`
    select t.status, ${terms.gross} as paid, ${terms.fee} as fee, ${terms.refunded} as refunded, ${terms.chargedBack} as charged_back, ${netSql(terms)} as net
      from transactions t where t.id = ${id}`);
  if (!row || !(SETTLED_STATUSES as readonly string[]).includes(row.status)) return null;
  return { paid: Number(row.paid), fee: Number(row.fee), refunded: Number(row.refunded), chargedBack: Number(row.charged_back), net: Number(row.net) };
}
