/**
 * The dashboard's audit log (docs/dashboard.md): OWNER and ADMIN read it, newest first, by cursor;
 * a test-only member without the rows about live mode.
 */
import { Hono } from "hono";
import { z } from "zod";
import { listAudit } from "../domain/dashboard/audit";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { memberOf, requirePermission } from "../http/dashboard-session";
import { dashboardQuery } from "./dashboard-body";
import { member } from "./dashboard-answers";

const path = declarePage("GET", "/dashboard/api/audit-log", member(200, 400));

const Query = z
  .object({
    size: z.coerce.number({ error: "must be an integer from 1 to 100" }).int("must be an integer from 1 to 100").min(1, "must be at least 1").max(100, "must be at most 100").default(50),
    cursor: z.string().max(512, "is at most 512 characters").optional(),
  })
  .strict();

/** The audit log's route. */
export const dashboardAuditRoutes = new Hono<AppEnv>().get(path, requirePermission("audit.read"), async (c) => {
  const { size, cursor } = dashboardQuery(c, Query);
  const { member } = memberOf(c);
  // A test-only member reads no row about live mode.
  return c.json(await listAudit(c.get("platform"), member.sellerId, size, cursor, member.liveAccess));
});
