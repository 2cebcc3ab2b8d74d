/**
 * The sandbox acquirer that test keys use: outcomes are chosen by documented amounts, as
 * Stripe's and Adyen's test modes do (docs/transactions.md), and nothing leaves the gateway.
 * PIX payments are confirmed by POST /v1/sandbox/transactions/{id}/pay, standing in for the
 * payer's bank.
 */
import type { Acquirer, RefundOutcome } from "../../lib/acquirer";

/** Sandbox rule: a refund whose amount ends in 13 minor units (e.g. 1013) FAILS; others complete. */
export function sandboxRefundOutcome(amount: number): RefundOutcome {
  if (amount % 100 === 13) return { status: "FAILED", reason: "sandbox: refund amounts ending in 13 are declined by the acquirer" };
  return { status: "COMPLETED" };
}

/** The sandbox acquirer. */
export const sandboxAcquirer: Acquirer = {
  name: "sandbox",
  async concludeRefund(refund) {
    return sandboxRefundOutcome(refund.amount);
  },
};
