/**
 * Fees: what the platform keeps from a payment. Each seller has a fee plan with, per payment
 * method, a percentage in basis points (1 bp = 0.01 %) and a fixed amount in minor units. The
 * rates are copied onto the transaction when it is created, so the price in force at creation is
 * the price charged, even if the plan changes before the buyer pays.
 *
 * Rounding rule: fee = round-half-up(amount × bps / 10 000) + fixed, capped at the amount, in
 * integer (BigInt) arithmetic so no float ever touches money. netAmount = amount − feeAmount.
 */
import { sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feePlanRates, sellers, type PaymentMethod } from "../../db/schema";

/** The plan every seller gets unless assigned another (seeded by migration 0001). */
export const DEFAULT_FEE_PLAN_ID = "00000000-0000-4000-8000-000000000001";

/** One method's price. */
export interface FeeRate {
  feePlanId: string;
  percentBps: number;
  fixedAmount: number;
}

/** The fee and the net for an amount at a rate. */
export function computeFee(amount: number, rate: Pick<FeeRate, "percentBps" | "fixedAmount">): { feeAmount: number; netAmount: number } {
  const product = BigInt(amount) * BigInt(rate.percentBps);
  // Round half up: add half the divisor before the (truncating) integer division.
  const percentPart = Number((product + 5_000n) / 10_000n);
  const feeAmount = Math.min(amount, percentPart + rate.fixedAmount);
  return { feeAmount, netAmount: amount - feeAmount };
}

/**
 * The seller's rate for a payment method as SQL, for the statement that creates the charge: the
 * database reads the rate in the same transaction that copies it, so a charge is never priced by
 * a plan that changed in between, and creating one costs no extra round trip. `priced` is false
 * when the seller's plan does not price the method. A seller without a plan (created before fee
 * plans existed) is priced by the default plan.
 */
export function sellerFeeRateSql(sellerId: string | Placeholder, method: PaymentMethod) {
  const planId = sql`(select coalesce(${sellers.feePlanId}, ${DEFAULT_FEE_PLAN_ID}) from ${sellers} where ${sellers.id} = ${sellerId})`;
  const rate = (column: typeof feePlanRates.percentBps | typeof feePlanRates.fixedAmount) =>
    sql`select ${column} from ${feePlanRates} where ${feePlanRates.feePlanId} = ${planId} and ${feePlanRates.paymentMethod} = ${method}`;
  return {
    feePlanId: planId,
    percentBps: rate(feePlanRates.percentBps),
    fixedAmount: rate(feePlanRates.fixedAmount),
    priced: sql`exists (${rate(feePlanRates.percentBps)})`,
  };
}

/** The seller's rate for a method, read now (card sales are priced before they are written); null when unpriced. */
export async function readFeeRate(db: Db, sellerId: string, method: PaymentMethod): Promise<FeeRate | null> {
  const rate = sellerFeeRateSql(sellerId, method);
  const [row] = await db
    .select({ feePlanId: sql<string>`${rate.feePlanId}`, percentBps: sql<number | null>`(${rate.percentBps})`, fixedAmount: sql<number | null>`(${rate.fixedAmount})` })
    .from(sql`(select 1)`);
  if (!row || row.percentBps === null || row.fixedAmount === null) return null;
  return { feePlanId: row.feePlanId, percentBps: Number(row.percentBps), fixedAmount: Number(row.fixedAmount) };
}
