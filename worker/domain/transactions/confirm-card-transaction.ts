/**
 * POST /v1/transactions/{id}/3ds/confirm: a PENDING card transaction (pendingAction) is paid
 * with the card and the 3DS authentication its browser completed. Starts from PENDING only.
 *
 * At most one confirm per transaction ever reaches the acquirer: after the checks that need no
 * lock, the transaction itself is claimed (`claimConfirmation`, a guarded UPDATE), and only the
 * claim's holder claims the 3DS session, authorizes the sale at the routed acquirer and commits
 * PENDING → PAID (fee, TRANSACTION_PAID) or PENDING → FAILED (decline code;
 * `authentication_failed` when 3DS failed). Every concurrent confirm gets a 409 at once, and
 * cancel and expiry wait for the claim too. A single-use card is spent (its sealed PAN erased) in
 * the same batch as the move, and a reusable one that pays is marked authenticated (it may then be
 * charged merchant-initiated). A publishable key must send the transaction's clientSecret.
 */
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import { cardAcquirersFor } from "../acquirers/acquirer";
import { authorizeRouted, saleColumns } from "../acquirers/routing";
import { DECLINE_MESSAGES } from "../acquirers/sandbox-cards";
import { findCard, markCardAuthenticated, spendSingleUseCard, type CardRow } from "../cards/vault-card";
import type { Scope } from "../scope";
import { finishedSessionOf, sessionCavv, THREEDS_VERSION, type ThreeDsSessionRow } from "../threeds/session";
import { claimThreeDs } from "../threeds/verify";
import { readTransaction } from "./store";
import { computeFee, readPlanRate } from "./fees";
import { payableBySecret } from "./pending-action";
import type { TransactionRow, TransactionState } from "./serialize";
import { requireTransition } from "./state-machine";
import { beingConfirmed, claimConfirmation, commitTransition, isClaimed, releaseConfirmation, type MoveInput } from "./transition";

/** Who confirms: a browser (publishable key, with the secret) or the seller's server. */
export interface ConfirmInput {
  clientSecret?: string;
  /** CREDIT_CARD: the buyer's installments, chosen in the checkout (priced with the plan's surcharge). */
  installments?: number;
  browser: boolean;
}

/** The most installments a confirm may choose: what the seller's server allowed at creation. */
export function maxInstallmentsOf(row: Pick<TransactionRow, "paymentMethod" | "installments" | "maxInstallments">): number {
  return row.paymentMethod === "CREDIT_CARD" ? (row.maxInstallments ?? row.installments ?? 1) : 1;
}

/**
 * The sale's installments and price: the buyer's choice (never above the seller's maximum),
 * priced by the plan copied onto the transaction at creation (docs/fee-plans.md), or what the
 * transaction already says.
 */
async function salePricing(platform: Platform, row: TransactionRow, installments: number | undefined) {
  const same = { installments: row.installments ?? 1, feePlanId: row.feePlanId, feePercentBps: row.feePercentBps, feeFixedAmount: row.feeFixedAmount };
  if (installments === undefined || installments === same.installments) return same;
  if (row.paymentMethod !== "CREDIT_CARD") {
    throw validationError([{ path: "installments", in: "body", code: "not_allowed", message: "only a CREDIT_CARD sale has installments" }]);
  }
  const max = maxInstallmentsOf(row);
  if (installments > max) {
    throw validationError([{ path: "installments", in: "body", code: "too_big", message: `must be at most ${max}: the maxInstallments the seller set for this transaction` }]);
  }
  const rate = row.feePlanId ? await readPlanRate(platform.db, row.feePlanId, "CREDIT_CARD", installments) : null;
  if (!rate) throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", "The transaction's fee plan has no price for CREDIT_CARD.");
  return { installments, feePlanId: rate.feePlanId, feePercentBps: rate.percentBps, feeFixedAmount: rate.fixedAmount };
}

const AUTHENTICATION_FAILED = { code: "authentication_failed", message: "The buyer did not pass 3D Secure authentication." };

