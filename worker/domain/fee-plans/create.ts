/**
 * Creating a fee plan (POST /v1/fee-plans): a company prices what its sub-sellers pay. The plan
 * and its rates are written in one batch, so no plan is ever seen without its prices. Only a
 * company (a seller with no parent) may create one: a sub-seller's prices are its company's to
 * set, so it gets 403.
 */
import { feePlanRates, feePlans, PAYMENT_METHODS } from "../../db/schema";
import type { Platform } from "../../platform";
import type { FeePlan, FeePlanCreate } from "../../schemas/fee-plan";
import type { Scope } from "../scope";
import { toFeePlan, type FeePlanRateRow, type FeePlanRow } from "./read";

/** Creates the caller company's plan (the route takes companies only); returns it as GET /v1/fee-plans/{id} will. */
export async function createFeePlan(platform: Platform, caller: Scope, input: FeePlanCreate): Promise<FeePlan> {
  const surcharges = input.installmentSurchargesBps ?? {};
  const row: FeePlanRow = {
    id: crypto.randomUUID(),
    name: input.name,
    ownerSellerId: caller.sellerId,
    livemode: caller.livemode,
    platformShareBps: input.platformShareBps,
    // No surcharge is stored as null, as the default plan has it; the API shows {} for both.
    installmentSurchargesBps: Object.keys(surcharges).length > 0 ? (surcharges as Record<string, number>) : null,
    createdAt: platform.now().toISOString(),
  };
  const rates: FeePlanRateRow[] = PAYMENT_METHODS.flatMap((method) => {
    const fee = input.fees[method];
    return fee ? [{ feePlanId: row.id, paymentMethod: method, percentBps: fee.percentBps, fixedAmount: fee.fixedCents }] : [];
  });
  // The schema guarantees at least one rate; the batch writes the plan and all of them or nothing.
  await platform.db.batch([platform.db.insert(feePlans).values(row), platform.db.insert(feePlanRates).values(rates)]);
  return toFeePlan(row, rates);
}
