/**
 * Subscriptions as the dashboard shows them (docs/dashboard.md): /v1's Subscription plus the
 * buyer and the plan it names (their names and the amount, not ids) and the day of its next
 * charge. A page is one statement: the subscriptions joined with their buyers and plans, with the
 * page's count in the same batch (no query per row). Scoped as /v1's list is: the join starts from
 * the scope's subscriptions, whose buyer and plan are the same seller's by construction.
 */
import { withPixAutomatico } from "../pix-automatico/store";
import { and, count, desc, eq } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import { buyers, subscriptionPlans, subscriptions } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page } from "../../lib/pagination";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Subscription } from "../../schemas/subscription";
import type { Scope } from "../scope";
import type { PlanRow } from "../subscription-plans/serialize";
import { period } from "./calendar";
import { subscriptionsMatching, type SubscriptionListQuery } from "./manage";
import { cadenceOf } from "./rules";
import { toSubscription, type SubscriptionRow } from "./store";

/** A subscription with the buyer's and the plan's names and its next charge. */
export type NamedSubscription = Subscription & {
  buyer: { id: string; name: string; email: string };
  plan: Pick<PlanRow, "id" | "name" | "amount" | "currency" | "billingInterval" | "intervalCount">;
  /**
   * When the next invoice is due (the start of the next period: a card is charged then, a PIX
   * invoice, issued 3 days before, falls due then); null when none will be: cancelled, or ending
   * at the period's end.
   */
  nextChargeAt: string | null;
};

const columns = {
  sub: subscriptions,
  buyer: { id: buyers.id, name: buyers.name, email: buyers.email },
  plan: {
    id: subscriptionPlans.id,
    name: subscriptionPlans.name,
    amount: subscriptionPlans.amount,
    currency: subscriptionPlans.currency,
    billingInterval: subscriptionPlans.billingInterval,
    intervalCount: subscriptionPlans.intervalCount,
  },
};
type Joined = { sub: SubscriptionRow; buyer: NamedSubscription["buyer"]; plan: NamedSubscription["plan"] };

/** The joined row as the dashboard answers it. */
function named({ sub, buyer, plan }: Joined): NamedSubscription {
  const charges = sub.nextBillingAt !== null && !sub.cancelAtPeriodEnd && sub.status !== "CANCELLED";
  const nextChargeAt = charges ? period(sub.billingAnchor, cadenceOf(plan), sub.periodsBilled).start : null;
  return { ...toSubscription(sub), buyer, plan, nextChargeAt };
}

/** The scope's subscriptions joined with their buyer and plan, `where`. */
function joined(platform: Platform, where: ReturnType<typeof and>) {
  return platform.db
    .select(columns)
    .from(subscriptions)
    .innerJoin(buyers, eq(buyers.id, subscriptions.buyerId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(where);
}

/** GET /dashboard/api/subscriptions: /v1's list (same filters, order and envelope), each named. */
export async function listNamedSubscriptions(platform: Platform, scope: Scope, query: SubscriptionListQuery): Promise<Page<NamedSubscription>> {
  const s = subscriptions;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, s.createdAt, s.id);
  const where = subscriptionsMatching(scope, query);
  const [rows, [total]] = await platform.db.batch([
    joined(platform, and(where, after)).orderBy(desc(s.createdAt), desc(s.id)).limit(pageLimit(start, query.size)).offset(offset),
    platform.db.select({ n: count() }).from(s).where(where),
  ]);
  const page = pageOf(
    rows.map((r) => ({ ...r, id: r.sub.id, createdAt: r.sub.createdAt })),
    total?.n ?? 0,
    start,
    query.size,
  );
  return { ...page, items: await withPixAutomatico(platform.db, platform.config.baseUrl, page.items.map(named)) };
}

/** GET /dashboard/api/subscriptions/{id}: the scope's subscription, named, else 404. */
export async function getNamedSubscription(platform: Platform, scope: Scope, id: string): Promise<NamedSubscription> {
  const [row] = await joined(platform, and(eq(subscriptions.id, id), subscriptionsMatching(scope))).limit(1);
  if (!row) throw notFound("subscription", id);
  const [one] = await withPixAutomatico(platform.db, platform.config.baseUrl, [named(row)]);
  return one!;
}
