/**
 * POST /v1/transactions/{id}/3ds/confirm: a PENDING card transaction (pendingAction) is paid
 * with the card and the 3DS authentication its browser completed. Starts from PENDING only.
 *
 * The transaction's most recent finished 3DS session is claimed (so two confirms cannot both
 * charge), its card opened from the vault and the sale authorized at the routed acquirer:
 * PENDING → PAID (fee, TRANSACTION_PAID) or PENDING → FAILED (decline code; `authentication_failed`
 * when 3DS failed). A publishable key must send the transaction's clientSecret.
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { cards, threedsSessions } from "../../db/schema";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { Transaction } from "../../schemas/transaction";
import { cardAcquirersFor } from "../acquirers/acquirer";
import { authorizeRouted } from "../acquirers/routing";
import { DECLINE_MESSAGES } from "../acquirers/sandbox-cards";
import { findCard } from "../cards/vault-card";
import type { Scope } from "../scope";
import { cavvFor, THREEDS_VERSION } from "../threeds/session";
import { claimThreeDs } from "../threeds/verify";
import { readTransaction } from "./expire-transactions";
import { computeFee, readPlanRate } from "./fees";
import { payableBySecret } from "./pending-action";
import { toTransaction, type TransactionRow } from "./serialize";
import { requireTransition } from "./state-machine";
import { commitTransition } from "./store";

/** Who confirms: a browser (publishable key, with the secret) or the seller's server. */
export interface ConfirmInput {
  clientSecret?: string;
  /** CREDIT_CARD: the buyer's installments, chosen in the checkout (priced with the plan's surcharge). */
  installments?: number;
  browser: boolean;
}

/**
 * The sale's installments and price: the buyer's choice, priced by the plan copied onto the
 * transaction at creation (docs/fee-plans.md), or what the transaction already says.
 */
async function salePricing(platform: Platform, row: TransactionRow, installments: number | undefined) {
  const same = { installments: row.installments ?? 1, feePlanId: row.feePlanId, feePercentBps: row.feePercentBps, feeFixedAmount: row.feeFixedAmount };
  if (installments === undefined || installments === same.installments) return same;
  if (row.paymentMethod !== "CREDIT_CARD") {
    throw validationError([{ path: "installments", in: "body", code: "not_allowed", message: "only a CREDIT_CARD sale has installments" }]);
  }
  const rate = row.feePlanId ? await readPlanRate(platform.db, row.feePlanId, "CREDIT_CARD", installments) : null;
  if (!rate) throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", "The transaction's fee plan has no price for CREDIT_CARD.");
  return { installments, feePlanId: rate.feePlanId, feePercentBps: rate.percentBps, feeFixedAmount: rate.fixedAmount };
}

const AUTHENTICATION_FAILED = { code: "authentication_failed", message: "The buyer did not pass 3D Secure authentication." };

/** Confirms transaction `id` and returns it in its final state. */
export async function confirmCardTransaction(platform: Platform, scope: Scope, id: string, input: ConfirmInput): Promise<Transaction> {
  const current = input.browser ? await payableBySecret(platform, scope, id, input.clientSecret) : await readTransaction(platform, id, scope);
  if (!current) throw notFound("transaction", id);
  if (current.row.paymentMethod === "PIX") {
    throw new ApiError("INVALID_STATE_TRANSITION", "Only card transactions are confirmed with 3DS; a PIX charge is paid by the payer's bank.", {
      extensions: { currentStatus: current.row.status },
    });
  }
  requireTransition(current.row.status, "pay");
  const pricing = await salePricing(platform, current.row, input.installments);
  const [session] = await platform.db
    .select()
    .from(threedsSessions)
    .where(and(eq(threedsSessions.transactionId, id), inArray(threedsSessions.status, ["AUTHENTICATED", "FAILED"]), isNull(threedsSessions.usedBy)))
    .orderBy(desc(threedsSessions.updatedAt))
    .limit(1);
  if (!session) {
    throw new ApiError("INVALID_STATE_TRANSITION", "3D Secure has not been completed for this transaction: run setup, authenticate (and the challenge) first.", {
      extensions: { currentStatus: current.row.status, nextStep: "threeds" },
    });
  }
  if (!(await claimThreeDs(platform, session.id, id))) {
    throw new ApiError("CONCURRENT_MODIFICATION", "Another request is confirming this transaction.", { headers: { "Retry-After": "1" } });
  }
  const card = session.cardId ? await findCard(platform.db, scope, session.cardId) : null;
  if (!card) throw new ApiError("INVALID_STATE_TRANSITION", "The card of this 3DS session is no longer in the vault; start again with setup.");
  const cardColumns = { cardId: card.id, cardBrand: card.brand, cardBin: card.bin, cardLast4: card.last4, threedsSessionId: session.id, ...pricing };
  const { row } = current;
  let next;
  if (session.status === "FAILED") {
    next = await commitTransition(platform, current, { trigger: "decline", changes: { ...cardColumns, failureCode: AUTHENTICATION_FAILED.code, failureMessage: AUTHENTICATION_FAILED.message } });
  } else {
    const sale = await authorizeRouted(cardAcquirersFor(platform.acquirers, scope.livemode), {
      transactionId: id, amount: row.amount, currency: row.currency, pan: await platform.vault.open(card.pan), brand: card.brand,
      installments: pricing.installments,
      threeDs: {
        cavv: await cavvFor(platform, { authenticationId: session.authenticationId!, cardFingerprint: session.cardFingerprint, amount: session.amount!, currency: session.currency!, sellerId: session.sellerId }),
        eci: session.eci,
        version: THREEDS_VERSION,
      },
    });
    const at = platform.now().toISOString();
    next =
      sale.outcome.status === "APPROVED"
        ? await commitTransition(platform, current, {
            trigger: "pay",
            changes: { ...cardColumns, acquirer: sale.acquirer, paidAt: at, ...computeFee(row.amount, { percentBps: pricing.feePercentBps, fixedAmount: pricing.feeFixedAmount }) },
          })
        : await commitTransition(platform, current, {
            trigger: "decline",
            changes: {
              ...cardColumns,
              acquirer: sale.acquirer,
              failureCode: sale.outcome.status === "DECLINED" ? sale.outcome.code : "acquirer_unavailable",
              failureMessage: sale.outcome.status === "DECLINED" ? sale.outcome.message : DECLINE_MESSAGES.acquirer_unavailable!,
            },
          });
  }
  // Moved by someone else meanwhile (cancelled, expired): nothing was charged to the row.
  if (!next) throw new ApiError("CONCURRENT_MODIFICATION", "The transaction changed while it was being confirmed; read it again.", { headers: { "Retry-After": "1" } });
  // A card vaulted for this one sale is spent.
  if (card.type === "SINGLE_USE") await platform.db.update(cards).set({ status: "INACTIVE" }).where(eq(cards.id, card.id));
  return toTransaction(next, platform.config.baseUrl);
}
