/**
 * pendingAction: how a buyer's browser pays a card transaction the seller created without 3DS
 * (and maybe without the card). The transaction carries a `clientSecret`; with the seller's
 * publishable key and that secret, the browser runs the 3DS steps for this transaction only and
 * confirms it (confirm-card-transaction.ts). The secret is unguessable, works for its own
 * transaction only, and stops working once the transaction has left PENDING.
 */
import { equalsConstantTime, randomToken } from "../../lib/crypto";
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { readTransaction } from "./store";
import type { TransactionState } from "./serialize";

/** A new client secret for transaction `id` (its id makes misuse on another one obvious in logs). */
export function newClientSecret(id: string): string {
  return `${id}_secret_${randomToken(32)}`;
}

/**
 * The caller's PENDING card transaction `id` whose client secret is `clientSecret`: what 3DS
 * setup, authenticate, the challenge and confirm may act on. A wrong or missing secret is a 404
 * (as for a transaction that does not exist: no oracle); a PIX charge is a 409 (its secret only
 * reads the checkout view: no card is vaulted and no CAVV issued for it), and so is a transaction
 * that is no longer PENDING.
 */
export async function payableBySecret(platform: Platform, scope: Scope, id: string, clientSecret: string | undefined): Promise<TransactionState> {
  const state = await readBySecret(platform, scope, id, clientSecret);
  if (state.row.paymentMethod === "PIX") {
    throw new ApiError("INVALID_STATE_TRANSITION", "This is a PIX charge: the payer's bank pays it by its QR code; 3D Secure and confirm are for card transactions.", {
      extensions: { paymentMethod: state.row.paymentMethod },
    });
  }
  if (state.row.status !== "PENDING") {
    throw new ApiError("INVALID_STATE_TRANSITION", `The transaction is ${state.row.status}; its client secret can no longer be used.`, {
      extensions: { currentStatus: state.row.status, allowedStatuses: ["PENDING"] },
    });
  }
  return state;
}

/**
 * The caller's transaction `id` whose client secret is `clientSecret`, in any status (compared in
 * constant time). A wrong or missing secret is a 404, as for a transaction that does not exist.
 */
export async function readBySecret(platform: Platform, scope: Scope, id: string, clientSecret: string | undefined): Promise<TransactionState> {
  const state = await readTransaction(platform, id, scope);
  // Rows from before migration 0006 have their secret only in the pendingAction.
  const secret = state?.row.clientSecret ?? state?.row.pendingAction?.clientSecret;
  if (!state || !secret || !clientSecret || !equalsConstantTime(secret, clientSecret)) throw notFound("transaction", id);
  return state;
}
