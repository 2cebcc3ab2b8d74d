/** Fixtures of the fee plan and payments config tests: a plan body, a sub-seller, and a plan attached to a seller. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { sellers } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import type { Ctx } from "./transactions";

/** A valid plan: every method, two surcharges, a platform share. */
export function planBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Marketplace padrão",
    fees: {
      PIX: { percentBps: 80, fixedCents: 0 },
      CREDIT_CARD: { percentBps: 299, fixedCents: 50 },
      DEBIT_CARD: { percentBps: 150, fixedCents: 10 },
    },
    installmentSurchargesBps: { "3": 200, "12": 900 },
    platformShareBps: 2500,
    ...overrides,
  };
}

/** Creates a plan as the context's seller (201) and returns it. */
export async function createPlan(ctx: Pick<Ctx, "post">, overrides: Record<string, unknown> = {}) {
  const res = await ctx.post("/v1/fee-plans", planBody(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** A sub-seller of the context's company (a seller row with parent_id), with its keys. */
export async function createSubSeller(ctx: Ctx) {
  const sub = await createCompanySeller(ctx.platform.db, { legalName: "Sub Loja", email: "sub@example.com", city: "Recife" }, ctx.platform.now());
  await ctx.platform.db.update(sellers).set({ parentId: ctx.seller.sellerId, livemode: false }).where(eq(sellers.id, sub.sellerId));
  return sub;
}

/** Puts a seller on a plan, as the sub-seller API does when it assigns `feePlanId`. */
export async function assignPlan(ctx: Ctx, sellerId: string, planId: string) {
  await ctx.platform.db.update(sellers).set({ feePlanId: planId }).where(eq(sellers.id, sellerId));
}
