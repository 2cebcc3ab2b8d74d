/**
 * The dashboard's sub-sellers (docs/dashboard.md), for a company (a seller with no parent): its
 * sub-sellers of the chosen mode with their KYC status, as GET /v1/sellers lists them, and the
 * /v1 status operations, suspend and reactivate, audited. A sub-seller's member gets the 403 a
 * sub-seller's key gets on a company route; another company's sub-seller is a 404, as on /v1.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { sellerProfileOf } from "../domain/api-keys";
import type { Permission } from "../domain/dashboard/permissions";
import { setSuspended } from "../domain/sub-sellers/decide-status";
import { listSubSellers } from "../domain/sub-sellers/list-sub-sellers";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, memberOf, requirePermission } from "../http/dashboard-session";
import { PageQuery } from "../lib/pagination";
import { ApiError } from "../lib/problem";
import { StatusChangeSchema } from "../schemas/seller";
import { dashboardBody, dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  list: declarePage("GET", "/dashboard/api/sub-sellers", member(200, 400)),
  suspend: declarePage("POST", "/dashboard/api/sub-sellers/:id/suspend", member(200, 400, 404, 409)),
  reactivate: declarePage("POST", "/dashboard/api/sub-sellers/:id/reactivate", member(200, 400, 404, 409)),
};

/** `mode` is read by dashboardScope: a sub-seller belongs to the mode that created it. */
const ListQuery = PageQuery.extend({ mode: z.string().optional() }).strict();

/**
 * 403 FORBIDDEN unless the member's seller is a company: the refusal `authenticate` gives a
 * sub-seller's key on /v1's company routes. Checked after the permission, so a profile that may
 * not see sellers at all is told that first; audited as denied, as a refused permission is.
 */
function companyOnly(permission: Permission, target?: (c: Context<AppEnv>) => { targetType: string; targetId: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The profile a key's identity carries: its parentId is what `authenticate` checks.
    const own = await sellerProfileOf(c.get("platform").db, memberOf(c).member.sellerId);
    if (own?.parentId !== null) {
      await audit(c, { action: permission, outcome: "denied", ...target?.(c) });
      throw new ApiError("FORBIDDEN", "Only a company has sub-sellers: this member belongs to a sub-seller.");
    }
    await next();
  };
}

/** Suspends or reactivates the sub-seller, and audits the move. */
const move = (action: "suspend" | "reactivate") => async (c: Context<AppEnv>) => {
  const id = pathId(c, "seller");
  const scope = dashboardScope(c);
  const { reason } = await dashboardBody(c, StatusChangeSchema);
  const platform = c.get("platform");
  const seller = await setSuspended(platform, scope, id, action === "suspend", reason);
  const details = { status: seller.status, livemode: scope.livemode, ...(reason ? { reason } : {}) };
  await audit(c, { action: `sub_seller.${action}`, outcome: "ok", targetType: "seller", targetId: id, details });
  return c.json(seller, 200);
};

const managed = (c: Context<AppEnv>) => ({ targetType: "seller", targetId: c.req.param("id") ?? "" });

/** The sub-sellers routes. */
export const dashboardSellersRoutes = new Hono<AppEnv>()
  .get(paths.list, requirePermission("sellers.read"), companyOnly("sellers.read"), async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, ListQuery);
    return c.json(await listSubSellers(c.get("platform"), dashboardScope(c), query), 200);
  })
  .post(paths.suspend, requirePermission("sellers.manage", managed), companyOnly("sellers.manage", managed), move("suspend"))
  .post(paths.reactivate, requirePermission("sellers.manage", managed), companyOnly("sellers.manage", managed), move("reactivate"));
