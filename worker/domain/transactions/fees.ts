/**
 * Fees: what the platform keeps from a payment. Each seller has a fee plan with, per payment
 * method, a percentage in basis points (1 bp = 0.01 %) and a fixed amount in minor units. The
 * rates are copied onto the transaction when it is created, so the price in force at creation is
 * the price charged, even if the plan changes before the buyer pays.
 *
 * Rounding rule: fee = round-half-up(amount × bps / 10 000) + fixed, capped at the amount, in
 * integer (BigInt) arithmetic so no float ever touches money. netAmount = amount − feeAmount.
 *
 * A credit card sale in N installments is priced at the card rate's bps plus the plan's
 * surcharge for N (`fee_plans.installment_surcharges_bps`, docs/fee-plans.md), and that sum is
 * the `feePercentBps` the transaction keeps.
 */
import { and, eq, sql, type Placeholder } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feePlanRates, feePlans, sellers, type PaymentMethod } from "../../db/schema";

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

/**
 * The percentage a sale is priced at: the rate's, plus the surcharge for its installment count
 * when it is a credit card sale in more than one, capped at 10 000 bps (100 %, where the fee's
 * own cap at the amount would stop it anyway).
 */
export function effectivePercentBps(percentBps: number, surcharges: Record<string, number> | null, method: PaymentMethod, installments: number): number {
  if (method !== "CREDIT_CARD" || installments < 2) return percentBps;
  return Math.min(10_000, percentBps + (surcharges?.[String(installments)] ?? 0));
}

/**
 * The seller's rate for a method, read now (card sales are priced before they are written), with
 * the installment surcharge of a credit card sale in `installments` already added; null when the
 * plan does not price the method.
 */
export async function readFeeRate(db: Db, sellerId: string, method: PaymentMethod, installments = 1): Promise<FeeRate | null> {
  const rate = sellerFeeRateSql(sellerId, method);
  const [row] = await db
    .select({
      feePlanId: sql<string>`${rate.feePlanId}`,
      percentBps: sql<number | null>`(${rate.percentBps})`,
      fixedAmount: sql<number | null>`(${rate.fixedAmount})`,
      surcharges: sql<string | null>`(select ${feePlans.installmentSurchargesBps} from ${feePlans} where ${feePlans.id} = ${rate.feePlanId})`,
    })
    .from(sql`(select 1)`);
  if (!row || row.percentBps === null || row.fixedAmount === null) return null;
  const surcharges = row.surcharges ? (JSON.parse(row.surcharges) as Record<string, number>) : null;
  return {
    feePlanId: row.feePlanId,
    percentBps: effectivePercentBps(Number(row.percentBps), surcharges, method, installments),
    fixedAmount: Number(row.fixedAmount),
  };
}

/**
 * A plan's rate for a method with the surcharge for `installments`: how a credit card sale is
 * priced again when the buyer chooses its installments at confirm. The plan is the one copied
 * onto the transaction at creation (plans never change), so the price is still the creation's.
 */
export async function readPlanRate(db: Db, feePlanId: string, method: PaymentMethod, installments: number): Promise<FeeRate | null> {
  const [row] = await db
    .select({ percentBps: feePlanRates.percentBps, fixedAmount: feePlanRates.fixedAmount, surcharges: feePlans.installmentSurchargesBps })
    .from(feePlanRates)
    .innerJoin(feePlans, eq(feePlans.id, feePlanRates.feePlanId))
    .where(and(eq(feePlanRates.feePlanId, feePlanId), eq(feePlanRates.paymentMethod, method)))
    .limit(1);
  if (!row) return null;
  return { feePlanId, percentBps: effectivePercentBps(row.percentBps, row.surcharges, method, installments), fixedAmount: row.fixedAmount };
}
