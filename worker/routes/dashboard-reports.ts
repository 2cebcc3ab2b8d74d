/**
 * The dashboard's reports (docs/dashboard.md): the overview of the member's own seller (the
 * figures of GET /v1/sellers/{id}/dashboard/overview, defined in docs/dashboards.md; `days=7`
 * asks for the last 7 days of the seller's time zone, today included) and its
 * settlements (GET /v1/settlements), in the chosen mode. Read-only: nothing here is audited.
 */
import { Hono } from "hono";
import { z } from "zod";
import { sellerOverview } from "../domain/dashboards/overview";
import { MAX_PERIOD_DAYS } from "../domain/dashboards/period";
import { listSettlements } from "../domain/settlements/read";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { dashboardScope, requirePermission } from "../http/dashboard-session";
import { DashboardQuerySchema } from "../schemas/dashboard";
import { SettlementListQuery } from "../schemas/settlement";
import { dashboardQuery } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  overview: declarePage("GET", "/dashboard/api/overview", member(200, 400)),
  settlements: declarePage("GET", "/dashboard/api/settlements", member(200, 400)),
};

/**
 * /v1's period (`from`, `to`, `timeZone`, `currency`), or `days` in place of from and to; `mode`
 * is read by dashboardScope. The seller is always the member's own.
 */
const OverviewQuery = DashboardQuerySchema.extend({
  mode: z.string().optional(),
  // One day short of the longest period: a year of local days may hold an extra DST hour.
  days: z.coerce.number().int().min(1).max(MAX_PERIOD_DAYS - 1).optional(),
})
  .strict()
  .superRefine((q, ctx) => {
    if (q.days !== undefined && (q.from !== undefined || q.to !== undefined)) {
      ctx.addIssue({ code: "custom", params: { code: "conflicting_fields" }, path: ["days"], message: "is sent in place of from and to, not with them" });
    }
  });
const SettlementsQuery = SettlementListQuery.extend({ mode: z.string().optional() }).strict();

/** The reports routes. */
export const dashboardReportsRoutes = new Hono<AppEnv>()
  .get(paths.overview, requirePermission("reports.read"), async (c) => {
    const { currency, mode: _mode, days, ...period } = dashboardQuery(c, OverviewQuery);
    const scope = dashboardScope(c);
    const platform = c.get("platform");
    return c.json(await sellerOverview(platform.db, scope, scope.sellerId, { ...period, lastDays: days }, platform.now(), currency), 200);
  })
  .get(paths.settlements, requirePermission("settlements.read"), async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, SettlementsQuery);
    return c.json(await listSettlements(c.get("platform").db, dashboardScope(c), query), 200);
  });
