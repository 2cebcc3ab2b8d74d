/**
 * The dashboard's subscriptions (docs/dashboard.md): the member's seller's subscriptions of the
 * chosen mode, listed with /v1's filters, one with its invoices, and a cancel (now, or at the
 * period's end) for the profiles allowed to, audited. The same domain functions as /v1, the reads
 * naming the buyer and plan (domain/subscriptions/named.ts: one joined query a page); an
 * invalid cancel body is 422 INVALID_DATA naming the field, as /v1 answers it.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "../../shared/subscriptions";
import { cancelSubscription, listInvoices } from "../domain/subscriptions/manage";
import { getNamedSubscription, listNamedSubscriptions } from "../domain/subscriptions/named";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, requirePermission } from "../http/dashboard-session";
import { PageQuery } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { validationError } from "../lib/validation";
import { ResourceId } from "../schemas/ids";
import { SubscriptionCancelSchema } from "../schemas/subscription";
import { dashboardBody, dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  list: declarePage("GET", "/dashboard/api/subscriptions", member(200, 400)),
  one: declarePage("GET", "/dashboard/api/subscriptions/:id", member(200, 400, 404)),
  cancel: declarePage("POST", "/dashboard/api/subscriptions/:id/cancel", member(200, 400, 404, 409, 422)),
};

const ListQuery = PageQuery.extend({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: `must be one of ${SUBSCRIPTION_STATUSES.join(", ")}` }).optional(),
  planId: ResourceId.optional(),
  buyerId: ResourceId.optional(),
  // Read by dashboardScope; listed so the strict query lets it through.
  mode: z.string().optional(),
}).strict();
/** One subscription: `page`, `size` and `cursor` page its invoices, as GET /v1/subscriptions/{id}/invoices does. */
const OneQuery = PageQuery.extend({ mode: z.string().optional() }).strict();

/** The cancel body as /v1 reads it (`{}` when empty): its failures are the spec's 422 INVALID_DATA. */
async function cancelBody(c: Context<AppEnv>): Promise<{ atPeriodEnd?: boolean }> {
  try {
    return await dashboardBody(c, SubscriptionCancelSchema);
  } catch (error) {
    if (error instanceof ApiError && error.code === "VALIDATION_FAILED" && error.errors) throw validationError(error.errors, "INVALID_DATA");
    throw error;
  }
}

/** The subscriptions routes. */
export const dashboardSubscriptionsRoutes = new Hono<AppEnv>()
  .get(paths.list, requirePermission("subscriptions.read"), async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, ListQuery);
    return c.json(await listNamedSubscriptions(c.get("platform"), dashboardScope(c), query), 200);
  })
  .get(paths.one, requirePermission("subscriptions.read"), async (c) => {
    const id = pathId(c, "subscription");
    const { mode: _mode, ...page } = dashboardQuery(c, OneQuery);
    const scope = dashboardScope(c);
    const platform = c.get("platform");
    // Both read the subscription in the member's scope: another seller's is a 404 from either.
    const [subscription, invoices] = await Promise.all([getNamedSubscription(platform, scope, id), listInvoices(platform, scope, id, page)]);
    return c.json({ ...subscription, invoices }, 200);
  })
  .post(paths.cancel, requirePermission("subscriptions.manage", (c) => ({ targetType: "subscription", targetId: c.req.param("id") ?? "" })), async (c) => {
    const id = pathId(c, "subscription");
    const scope = dashboardScope(c);
    const { atPeriodEnd } = await cancelBody(c);
    const platform = c.get("platform");
    const subscription = await cancelSubscription(platform, scope, id, atPeriodEnd === true);
    const details = { atPeriodEnd: atPeriodEnd === true, status: subscription.status, livemode: scope.livemode };
    await audit(c, { action: "subscription.cancel", outcome: "ok", targetType: "subscription", targetId: id, details });
    return c.json(subscription, 200);
  });
