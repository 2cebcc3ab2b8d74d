/**
 * Settlement and chargeback schemas: the resources as returned, their list filters, and the
 * sandbox bodies that force a settlement run or open a chargeback (docs/settlements.md).
 */
import { z } from "@hono/zod-openapi";
import { PageQuery } from "../lib/pagination";
import { Amount } from "./transaction";
import { CHARGEBACK_EXAMPLE, SETTLEMENT_EXAMPLE, SETTLEMENT_RUN_RESULT_EXAMPLE } from "./examples/settlements";

/** A settlement's statuses: SCHEDULED while a payout is on its way, PAID once made. */
export const SETTLEMENT_STATUSES = ["SCHEDULED", "PAID"] as const;

/** A chargeback's statuses: OPEN when received; WON or LOST once the dispute ends. */
export const CHARGEBACK_STATUSES = ["OPEN", "WON", "LOST"] as const;

/**
 * The reason codes a sandbox chargeback may carry, each with the sentence stored beside it and
 * the card networks' codes it stands for (for orientation: Visa / Mastercard).
 */
export const CHARGEBACK_REASONS = {
  fraud: "The cardholder says they did not authorize the payment (Visa 10.4, Mastercard 4837).",
  duplicate: "The payment was processed more than once (Visa 12.6.1, Mastercard 4834).",
  product_not_received: "The cardholder did not receive what was paid for (Visa 13.1, Mastercard 4855).",
  product_unacceptable: "What was received was defective or not as described (Visa 13.3, Mastercard 4853).",
  credit_not_processed: "A refund the cardholder was promised was not processed (Visa 13.6, Mastercard 4860).",
  subscription_canceled: "A recurring payment was charged after it was cancelled (Visa 13.2, Mastercard 4841).",
  general: "Another reason given by the issuer.",
} as const;
export type ChargebackReasonCode = keyof typeof CHARGEBACK_REASONS;

/** The reason of a chargeback opened without one. */
export const DEFAULT_CHARGEBACK_REASON: ChargebackReasonCode = "fraud";
const REASON_CODES = Object.keys(CHARGEBACK_REASONS) as [ChargebackReasonCode, ...ChargebackReasonCode[]];

/** A settlement as returned. */
export const SettlementSchema = z
  .object({
    id: z.uuid(),
    sellerId: z.uuid(),
    status: z.enum(SETTLEMENT_STATUSES),
    currency: z.string().openapi({ example: "BRL" }),
    dueDate: z.iso.date().openapi({ description: "The UTC day the settlement was due (and made): YYYY-MM-DD." }),
    transactionCount: z.number().int().openapi({ description: "How many transactions it settles (0 when it only deducts refunds or chargebacks)." }),
    grossAmount: z.number().int().openapi({ description: "Σ amount of its transactions, in the currency's minor unit." }),
    feeAmount: z.number().int().openapi({ description: "Σ fee of its transactions." }),
    refundedAmount: z.number().int().openapi({ description: "Σ completed refunds it deducts." }),
    chargebackAmount: z.number().int().openapi({ description: "Σ chargebacks it deducts." }),
    netAmount: z
      .number()
      .int()
      .openapi({ description: "gross − fee − refunded − chargeback: what is paid out. Negative: a debit the seller owes." }),
    paidAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    livemode: z.boolean(),
  })
  .openapi("Settlement", { example: SETTLEMENT_EXAMPLE });

/** Query of GET /v1/settlements: the page, and optionally one status. */
export const SettlementListQuery = PageQuery.extend({
  status: z
    .enum(SETTLEMENT_STATUSES, { error: `must be one of ${SETTLEMENT_STATUSES.join(", ")}` })
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
});

/** Body of POST /v1/sandbox/settlements/run (optional). */
export const SettlementRunSchema = z
  .strictObject({
    asOf: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-12-31T12:00:00Z" })
      .optional()
      .openapi({ description: "Settle as if today were this UTC day: not in the past, at most 366 days ahead. Default: now." }),
  })
  .openapi("SettlementRun");

/** What a sandbox run paid. */
export const SettlementRunResultSchema = z.object({ items: z.array(SettlementSchema) }).openapi("SettlementRunResult", { example: SETTLEMENT_RUN_RESULT_EXAMPLE });

/** A chargeback as returned. */
export const ChargebackSchema = z
  .object({
    id: z.uuid(),
    transactionId: z.uuid(),
    sellerId: z.uuid(),
    status: z.enum(CHARGEBACK_STATUSES),
    amount: z.number().int(),
    currency: z.string().openapi({ example: "BRL" }),
    reasonCode: z.enum(REASON_CODES),
    reason: z.string(),
    settlementId: z.uuid().nullable().openapi({ description: "The settlement that deducted it; null until one does." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    livemode: z.boolean(),
  })
  .openapi("Chargeback", { example: CHARGEBACK_EXAMPLE });

/** Body of POST /v1/sandbox/transactions/{id}/chargeback (optional). */
export const ChargebackCreateSchema = z
  .strictObject({
    amount: Amount.optional().openapi({ description: "Default: the whole amount not yet refunded or charged back." }),
    reasonCode: z
      .enum(REASON_CODES, { error: `must be one of ${REASON_CODES.join(", ")}` })
      .optional()
      .openapi({ description: `One of ${REASON_CODES.join(", ")}; default ${DEFAULT_CHARGEBACK_REASON}.` }),
  })
  .openapi("ChargebackCreate");

export type Settlement = z.infer<typeof SettlementSchema>;
export type Chargeback = z.infer<typeof ChargebackSchema>;
export type ChargebackCreate = z.infer<typeof ChargebackCreateSchema>;
