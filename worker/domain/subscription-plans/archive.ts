/**
 * POST /v1/subscriptions/plans/{id}/archive: an ACTIVE plan becomes ARCHIVED (its subscriptions
 * go on; new ones are refused). An ARCHIVED plan is answered as it is (idempotent: a retry is a
 * 200, not a 409). A plan of another seller or mode is 404.
 */
import type { Platform } from "../../platform";
import { notFound } from "../../lib/problem";
import type { Plan } from "../../schemas/subscription-plan";
import type { Scope } from "../scope";
import { movePlan, readPlan } from "./store";
import { toPlan } from "./serialize";

/** Archives plan `id` of `scope`; the plan after it. */
export async function archivePlan(platform: Platform, scope: Scope, id: string): Promise<Plan> {
  // Two rounds at most: a lost race is to another archive, and the second read sees it ARCHIVED.
  for (let round = 0; round < 2; round++) {
    const current = await readPlan(platform.db, scope, id);
    if (!current) throw notFound("subscription plan", id);
    const moved = await movePlan(platform, current, "archive");
    if (moved) return toPlan(moved);
  }
  const plan = await readPlan(platform.db, scope, id);
  if (!plan) throw notFound("subscription plan", id);
  return toPlan(plan);
}
