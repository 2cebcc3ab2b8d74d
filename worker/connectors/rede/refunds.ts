/**
 * A card refund at Rede: `POST /transactions/{tid}/refunds {amount}`, 359 when done.
 *
 * Rede documents no idempotency for refunds: the same POST sent twice refunds twice. So before
 * each POST the connector reads the sale's refunds (`GET /transactions/{tid}/refunds`) and
 * compares the total that moved money with `refundedBefore`, the gateway's sum of this sale's
 * refunds COMPLETED before this one:
 *
 * - Rede's total equals it: this refund was never made; it is sent.
 * - Rede's total exceeds it by exactly this refund's amount: an earlier attempt went through and
 *   its answer was lost; COMPLETED (PENDING while Rede still lists one as processing), not sent.
 * - Anything else (less than the gateway's, or more by another amount: a refund made in Rede's
 *   portal, or two of the gateway's in flight at once): nothing is sent and the refund stays
 *   PENDING, logged as `rede.refund_mismatch` for an operator. Never a second refund.
 *
 * A failure to read or to send is PENDING: the sweep asks again, and the rule above makes that safe.
 */
import type { RefundOutcome, RefundRequest } from "../../lib/acquirer";
import { callRede, RedeAuthError, RedeUnavailableError, type RedeApiOptions } from "./api";
import { redeReferenceOf, scrubMessage } from "./mapping";
import { MalformedRedeAnswerError, refundCounts, refundInFlight, refundsOf, type RedeTransaction } from "./transaction";

/** What a refund needs of the connector. */
export interface RefundContext {
  api: RedeApiOptions;
  findByReference(reference: string): Promise<RedeTransaction | null>;
  warn(msg: string, fields: Record<string, unknown>): void;
}

const PENDING: RefundOutcome = { status: "PENDING" };

/** Refusals Rede documents for refunds, in the gateway's words (codes unconfirmed but 359; README). */
const REFUSALS: Record<string, string> = {
  "353": "Rede holds no such sale",
  "354": "the period for refunding this sale at Rede has ended",
  "355": "the sale is already fully refunded at Rede",
  "356": "the sale was not approved at Rede, so there is nothing to refund",
  "357": "the amount is more than what remains of the sale at Rede",
  "358": "the amount is more than what remains of the sale at Rede",
};

/** Concludes `refund` at Rede (see the file's comment for when it is sent). */
export async function concludeRedeRefund(context: RefundContext, refund: RefundRequest): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) return { status: "FAILED", reason: "a refund's amount must be a positive number of cents" };
  try {
    const tid = refund.acquirerReference || (await context.findByReference(redeReferenceOf(refund.transactionId)))?.tid;
    if (!tid) return { status: "FAILED", reason: "Rede holds no sale for this transaction" };
    const path = `/transactions/${encodeURIComponent(tid)}/refunds`;

    const listed = await callRede(context.api, "GET", path);
    // 404: no refunds, or no such sale (then the POST below says so).
    if (listed.status !== 200 && listed.status !== 404) throw new MalformedRedeAnswerError(`listing refunds answered ${listed.status}`);
    const counted = listed.status === 404 ? [] : refundsOf(listed.body).filter(refundCounts);
    const refundedAtRede = counted.reduce((sum, r) => sum + r.amount, 0);
    const beyond = refundedAtRede - (refund.refundedBefore ?? 0);
    if (beyond === refund.amount) return counted.some(refundInFlight) ? PENDING : { status: "COMPLETED" };
    if (beyond !== 0) {
      context.warn("rede.refund_mismatch", { tid, refundedAtRede, refundedBefore: refund.refundedBefore ?? 0, amount: refund.amount });
      return PENDING;
    }

    const answer = await callRede(context.api, "POST", path, { amount: refund.amount });
    if (answer.status < 300 && answer.returnCode === "359") return { status: "COMPLETED" };
    // 360 is believed to be "refund requested", concluded later (unconfirmed): the next ask reads it back.
    if (answer.status < 300 && answer.returnCode === "360") return PENDING;
    if (answer.status >= 400 && answer.returnCode) {
      return { status: "FAILED", reason: REFUSALS[answer.returnCode] ?? `Rede refused the refund (${answer.returnCode}: ${scrubMessage(answer.body.returnMessage) || "no reason given"})` };
    }
    throw new MalformedRedeAnswerError(`the refund answered ${answer.status} with returnCode ${answer.returnCode || "none"}`);
  } catch (err) {
    if (err instanceof MalformedRedeAnswerError) context.warn("rede.malformed_answer", { call: "refund", error: err.message });
    if (err instanceof MalformedRedeAnswerError || err instanceof RedeUnavailableError || err instanceof RedeAuthError) return PENDING;
    throw err;
  }
}
