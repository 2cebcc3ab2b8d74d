/**
 * The buyer-safe view of a transaction: what the checkout widget shows the buyer, read by the
 * buyer's browser with the seller's publishable key and the transaction's client secret
 * (GET /v1/transactions/{id}/checkout). It has the amount, the merchant's name, the PIX QR code,
 * the card's brand and last digits, the status and what to do next; never the customer's data,
 * fees, ids of the seller's systems (idempotency key, buyer id) or why an issuer suspected fraud.
 * `serverTime` lets the widget count down to `expiresAt` on the server's clock, not the buyer's.
 */
import type { Platform } from "../../platform";
import { merchantNameOf } from "../merchant";
import { lookAt } from "../payment-links/holds";
import type { Scope } from "../scope";
import { readBySecret } from "./pending-action";
import { toTransaction, type TransactionState } from "./serialize";

/** Decline codes a buyer can act on (another card, a new expiry, 3DS again); others read "card_declined". */
const BUYER_FAILURES: Record<string, string> = {
  insufficient_funds: "The card has insufficient funds. Try another card or payment method.",
  expired_card: "The card has expired. Try another card.",
  authentication_failed: "The card's bank could not confirm it was you. Try again or use another card.",
  acquirer_unavailable: "The payment could not be processed right now. Try again in a moment.",
};
const DECLINED = "The card was declined. Try another card or payment method.";

/**
 * The view, or 404 for an unknown transaction or a wrong or missing secret (no oracle). The buyer's
 * page reading it has looked at it: a payment link's charge then holds its use for its full span
 * (payment-links/holds.ts).
 */
export async function checkoutView(platform: Platform, scope: Scope, id: string, clientSecret: string | undefined) {
  return toCheckoutView(platform, await lookAt(platform, await readBySecret(platform, scope, id, clientSecret)));
}

/**
 * The buyer-safe view of `state`: what every answer to a publishable key shows of a transaction
 * (the checkout read, and confirm's result), never the seller's view. `merchantName` when the
 * caller has just read it (merchant.ts).
 */
export async function toCheckoutView(platform: Platform, state: TransactionState, merchantName?: string) {
  const tx = toTransaction(state, platform.config.baseUrl);
  merchantName ??= await merchantNameOf(platform.db, state.row.sellerId);
  const failureCode = tx.failureCode ? (tx.failureCode in BUYER_FAILURES ? tx.failureCode : "card_declined") : null;
  const refunded = tx.refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + r.amount, 0);
  return {
    id: tx.id,
    status: tx.status,
    paymentMethod: tx.paymentMethod,
    amount: tx.amount,
    currency: tx.currency,
    description: tx.description,
    livemode: tx.livemode,
    merchant: { name: merchantName },
    paymentDetails: tx.paymentDetails,
    card: tx.card ? { brand: tx.card.brand, last4digits: tx.card.last4digits } : null,
    installments: tx.installments,
    maxInstallments: tx.maxInstallments,
    // A card transaction still PENDING waits for the buyer's 3DS (the widget's <pay-3ds>).
    nextAction: tx.status === "PENDING" && tx.pendingAction ? { type: "threeds" as const, provider: tx.pendingAction.provider } : null,
    failureCode,
    failureMessage: failureCode ? (BUYER_FAILURES[failureCode] ?? DECLINED) : null,
    refundedAmount: refunded,
    createdAt: tx.createdAt,
    paidAt: tx.paidAt,
    cancelledAt: tx.cancelledAt,
    cancellationReason: tx.cancellationReason,
    serverTime: platform.now().toISOString(),
  };
}
