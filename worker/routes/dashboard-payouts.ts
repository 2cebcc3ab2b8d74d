/**
 * The dashboard's payouts ("Repasses", docs/dashboard.md): the member's seller's balance and
 * upcoming payouts by day (domain/settlements/balance.ts, the sweep's own rules) and one
 * settlement with a page of the transactions it paid (domain/settlements/lines.ts; the
 * settlement as GET /v1/settlements/{id} answers it, another seller's 404). The list is
 * GET /dashboard/api/settlements (dashboard-reports.ts). Read-only, `settlements.read`.
 */
import { Hono } from "hono";
import { z } from "zod";
import { readBalance } from "../domain/settlements/balance";
import { readSettlementLines } from "../domain/settlements/lines";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { dashboardScope, requirePermission } from "../http/dashboard-session";
import { PageQuery } from "../lib/pagination";
import { dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  balance: declarePage("GET", "/dashboard/api/balance", member(200, 400)),
  one: declarePage("GET", "/dashboard/api/settlements/:id", member(200, 400, 404)),
};

// `mode` is read by dashboardScope; listed so the strict queries let it through.
const BalanceQuery = z.object({ mode: z.string().optional() }).strict();
/** `page`, `size` and `cursor` page the settlement's transactions. */
const OneQuery = PageQuery.extend({ mode: z.string().optional() }).strict();

/** The payouts routes. */
export const dashboardPayoutsRoutes = new Hono<AppEnv>()
  .get(paths.balance, requirePermission("settlements.read"), async (c) => {
    dashboardQuery(c, BalanceQuery);
    const platform = c.get("platform");
    return c.json(await readBalance(platform.db, dashboardScope(c), platform.now()), 200);
  })
  .get(paths.one, requirePermission("settlements.read"), async (c) => {
    const id = pathId(c, "settlement");
    const { mode: _mode, ...page } = dashboardQuery(c, OneQuery);
    return c.json(await readSettlementLines(c.get("platform").db, dashboardScope(c), id, page), 200);
  });
