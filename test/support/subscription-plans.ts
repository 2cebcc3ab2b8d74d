/** Subscription-plan test helpers: a body, and a plan created with the seller's key. */
import { expect } from "vitest";
import type { Ctx } from "./transactions";

/** A valid POST /v1/subscriptions/plans body: R$ 49,90 a month, by PIX or card. */
export function planBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Plano Mensal",
    description: "Acesso a todos os cursos",
    amount: 4990,
    billingInterval: "MONTH",
    paymentMethods: ["PIX", "CREDIT_CARD"],
    ...overrides,
  };
}

/** Creates a plan with the seller's key (201) and returns it. */
export async function createPlan(ctx: Pick<Ctx, "post">, overrides: Record<string, unknown> = {}) {
  const res = await ctx.post("/v1/subscriptions/plans", planBody(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
