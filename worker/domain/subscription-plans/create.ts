/**
 * POST /v1/subscriptions/plans: a plan of the caller's seller and mode, created ACTIVE. The body's
 * alias (`billingInterval: "QUARTERLY"`, `amountInCents`) is stored as what it means (MONTH × 3,
 * `amount`). Plans have no events: the plan is one INSERT.
 */
import { subscriptionPlans } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Plan, PlanCreate } from "../../schemas/subscription-plan";
import type { Scope } from "../scope";
import { planTermsOf } from "./rules";
import { toPlan, type PlanRow } from "./serialize";

/** Creates the plan; 422 INVALID_DATA naming each broken rule. */
export async function createPlan(platform: Platform, scope: Scope, input: PlanCreate): Promise<Plan> {
  const terms = planTermsOf(input);
  const at = platform.now().toISOString();
  const row: PlanRow = {
    id: crypto.randomUUID(),
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    name: input.name,
    description: input.description ?? null,
    amount: terms.amount,
    currency: input.currency,
    billingInterval: terms.billingInterval,
    intervalCount: terms.intervalCount,
    paymentMethods: input.paymentMethods,
    status: "ACTIVE",
    createdAt: at,
    updatedAt: at,
  };
  await platform.db.insert(subscriptionPlans).values(row);
  return toPlan(row);
}
