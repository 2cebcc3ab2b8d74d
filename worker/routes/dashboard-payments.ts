/**
 * The dashboard's payments (docs/dashboard.md): the list and one payment as the member's seller's
 * secret key of the chosen mode would see them (searched by the keys of search-filter.ts, and exported
 * as a streamed CSV file; one payment with its `money`: payment-money.ts), its timeline (events,
 * webhook deliveries), and a refund for the profiles allowed to. The same
 * domain functions as /v1; the refund is idempotent on the interface's Idempotency-Key, kept apart
 * from the seller's own keys, and its audit row is derived from that key.
 */
import { Hono } from "hono";
import { z } from "zod";
import { paymentMoney } from "../domain/dashboard/payment-money";
import { paymentTimeline } from "../domain/dashboard/payment-timeline";
import { runIdempotently } from "../domain/idempotency/run";
import { exportCsv } from "../domain/transactions/export-csv";
import { listTransactions } from "../domain/transactions/list-transactions";
import { refundTransaction } from "../domain/transactions/refund-transaction";
import { readTransactionJson } from "../domain/transactions/store";
import { declarePage } from "../http/access";
import type { AppEnv } from "../http/context";
import { audit, dashboardScope, memberOf, requirePermission } from "../http/dashboard-session";
import { sha256Hex } from "../lib/crypto";
import { PageQuery } from "../lib/pagination";
import { notFound } from "../lib/problem";
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../db/schema";
import { PaymentSearchQuery } from "../schemas/payment-search";
import { RefundCreateSchema } from "../schemas/transaction";
import { dashboardBody, dashboardQuery, pathId } from "./dashboard-body";
import { member } from "./dashboard-answers";

const paths = {
  list: declarePage("GET", "/dashboard/api/payments", member(200, 400)),
  export: declarePage("GET", "/dashboard/api/payments/export", member(200, 400)),
  one: declarePage("GET", "/dashboard/api/payments/:id", member(200, 400, 404)),
  timeline: declarePage("GET", "/dashboard/api/payments/:id/timeline", member(200, 400, 404)),
  refund: declarePage("POST", "/dashboard/api/payments/:id/refunds", member(200, 201, 400, 404, 409)),
};

const moment = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, such as 2026-01-15T12:00:00Z" }).transform((v) => new Date(v).toISOString());
const cents = z.coerce.number({ error: "must be an amount in cents" }).int("must be an amount in cents").min(0, "must be at least 0");
/** The list of /v1 (page, size, cursor, status, search keys) and the dashboard's search (docs/dashboard.md). */
const ListQuery = PageQuery.extend({
  status: z.enum(TRANSACTION_STATUSES, { error: `must be one of ${TRANSACTION_STATUSES.join(", ")}` }).optional(),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: `must be one of ${PAYMENT_METHODS.join(", ")}` }).optional(),
  from: moment.optional(),
  to: moment.optional(),
  minAmount: cents.optional(),
  maxAmount: cents.optional(),
  email: z.string().max(320, "is at most 320 characters").optional(),
  ...PaymentSearchQuery.shape,
  mode: z.string().optional(),
}).strict();
/** The export takes the list's filters, not its position. */
const ExportQuery = ListQuery.omit({ page: true, size: true, cursor: true });
const RefundKey = z.object({ "idempotency-key": z.string().min(1).max(255) });

/** The payments routes. */
export const dashboardPaymentsRoutes = new Hono<AppEnv>()
  .get(paths.list, requirePermission("payments.read"), async (c) => {
    const { mode: _mode, from, to, ...query } = dashboardQuery(c, ListQuery);
    return c.body(await listTransactions(c.get("platform"), dashboardScope(c), { ...query, createdFrom: from, createdTo: to }), 200, { "Content-Type": "application/json" });
  })
  // Before `:id`, which would read "export" as an id. Streamed: see export-csv.ts.
  .get(paths.export, requirePermission("payments.read"), async (c) => {
    const { mode: _mode, from, to, ...query } = dashboardQuery(c, ExportQuery);
    const scope = dashboardScope(c);
    const day = c.get("platform").now().toISOString().slice(0, 10);
    return c.body(await exportCsv(c.get("platform"), scope, { ...query, createdFrom: from, createdTo: to }), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pagamentos-${scope.livemode ? "live" : "test"}-${day}.csv"`,
    });
  })
  .get(paths.one, requirePermission("payments.read"), async (c) => {
    const id = pathId(c, "transaction");
    const platform = c.get("platform");
    const json = await readTransactionJson(platform, id, dashboardScope(c));
    if (json === null) throw notFound("transaction", id);
    // The /v1 Transaction, with its money (what the buyer paid, fee, refunds, net) beside it.
    return c.json({ ...(JSON.parse(json) as object), money: await paymentMoney(platform.db, id) });
  })
  .get(paths.timeline, requirePermission("payments.read"), async (c) => c.json(await paymentTimeline(c.get("platform"), dashboardScope(c), pathId(c, "transaction"))))
  .post(paths.refund, requirePermission("payments.refund", (c) => ({ targetType: "transaction", targetId: c.req.param("id") ?? "" })), async (c) => {
    const id = pathId(c, "transaction");
    const scope = dashboardScope(c);
    const signed = memberOf(c);
    const body = await dashboardBody(c, RefundCreateSchema);
    const key = RefundKey.safeParse({ "idempotency-key": c.req.header("idempotency-key") });
    const platform = c.get("platform");
    const keyScope = { ...scope, operation: "refunds.create", key: key.success ? key.data["idempotency-key"] : undefined, namespace: `dashboard:${signed.member.id}` };
    const { key: used, result } = await runIdempotently(platform, keyScope, { transactionId: id, ...body }, (request) =>
      refundTransaction(platform, { scope, transactionId: id, amount: body.amount, reason: body.reason, request }),
    );
    const refund = JSON.parse(result.body) as { id: string; amount: number };
    // One row per refund however often the interface retries it: the id comes from its key.
    const auditId = await sha256Hex(`refund:${signed.member.id}:${used}`);
    await audit(c, { action: "payment.refund", outcome: "ok", targetType: "transaction", targetId: id, details: { refundId: refund.id, amount: refund.amount, livemode: scope.livemode } }, auditId);
    const headers = { "Content-Type": "application/json", "Idempotency-Key": used, ...(result.replayed ? { "Idempotent-Replayed": "true" } : {}) };
    return c.body(result.body, result.replayed ? 200 : (result.status as 201), headers);
  });
