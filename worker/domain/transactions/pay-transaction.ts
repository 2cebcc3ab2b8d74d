/**
 * A payment is confirmed: PENDING → PAID (event TRANSACTION_PAID).
 *
 * For PIX the confirmation comes from the payer's bank through the PSP; in test mode, the
 * sandbox endpoint stands in for it. `paidAt` is set and the fee is charged at the rates copied
 * onto the transaction at creation (fees.ts). A charge whose QR code has expired cannot be paid:
 * the payer's bank would refuse it (409 TRANSACTION_EXPIRED); reading it expires it (expire-transactions.ts).
 */
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Transaction } from "../../schemas/transaction";
import { computeFee } from "./fees";
import { toTransaction } from "./serialize";
import { readTransaction } from "./store";
import type { Scope } from "../scope";
import { commitTransition, retryOnRace } from "./transition";
import { invoiceSettlementOf } from "../subscriptions/paid";

/**
 * Marks the scope's transaction `id` paid and returns it. `received`: what the PSP says was
 * received (a live PIX; the sandbox's stand-in for a test one), whose end-to-end id a PIX keeps.
 */
export async function payTransaction(platform: Platform, scope: Scope, id: string, received?: { endToEndId: string }): Promise<Transaction> {
  const state = await retryOnRace(async () => {
    const current = await readTransaction(platform, id, scope);
    if (!current) throw notFound("transaction", id);
    const now = platform.now();
    const { row } = current;
    if (row.cancellationReason === "EXPIRED") {
      throw new ApiError("TRANSACTION_EXPIRED", `The transaction's QR code expired at ${row.expiresAt}; it can no longer be paid. Create a new charge.`, {
        extensions: { currentStatus: row.status, expiresAt: row.expiresAt },
      });
    }
    const fee = computeFee(row.amount, { percentBps: row.feePercentBps, fixedAmount: row.feeFixedAmount });
    // A subscription's invoice is paid in the same batch (domain/subscriptions/paid.ts).
    const alongside = await invoiceSettlementOf(platform, row);
    const changes = { paidAt: now.toISOString(), ...fee, ...(received && row.paymentMethod === "PIX" && { pixEndToEndId: received.endToEndId }) };
    return commitTransition(platform, current, { trigger: "pay", changes, alongside });
  });
  return toTransaction(state, platform.config.baseUrl);
}
