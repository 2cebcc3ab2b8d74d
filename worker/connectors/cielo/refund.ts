/**
 * A card refund at Cielo: `PUT /1/sales/{PaymentId}/void?amount={centavos}` on the transaction
 * host, total or partial (Cielo keeps the cumulative Payment.VoidedAmount).
 *
 * Cielo's void has no idempotency key, so a void whose answer was lost must never simply be sent
 * again. The connector reads the sale first, on every call (one GET on the query host): the
 * gateway tells it how much of the sale its earlier refunds completed (`refundedBefore`), and
 * - VoidedAmount == refundedBefore: this refund has not reached Cielo; the void is sent;
 * - VoidedAmount >= refundedBefore + amount: an earlier attempt went through and its answer was
 *   lost; COMPLETED, nothing sent;
 * - anything else: Cielo's total matches no sequence of the gateway's refunds (a void made
 *   elsewhere, or two refunds of one sale concluded at once): FAILED for an operator, never a
 *   guess that could refund twice.
 * Reading first on every call, rather than only on a retry, is what makes a retry safe: the
 * connector cannot tell a first attempt from a retry, and the sweep asks again after PENDING.
 */
import type { RefundOutcome, RefundRequest } from "../../lib/acquirer";
import { orderIdOf } from "../../lib/acquirer";
import { callCielo, CieloRejectedError, CieloUnavailableError, errorCodesOf, isConfigurationProblem, isInconclusive, logConfigurationProblem, type CieloAnswer, type CieloApiOptions } from "./api";
import { findSaleByOrder, readSale } from "./sales";

/** Cancellation return codes (Cielo's table) that succeed. */
const DONE = new Set(["0", "00", "9", "09"]);
/** …that ask for a later try: pending request with the same data, processing failed, timeouts, unavailable. */
const LATER = new Set(["10", "57", "97", "98", "99", "223", "476", "504"]);
/** …that refuse, in words (the rest of the table refuses too, with Cielo's own message). */
const REFUSALS: Record<string, string> = {
  "40": "Cielo refused the refund: the deadline to cancel this sale has passed",
  "41": "Cielo refused the refund: the sale's status does not allow a cancellation",
  "51": "Cielo refused the refund: it is above the sale's original amount",
  "102": "Cielo refused the refund: it is above the sale's original amount",
  "55": "Cielo refused the refund: the sale's remaining balance is lower than the refund",
  "56": "Cielo refused the refund: the merchant's balance at Cielo is insufficient",
  "76": "Cielo refused the refund: the merchant's balance at Cielo is insufficient",
};

/** Concludes `refund` at Cielo as the module's comment says. */
export async function concludeCieloRefund(api: CieloApiOptions, refund: RefundRequest): Promise<RefundOutcome> {
  if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) return failed("the refund's amount is not a positive whole number of centavos");
  const before = refund.refundedBefore ?? 0;
  let sale;
  try {
    sale = refund.acquirerReference ? await readSale(api, refund.acquirerReference) : await findSaleByOrder(api, orderIdOf(refund.transactionId));
  } catch (err) {
    if (err instanceof CieloUnavailableError || err instanceof CieloRejectedError) return { status: "PENDING" };
    throw err;
  }
  if (!sale) return failed("Cielo has no sale for this transaction");
  if (sale.voidedAmount >= before + refund.amount) {
    api.log?.({ msg: "acquirer.refund_found", level: "info", acquirer: api.name, refundId: refund.refundId, paymentId: sale.paymentId });
    return { status: "COMPLETED" };
  }
  if (sale.voidedAmount !== before) {
    api.log?.({ msg: "acquirer.refund_mismatch", level: "error", acquirer: api.name, refundId: refund.refundId, paymentId: sale.paymentId, voidedAmount: sale.voidedAmount, refundedBefore: before });
    return failed(`Cielo has ${sale.voidedAmount} centavos voided on this sale where the gateway's completed refunds come to ${before}: an operator must reconcile them before another refund is sent`);
  }

  let answer: CieloAnswer;
  try {
    answer = await callCielo(api, "PUT", "api", `/1/sales/${sale.paymentId}/void`, { query: { amount: String(refund.amount) } });
  } catch (err) {
    // The void may or may not have been made: the next attempt reads the sale first.
    if (err instanceof CieloUnavailableError) return { status: "PENDING" };
    throw err;
  }
  return outcomeOfVoid(api, answer);
}

/** What a void's answer says. */
function outcomeOfVoid(api: CieloApiOptions, answer: CieloAnswer): RefundOutcome {
  if (isInconclusive(answer)) return { status: "PENDING" };
  if (isConfigurationProblem(answer)) {
    logConfigurationProblem(api, answer, "PUT /1/sales/{PaymentId}/void");
    return { status: "PENDING" };
  }
  if (answer.status === 404) return failed("Cielo has no sale for this transaction");
  if (answer.status !== 200) {
    const codes = errorCodesOf(answer);
    if (codes.includes(309)) return failed("Cielo refused the refund: the sale is not available to cancel (error 309)");
    return failed(`Cielo refused the refund (HTTP ${answer.status}${codes.length ? `, errors ${codes.join(", ")}` : ""})`);
  }
  const body = (answer.json ?? {}) as { ReturnCode?: unknown; ReturnMessage?: unknown; Status?: unknown };
  const code = typeof body.ReturnCode === "string" || typeof body.ReturnCode === "number" ? String(body.ReturnCode).trim() : "";
  if (DONE.has(code)) return { status: "COMPLETED" };
  if (LATER.has(code)) return { status: "PENDING" };
  if (code) {
    const words = REFUSALS[code] ?? `Cielo refused the refund: ${typeof body.ReturnMessage === "string" ? body.ReturnMessage.slice(0, 200) : "no reason given"}`;
    return failed(`${words} (return code ${code.slice(0, 8)})`);
  }
  // No return code: the status alone says whether the void was made (Voided, Refunded).
  return body.Status === 10 || body.Status === 11 ? { status: "COMPLETED" } : { status: "PENDING" };
}

function failed(reason: string): RefundOutcome {
  return { status: "FAILED", reason };
}
