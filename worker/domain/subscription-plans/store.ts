/**
 * Reading a plan in a caller's scope, and committing its moves (machine.ts). A move is one
 * guarded UPDATE (the status read must still be current); plans have no events, so there is no
 * outbox batch. A plan of another seller or mode reads as none (404 to the route).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subscriptionPlans } from "../../db/schema";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { PLAN_MACHINE, type PlanTrigger } from "./machine";
import type { PlanRow } from "./serialize";

export type { PlanRow };

/** Plan `id` of the scope's seller and mode, or null (unknown, another seller's, another mode's). */
export async function readPlan(db: Db, scope: Scope, id: string): Promise<PlanRow | null> {
  const p = subscriptionPlans;
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, id), eq(p.sellerId, scope.sellerId), eq(p.livemode, scope.livemode)))
    .limit(1);
  return row ?? null;
}

/**
 * Commits `trigger` from `current`: the plan after it, or null when the plan changed since it was
 * read. A move to the same status writes nothing and answers the plan as it is. 409 when the
 * machine has no such move.
 */
export async function movePlan(platform: Platform, current: PlanRow, trigger: PlanTrigger): Promise<PlanRow | null> {
  const move = PLAN_MACHINE.require(current.status, trigger);
  if (move.to === current.status) return current;
  const p = subscriptionPlans;
  const [moved] = await platform.db
    .update(p)
    .set({ status: move.to, updatedAt: platform.now().toISOString() })
    .where(and(eq(p.id, current.id), eq(p.status, current.status)))
    .returning();
  return moved ?? null;
}
