/**
 * What a buyer may see of a transaction: the checkout view (GET /v1/transactions/{id}/checkout,
 * and confirm's answer to a publishable key). The widget reads it, the API writes it: both import
 * this one type, and worker/schemas/checkout.ts fails to compile when its schema says otherwise,
 * so the two cannot drift.
 */
import type { PaymentMethod, TransactionStatus } from "./payments";

/** The buyer-safe view of a transaction. */
export interface CheckoutView {
  id: string;
  status: TransactionStatus;
  paymentMethod: PaymentMethod;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  description: string | null;
  livemode: boolean;
  merchant: { name: string };
  /** PIX: the BR Code, its QR image and when it expires. */
  paymentDetails: { qrCode: string; qrCodeUrl: string; expiresAt: string } | null;
  card: { brand: string; last4digits: string } | null;
  installments: number | null;
  /** CREDIT_CARD: the most installments the seller allows the buyer to choose. */
  maxInstallments: number | null;
  /** A card transaction still PENDING waits for the buyer's 3DS. */
  nextAction: { type: "threeds"; provider: string } | null;
  /** Buyer-actionable codes only; any other decline reads `card_declined`. */
  failureCode: string | null;
  failureMessage: string | null;
  refundedAmount: number;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  cancellationReason: "REQUESTED" | "EXPIRED" | null;
  /** The server's clock at this answer: count down to `expiresAt` against it. */
  serverTime: string;
}
