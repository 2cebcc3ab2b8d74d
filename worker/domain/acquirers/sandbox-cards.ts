/**
 * The two sandbox card acquirers, `sandbox-alpha` and `sandbox-beta`, that smart routing chooses
 * between in test mode. They answer from the test-card table (domain/cards/test-cards.ts): the
 * card's decline code (`authorization` for a customer-initiated sale, `recurring` for a
 * merchant-initiated one), or UNAVAILABLE when the table marks that acquirer down for it (to show
 * failover, either way); every other card is approved. Refunds conclude as the PIX sandbox's do.
 */
import { testCard, type DeclineCode } from "../cards/test-cards";
import type { CardAcquirer, SaleOutcome } from "../../lib/acquirer";
import { sandboxRefundOutcome } from "./sandbox";

/** Sentences for the decline codes, as a seller's support would read them. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  insufficient_funds: "The card has insufficient funds.",
  do_not_honor: "The issuer declined the payment without a reason (do not honor).",
  expired_card: "The issuer reports the card as expired.",
  suspected_fraud: "The issuer declined the payment as suspected fraud.",
  card_blocked: "The issuer reports the card as blocked, lost, stolen or cancelled.",
  card_declined: "The issuer declined the payment.",
  processing_error: "The issuer or the card network failed to process the payment; it may be tried again later.",
  acquirer_unavailable: "No acquirer could be reached to process the payment; try again later.",
};

function sandboxCardAcquirer(name: "sandbox-alpha" | "sandbox-beta"): CardAcquirer {
  return {
    name,
    async authorize(sale): Promise<SaleOutcome> {
      const card = testCard(sale.pan);
      if (card?.unavailable?.includes(name)) return { status: "UNAVAILABLE" };
      const answer = sale.initiatedBy === "MERCHANT" ? card?.recurring : card?.authorization;
      if (answer && answer !== "approved" && answer !== "acquirer_unavailable") {
        // A lost, stolen or blocked card is a hard decline, as a live acquirer reports it.
        return { status: "DECLINED", code: answer, message: DECLINE_MESSAGES[answer]!, hard: answer === "card_blocked" };
      }
      return { status: "APPROVED", authorizationCode: sale.transactionId.slice(0, 6).toUpperCase() };
    },
    async concludeRefund(refund) {
      return sandboxRefundOutcome(refund.amount);
    },
  };
}

/** The sandbox's card acquirers, in routing order. */
export const SANDBOX_CARD_ACQUIRERS: readonly CardAcquirer[] = [sandboxCardAcquirer("sandbox-alpha"), sandboxCardAcquirer("sandbox-beta")];
