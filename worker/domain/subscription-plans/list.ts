/**
 * GET /v1/subscriptions/plans: the caller's plans of its mode, newest first, a page at a time (the
 * spec's envelope, `nextCursor` for deep pages), with an optional `status`. The page and its count
 * are one batch, over the (seller, mode, createdAt, id) index.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import { subscriptionPlans } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import type { Plan } from "../../schemas/subscription-plan";
import type { Scope } from "../scope";
import type { PlanStatus } from "./machine";
import { toPlan } from "./serialize";

/** One page of the scope's plans. */
export async function listPlans(platform: Platform, scope: Scope, query: PageParams & { status?: PlanStatus }): Promise<Page<Plan>> {
  const p = subscriptionPlans;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, p.createdAt, p.id);
  const mine = and(eq(p.sellerId, scope.sellerId), eq(p.livemode, scope.livemode), query.status ? eq(p.status, query.status) : undefined);
  const [rows, [total]] = await platform.db.batch([
    platform.db.select().from(p).where(and(mine, after)).orderBy(desc(p.createdAt), desc(p.id)).limit(pageLimit(start, query.size)).offset(offset),
    platform.db.select({ n: count() }).from(p).where(mine),
  ]);
  const page = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...page, items: page.items.map(toPlan) };
}
