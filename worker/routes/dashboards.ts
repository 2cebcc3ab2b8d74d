/**
 * Dashboards: a company's commissions over its sub-sellers, and one seller's overview for charts.
 * The figures are computed in domain/dashboards/ and defined in docs/dashboards.md; the routes
 * only validate the period and answer.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { commissionSummary } from "../domain/dashboards/commissions";
import { sellerOverview } from "../domain/dashboards/overview";
import { scopeOf } from "../http/auth";
import { route } from "../http/access";
import type { AppEnv } from "../http/context";
import { CommissionSummarySchema, DashboardQuerySchema, SellerOverviewSchema } from "../schemas/dashboard";
import { idParam } from "../schemas/ids";
import { jsonResponse as json, problemResponses } from "../schemas/responses";

const common = { tags: ["Dashboards"] };

const commissionsRoute = route({ caller: "company", companyOnly: "Only a company has commissions: this key belongs to a sub-seller." }, {
  ...common,
  method: "get",
  path: "/v1/companies/dashboard/commissions",
  operationId: "getCommissionSummary",
  summary: "The company's commissions on its sub-sellers' payments in a period",
  description:
    "Over the calling company's sub-sellers' transactions in the key's mode and `currency` that were paid in [from, to), " +
    "whatever their status now (a later refund does not return the fee). The platform's share is computed per transaction " +
    "at its fee plan's `platformShareBps`, rounded half up. 403 when the key belongs to a sub-seller. " +
    "Dates: `2026-11-01` (00:00 in `timeZone`, default the company's setting, America/Sao_Paulo unless changed) or a " +
    "date-time with an offset; default the last 30 days; at most 366 days.",
  request: { query: DashboardQuerySchema },
  responses: { 200: json(CommissionSummarySchema, "The commission summary."), ...problemResponses(400, 401, 403) },
});

const overviewRoute = route("secret", {
  ...common,
  method: "get",
  path: "/v1/sellers/{sellerId}/dashboard/overview",
  operationId: "getSellerOverview",
  summary: "A seller's transactions created in a period: by status, method and day",
  description:
    "For the seller itself or its parent company (anyone else: 404), in the key's mode and `currency`. Counts and amounts " +
    "of the transactions created in [from, to); the approval rate; refunds completed in the period; fees and net; and one " +
    "entry per day for charts, days of `timeZone` (default: the seller's setting, America/Sao_Paulo unless changed). " +
    "Same period rules as the commission summary.",
  request: { params: idParam("sellerId"), query: DashboardQuerySchema },
  responses: { 200: json(SellerOverviewSchema, "The overview."), ...problemResponses(400, 401, 404) },
});

/** The routes. */
export const dashboardsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(commissionsRoute, async (c) => {
    const { currency, ...period } = c.req.valid("query");
    const platform = c.get("platform");
    return c.json(await commissionSummary(platform.db, scopeOf(c), period, platform.now(), currency), 200);
  })
  .openapi(overviewRoute, async (c) => {
    const { currency, ...period } = c.req.valid("query");
    const platform = c.get("platform");
    return c.json(await sellerOverview(platform.db, scopeOf(c), c.req.valid("param").sellerId, period, platform.now(), currency), 200);
  });
