/**
 * Merchant-initiated charges (MIT) on a stored card: the later periods of a card subscription,
 * charged without the buyer and without 3DS, as the card networks allow for recurring payments
 * after a customer-initiated one that 3DS authenticated (docs/cards.md, "Merchant-initiated
 * charges"). A card may be charged so only when it is the seller's, in the mode, ACTIVE, reusable
 * (TOKENIZED or STORED) and `authenticatedAt` says such a payment happened; the PAN is opened only
 * for the acquirer's call, and the sale goes through the same smart routing and failover as the
 * customer-initiated ones. Writing the transaction is the caller's (billing).
 */
import type { SaleOutcome } from "../../lib/acquirer";
import { ApiError, notFound } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import { cardAcquirersFor } from "../acquirers/acquirer";
import { authorizeRouted } from "../acquirers/routing";
import { findCard, type CardRow } from "./vault-card";

/** Why a card cannot be charged merchant-initiated; null when it can. */
function unreadyReason(card: CardRow): "single_use" | "not_authenticated" | null {
  if (card.type === "SINGLE_USE") return "single_use";
  if (!card.authenticatedAt) return "not_authenticated";
  return null;
}

/**
 * Checks that `cardToken` may pay a new subscription of `buyerId` by merchant-initiated charges,
 * and returns its card: the seller's, in the mode, of that buyer when the card names one, ACTIVE,
 * reusable and already used in a 3DS-authenticated payment. Otherwise a 422 INVALID_DATA naming
 * `cardToken` (`not_found`, `not_accepted` for a single-use card, `not_authenticated`).
 */
export async function assertMerchantInitiatedReady(
  platform: Platform,
  input: { sellerId: string; livemode: boolean; buyerId: string; cardToken: string },
): Promise<CardRow> {
  const fail = (code: "not_found" | "not_accepted" | "not_authenticated", message: string) =>
    validationError([{ path: "cardToken", in: "body", code, message }], "INVALID_DATA");
  const card = await findCard(platform.db, input, input.cardToken, input.buyerId);
  if (!card) throw fail("not_found", "no active card of yours (and of this buyer) has this token");
  const reason = unreadyReason(card);
  if (reason === "single_use") throw fail("not_accepted", "a single-use card pays one sale only: tokenize the card (card.tokenize: true) to charge it again");
  if (reason === "not_authenticated") {
    throw fail("not_authenticated", "the card has not yet paid with 3DS: a merchant-initiated charge needs a first payment with this token authenticated by the buyer");
  }
  return card;
}

/**
 * Authorizes and captures `amount` on the stored card `cardToken`, merchant-initiated and
 * recurring (no 3DS, one installment), at the acquirer smart routing picks (failing over to the
 * other). Returns the card, the acquirer that answered (null when none could be reached) and its
 * outcome; a DECLINED or UNAVAILABLE outcome is the caller's to record. Throws 422
 * LIVE_MODE_UNAVAILABLE for a mode without card acquirers, 404 RESOURCE_NOT_FOUND for a token that
 * is not an ACTIVE card of this seller and mode, 422 UNPROCESSABLE for a single-use card and 422
 * CARD_NOT_AUTHENTICATED for a card that never paid with 3DS; the acquirer is not called then.
 */
export async function authorizeMerchantInitiated(
  platform: Platform,
  input: { sellerId: string; livemode: boolean; cardToken: string; transactionId: string; amount: number; currency: string },
): Promise<{ card: CardRow; acquirer: string | null; outcome: SaleOutcome }> {
  const acquirers = cardAcquirersFor(platform.acquirers, input.livemode);
  const card = await findCard(platform.db, input, input.cardToken);
  if (!card) throw notFound("card", input.cardToken);
  const reason = unreadyReason(card);
  if (reason === "single_use") {
    throw new ApiError("UNPROCESSABLE", "A single-use card pays one sale only and cannot be charged merchant-initiated; tokenize the card to charge it again.", {
      extensions: { cardToken: card.id, reason },
    });
  }
  if (reason === "not_authenticated") {
    throw new ApiError(
      "CARD_NOT_AUTHENTICATED",
      "This card has not yet paid with 3D Secure, so it cannot be charged merchant-initiated: the buyer must first pay once with it through 3DS.",
      { extensions: { cardToken: card.id } },
    );
  }
  const { outcome, acquirer } = await authorizeRouted(acquirers, {
    transactionId: input.transactionId,
    amount: input.amount,
    currency: input.currency,
    pan: await platform.vault.open(card.pan),
    expMonth: card.expMonth,
    expYear: card.expYear,
    holderName: card.holderName,
    brand: card.brand,
    installments: 1,
    initiatedBy: "MERCHANT",
    recurring: true,
  });
  return { card, acquirer, outcome };
}

