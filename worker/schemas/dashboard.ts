/**
 * Dashboard schemas: the period (`from`, `to`, `timeZone`) both dashboards take, the commission summary (the
 * spec's "Commission summary") and a seller's overview. The figures are defined in
 * docs/dashboards.md; the descriptions here are the short form.
 */
import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from "../../shared/payments";
import { TimeZone } from "./time-zone";
import { Currency } from "./transaction";
import { COMMISSION_SUMMARY_EXAMPLE, SELLER_OVERVIEW_EXAMPLE } from "./examples/settlements";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** Instants outside these years are refused: none is a real period, and 10000 has no ISO form here. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 0, 1);

/**
 * True for an ISO 8601 date (`2026-11-01`) or a date-time with `Z` or an offset, on a day that
 * exists (V8 would read 2026-02-30 as 2 March, so the date part must survive a round trip),
 * from 1970 to 9998.
 */
export function isPeriodInstant(value: string): boolean {
  if (!DATE.test(value) && !DATE_TIME.test(value)) return false;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms < EARLIEST || ms >= LATEST) return false;
  const day = value.slice(0, 10);
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
}

const instant = (name: "from" | "to", description: string) =>
  z
    .string()
    .max(40, "must be an ISO 8601 date or date-time")
    .refine(isPeriodInstant, { message: "must be an ISO 8601 date (2026-11-01, meaning 00:00 in timeZone) or date-time with Z or an offset (2026-11-01T12:00:00-03:00), from 1970 to 9998", params: { code: "invalid_format" } })
    .optional()
    .openapi({
      param: { name, in: "query" },
      example: name === "from" ? "2026-11-01" : "2026-12-01",
      description: `${description} An ISO 8601 date (00:00 that day in \`timeZone\`) or a date-time with Z or an offset.`,
    });

const currency = Currency.optional()
  .transform((v) => v ?? "BRL")
  .openapi({ param: { name: "currency", in: "query" }, type: "string", default: "BRL", description: "Only transactions in this currency count (ISO 4217); default BRL." });

/** Query of both dashboards: the half-open period [from, to), the zone of its days and the currency. */
export const DashboardQuerySchema = z.object({
  from: instant("from", "Start of the period, inclusive. Default: `to` − 30 days. The period may not exceed 366 days."),
  to: instant("to", "End of the period, exclusive. Default: now."),
  timeZone: TimeZone.optional().openapi({
    param: { name: "timeZone", in: "query" },
    description: "The IANA time zone whose days count (`daily`) and where a date starts. Default: the seller's setting (GET /v1/sellers/{sellerId}/settings), America/Sao_Paulo unless changed.",
  }),
  currency,
});

const timeZoneField = z.string().openapi({ example: "America/Sao_Paulo", description: "The IANA time zone of the period's days." });

/** The spec's Commission summary, plus the currency it is in. */
export const CommissionSummarySchema = z
  .object({
    companyId: z.uuid(),
    currency: z.string().openapi({ example: "BRL" }),
    totalCommissionCents: z.number().int().openapi({ description: "Σ fee of the sub-sellers' transactions paid in the period." }),
    rebornShareCents: z.number().int().openapi({ description: "The platform's share: Σ per transaction of round-half-up(fee × plan's platformShareBps / 10 000)." }),
    parentNetCents: z.number().int().openapi({ description: "totalCommissionCents − rebornShareCents: what the company keeps." }),
    pendingParentNetCents: z.number().int().openapi({ description: "The part of parentNetCents from transactions not yet settled." }),
    transactionCount: z.number().int().openapi({ description: "Transactions paid in the period." }),
    periodFrom: z.iso.datetime(),
    periodTo: z.iso.datetime(),
    timeZone: timeZoneField,
  })
  .openapi("CommissionSummary", { example: COMMISSION_SUMMARY_EXAMPLE });

const CountAmount = z.object({ count: z.number().int(), amount: z.number().int() });
const MethodFigures = CountAmount.extend({
  paidCount: z.number().int().openapi({ description: "Of `count`, those paid (PAID, REFUND_PENDING or REFUNDED)." }),
  paidAmount: z.number().int(),
});
const DayFigures = z.object({
  date: z.iso.date().openapi({ description: "The day in `timeZone`." }),
  count: z.number().int(),
  volume: z.number().int(),
  paidCount: z.number().int(),
  paidAmount: z.number().int(),
});

/** One seller's overview of the transactions created in a period. */
export const SellerOverviewSchema = z
  .object({
    sellerId: z.uuid(),
    periodFrom: z.iso.datetime(),
    periodTo: z.iso.datetime(),
    timeZone: timeZoneField,
    currency: z.string().openapi({ example: "BRL" }),
    totals: z.object({ count: z.number().int(), volume: z.number().int() }).openapi({ description: "Every transaction created in the period, whatever its status." }),
    byStatus: z.object(Object.fromEntries(TRANSACTION_STATUSES.map((s) => [s, CountAmount])) as Record<(typeof TRANSACTION_STATUSES)[number], typeof CountAmount>),
    byPaymentMethod: z.object(Object.fromEntries(PAYMENT_METHODS.map((m) => [m, MethodFigures])) as Record<(typeof PAYMENT_METHODS)[number], typeof MethodFigures>),
    approvalRate: z
      .number()
      .nullable()
      .openapi({ example: 0.6667, description: "paid / (paid + FAILED), a fraction rounded half up to 4 decimal places; null when there is neither." }),
    refunds: CountAmount.openapi({ description: "COMPLETED refunds completed in the period (of any of the seller's transactions)." }),
    fees: z.number().int().openapi({ description: "Σ fee of the paid transactions created in the period." }),
    net: z.number().int().openapi({ description: "Σ net of the paid transactions created in the period − refunds.amount; may be negative." }),
    daily: z.array(DayFigures).openapi({ description: "One entry per day of `timeZone` the period touches, oldest first, days without transactions included." }),
  })
  .openapi("SellerOverview", { example: SELLER_OVERVIEW_EXAMPLE });
