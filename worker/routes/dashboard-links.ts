/**
 * The dashboard's payment links (docs/dashboard.md): the member's seller's links of the chosen
 * mode, listed and read as its secret key would see them, created with the body of POST
 * /v1/payment-links, activated and deactivated. The same domain functions as /v1; every change
 * writes an audit row. Invalid link data is 422 INVALID_DATA naming the field, as /v1 answers it,
 * so the interface reads one shape whether the schema or a link rule refused it. A link's held uses
 * (its charges waiting to be paid) are listed and released as /v1 does (payment-links/held-uses.ts).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { PAYMENT_LINK_STATUSES } from "../../shared/payments";
import { createPaymentLink } from "../domain/payment-links/create";
import { listHeldUses, releaseHeldUse } from "../domain/payment-links/held-uses";
import { listPaymentLinks } from "../domain/payment-links/list";
import { toPaymentLink } from "../domain/payment-links/serialize";
import { readLink } from "../domain/payment-links/store";
import { setLinkStatus } from "../domain/payment-links/update";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, requirePermission } from "../http/dashboard-session";
import { PageQuery } from "../lib/pagination";
import { ApiError, notFound } from "../lib/problem";
import { validationError } from "../lib/validation";
import { ResourceId } from "../schemas/ids";
import { PaymentLinkCreateSchema, type PaymentLinkCreate } from "../schemas/payment-link";
import { dashboardBody, dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  list: declarePage("GET", "/dashboard/api/payment-links", member(200, 400)),
  one: declarePage("GET", "/dashboard/api/payment-links/:id", member(200, 400, 404)),
  create: declarePage("POST", "/dashboard/api/payment-links", member(201, 400, 422)),
  activate: declarePage("POST", "/dashboard/api/payment-links/:id/activate", member(200, 400, 404, 409)),
  deactivate: declarePage("POST", "/dashboard/api/payment-links/:id/deactivate", member(200, 400, 404, 409)),
  holds: declarePage("GET", "/dashboard/api/payment-links/:id/holds", member(200, 400, 404)),
  release: declarePage("POST", "/dashboard/api/payment-links/:id/holds/:transactionId/release", member(200, 400, 404, 409)),
};

/** `mode` is read by dashboardScope; listed here so the strict query lets it through. */
const ListQuery = PageQuery.extend({ status: z.enum(PAYMENT_LINK_STATUSES, { error: `must be one of ${PAYMENT_LINK_STATUSES.join(", ")}` }).optional(), mode: z.string().optional() }).strict();
const HoldsQuery = PageQuery.extend({ mode: z.string().optional() }).strict();

/** The create body as /v1 reads it: its failures are the spec's 422 INVALID_DATA, not a 400. */
async function createBody(c: Context<AppEnv>): Promise<PaymentLinkCreate> {
  try {
    return await dashboardBody(c, PaymentLinkCreateSchema);
  } catch (error) {
    if (error instanceof ApiError && error.code === "VALIDATION_FAILED" && error.errors) throw validationError(error.errors, "INVALID_DATA");
    throw error;
  }
}

const managed = (c: Context<AppEnv>) => ({ targetType: "payment_link", targetId: c.req.param("id") ?? "" });

/** Activates or deactivates the link, and audits the move. */
const move = (trigger: "activate" | "deactivate") => async (c: Context<AppEnv>) => {
  const id = pathId(c, "payment link");
  const scope = dashboardScope(c);
  const link = await setLinkStatus(c.get("platform"), scope, id, trigger);
  const details = { status: link.status, livemode: scope.livemode };
  await audit(c, { action: `payment_link.${trigger}`, outcome: "ok", targetType: "payment_link", targetId: id, details });
  return c.json(link, 200);
};

/** The payment links routes. */
export const dashboardLinksRoutes = new Hono<AppEnv>()
  .get(paths.list, requirePermission("links.read"), async (c) => {
    const { mode: _mode, ...query } = dashboardQuery(c, ListQuery);
    const scope = dashboardScope(c);
    return c.json(await listPaymentLinks(c.get("platform"), scope, scope.sellerId, query), 200);
  })
  .get(paths.one, requirePermission("links.read"), async (c) => {
    const id = pathId(c, "payment link");
    const platform = c.get("platform");
    const state = await readLink(platform, id, dashboardScope(c));
    if (!state) throw notFound("payment link", id);
    return c.json(toPaymentLink(state, platform.config.baseUrl), 200);
  })
  .post(paths.create, requirePermission("links.manage"), async (c) => {
    const scope = dashboardScope(c);
    const body = await createBody(c);
    // Not idempotent, as POST /v1/payment-links is not: the interface disables its button while it waits.
    const link = await createPaymentLink(c.get("platform"), scope, body);
    await audit(c, { action: "payment_link.create", outcome: "ok", targetType: "payment_link", targetId: link.id, details: { name: body.name, status: link.status, livemode: scope.livemode } });
    return c.json(link, 201);
  })
  .post(paths.activate, requirePermission("links.manage", managed), move("activate"))
  .post(paths.deactivate, requirePermission("links.manage", managed), move("deactivate"))
  .get(paths.holds, requirePermission("links.read"), async (c) => {
    const id = pathId(c, "payment link");
    const { mode: _mode, ...query } = dashboardQuery(c, HoldsQuery);
    return c.json(await listHeldUses(c.get("platform"), dashboardScope(c), id, query), 200);
  })
  .post(paths.release, requirePermission("links.manage", managed), async (c) => {
    const id = pathId(c, "payment link");
    const transactionId = ResourceId.safeParse(c.req.param("transactionId"));
    if (!transactionId.success) throw notFound("transaction", c.req.param("transactionId") ?? "");
    const scope = dashboardScope(c);
    const released = await releaseHeldUse(c.get("platform"), scope, id, transactionId.data);
    const details = { transactionId: transactionId.data, reservedUses: released.paymentLink.reservedUses, livemode: scope.livemode };
    await audit(c, { action: "payment_link.release_hold", outcome: "ok", targetType: "payment_link", targetId: id, details });
    return c.json(released, 200);
  });
