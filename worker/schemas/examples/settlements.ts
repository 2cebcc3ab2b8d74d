/**
 * Response examples of settlements, chargebacks and the dashboards:
 * what the /docs reference shows (issue 31).
 * Answers the API gave in a sandbox run (amounts in centavos, BRL, ids UUIDs), not placeholders;
 * test/openapi.examples.test.ts validates each against its schema.
 */

/** Settlement. */
export const SETTLEMENT_EXAMPLE = {
  id: "a6546759-7cee-4c56-8540-967364e57f61",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  status: "PAID",
  currency: "BRL",
  dueDate: "2026-01-18",
  transactionCount: 1,
  grossAmount: 1990,
  feeAmount: 20,
  refundedAmount: 500,
  chargebackAmount: 0,
  netAmount: 1470,
  paidAt: "2026-01-18T12:00:02.000Z",
  createdAt: "2026-01-18T12:00:02.000Z",
  livemode: false,
};

/** SettlementRunResult. */
export const SETTLEMENT_RUN_RESULT_EXAMPLE = { items: [SETTLEMENT_EXAMPLE] };

/** Chargeback. */
export const CHARGEBACK_EXAMPLE = {
  id: "3d54cd9e-2e4b-4bbf-8c02-b594271be769",
  transactionId: "97993490-9321-42de-84ab-4e637b7b6eab",
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  status: "OPEN",
  amount: 4990,
  currency: "BRL",
  reasonCode: "fraud",
  reason: "The cardholder says they did not authorize the payment (Visa 10.4, Mastercard 4837).",
  settlementId: null,
  createdAt: "2026-01-18T12:00:02.000Z",
  updatedAt: "2026-01-18T12:00:02.000Z",
  livemode: false,
};

/** CommissionSummary. */
export const COMMISSION_SUMMARY_EXAMPLE = {
  companyId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  currency: "BRL",
  // 12 sub-seller PIX sales of R$ 49,90 at 1.5% (75 each), the platform taking 20% of each fee (15); 2 not settled yet.
  totalCommissionCents: 900,
  rebornShareCents: 180,
  parentNetCents: 720,
  pendingParentNetCents: 120,
  transactionCount: 12,
  periodFrom: "2025-12-19T12:00:02.000Z",
  periodTo: "2026-01-18T12:00:02.000Z",
  timeZone: "America/Sao_Paulo",
};

/** SellerOverview. */
export const SELLER_OVERVIEW_EXAMPLE = {
  sellerId: "4983f9b0-6637-44c9-9530-3acb0060460d",
  periodFrom: "2025-12-19T12:00:02.000Z",
  periodTo: "2026-01-18T12:00:02.000Z",
  timeZone: "America/Sao_Paulo",
  currency: "BRL",
  totals: { count: 4, volume: 13020 },
  byStatus: {
    PENDING: { count: 0, amount: 0 },
    PAID: { count: 3, amount: 11970 },
    FAILED: { count: 0, amount: 0 },
    CANCELLED: { count: 1, amount: 1050 },
    REFUND_PENDING: { count: 0, amount: 0 },
    REFUNDED: { count: 0, amount: 0 },
  },
  byPaymentMethod: {
    PIX: { count: 2, amount: 3040, paidCount: 1, paidAmount: 1990 },
    CREDIT_CARD: { count: 2, amount: 9980, paidCount: 2, paidAmount: 9980 },
    DEBIT_CARD: { count: 0, amount: 0, paidCount: 0, paidAmount: 0 },
  },
  approvalRate: 1,
  refunds: { count: 1, amount: 500 },
  fees: 496,
  net: 10974,
  daily: [{ date: "2025-12-19", count: 0, volume: 0, paidCount: 0, paidAmount: 0 }],
};