/** The PENDING card transaction to confirm, the sale's pricing, its completed 3DS session and that session's card. */
async function confirmable(platform: Platform, scope: Scope, id: string, input: ConfirmInput) {
  const current = input.browser ? await payableBySecret(platform, scope, id, input.clientSecret) : await readTransaction(platform, id, scope);
  if (!current) throw notFound("transaction", id);
  if (current.row.paymentMethod === "PIX") {
    throw new ApiError("INVALID_STATE_TRANSITION", "Only card transactions are confirmed with 3DS; a PIX charge is paid by the payer's bank.", {
      extensions: { currentStatus: current.row.status },
    });
  }
  requireTransition(current.row.status, "pay");
  const pricing = await salePricing(platform, current.row, input.installments);
  if (isClaimed(current.row, platform.now().toISOString())) throw beingConfirmed();
  const session = await finishedSessionOf(platform, id);
  if (!session) {
    throw new ApiError("INVALID_STATE_TRANSITION", "3D Secure has not been completed for this transaction: run setup, authenticate (and the challenge) first.", {
      extensions: { currentStatus: current.row.status, nextStep: "threeds" },
    });
  }
  const card = session.cardId ? await findCard(platform.db, scope, session.cardId) : null;
  if (!card) throw new ApiError("INVALID_STATE_TRANSITION", "The card of this 3DS session is no longer in the vault; start again with setup.");
  return { current, pricing, session, card };
}

/** The move the acquirer's answer (or a failed 3DS) leads to; the acquirer is called only for a passed 3DS. */
async function decide(platform: Platform, scope: Scope, row: TransactionRow, session: ThreeDsSessionRow, card: CardRow, pricing: Awaited<ReturnType<typeof salePricing>>) {
  // `cardToken` names the card that paid, when it is reusable: a card the server tokenized at
  // creation that the browser did not pay with is not this sale's (docs/cards.md).
  const cardToken = card.type === "SINGLE_USE" ? null : card.id;
  const cardColumns = { cardId: card.id, cardToken, cardBrand: card.brand, cardBin: card.bin, cardLast4: card.last4, threedsSessionId: session.id, ...pricing };
  if (session.status === "FAILED") {
    return { trigger: "decline", changes: { ...cardColumns, failureCode: AUTHENTICATION_FAILED.code, failureMessage: AUTHENTICATION_FAILED.message } } as const;
  }
  const sale = await authorizeRouted(cardAcquirersFor(platform.acquirers, scope.livemode), {
    transactionId: row.id, amount: row.amount, currency: row.currency, pan: await platform.vault.open(card.pan), brand: card.brand,
    expMonth: card.expMonth, expYear: card.expYear, holderName: card.holderName,
    installments: pricing.installments,
    initiatedBy: "CUSTOMER",
    recurring: false,
    threeDs: {
      cavv: await sessionCavv(platform, session),
      eci: session.eci,
      version: session.specificationVersion ?? THREEDS_VERSION,
      xid: session.xid,
      dsTransactionId: session.dsTransactionId,
    },
  });
  if (sale.outcome.status === "APPROVED") {
    const fee = computeFee(row.amount, { percentBps: pricing.feePercentBps, fixedAmount: pricing.feeFixedAmount });
    return { trigger: "pay", changes: { ...cardColumns, ...saleColumns(sale), paidAt: platform.now().toISOString(), ...fee } } as const;
  }
  return { trigger: "decline", changes: { ...cardColumns, ...saleColumns(sale) } } as const;
}

/** Confirms transaction `id` and returns it in its final state. */
export async function confirmCardTransaction(platform: Platform, scope: Scope, id: string, input: ConfirmInput): Promise<TransactionState> {
  const { current, pricing, session, card } = await confirmable(platform, scope, id, input);
  const claim = await claimConfirmation(platform, current);
  if (!claim) throw beingConfirmed();
  // Only the claim's holder gets here: the session cannot be taken by another confirm of this transaction.
  if (!(await claimThreeDs(platform, session.id, id))) {
    await releaseConfirmation(platform, id, claim);
    throw new ApiError("INVALID_STATE_TRANSITION", "This transaction's 3DS authentication was used by another payment; run 3DS again.", { extensions: { nextStep: "threeds" } });
  }
  const decision = await decide(platform, scope, current.row, session, card, pricing);
  const move: MoveInput = {
    ...decision,
    claim,
    // The card vaulted for this one sale is spent with the move itself; a reusable card that paid
    // after this (passed) 3DS is from now on authenticated for merchant-initiated charges.
    statements: (guard) => [
      spendSingleUseCard(platform.db, card.id, guard),
      ...(decision.trigger === "pay" ? [markCardAuthenticated(platform.db, card.id, decision.changes.paidAt, guard)] : []),
    ],
  };
  const next = await commitTransition(platform, current, move);
  // Only if the claim lapsed (an acquirer slower than CONFIRM_CLAIM_SECONDS) and someone moved it meanwhile.
  if (!next) throw new ApiError("CONCURRENT_MODIFICATION", "The transaction changed while it was being confirmed; read it again.", { headers: { "Retry-After": "1" } });
  return next;
}
