/** Plan rows → the API's subscription plan. */
import { subscriptionPlans } from "../../db/schema";
import type { Plan } from "../../schemas/subscription-plan";

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** The plan as the API answers it. */
export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    billingInterval: row.billingInterval,
    intervalCount: row.intervalCount,
    // A plan's methods are PIX and CREDIT_CARD only (its schema); the column's type is every method.
    paymentMethods: row.paymentMethods as Plan["paymentMethods"],
    status: row.status,
    sellerId: row.sellerId,
    livemode: row.livemode,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
