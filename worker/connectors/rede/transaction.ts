/**
 * A sale as e.Rede's queries answer it (card-connectors.md §3.6), which is not the shape of the
 * authorization's answer: `{authorization: {…}, capture: {…}, refunds: […]}`. Read here into one
 * typed record, and the refund list of `GET /transactions/{tid}/refunds` with it.
 */

/** One refund of a sale, as Rede lists it. */
export interface RedeRefund {
  refundId: string;
  /** Cents. */
  amount: number;
  /** Rede's word ("Done" in the simulator; the other values are unconfirmed). */
  status: string;
  refundDateTime: string | null;
}

/** A sale as Rede holds it. */
export interface RedeTransaction {
  tid: string;
  reference: string;
  /** `authorization.status`: "Approved"; "Denied", "Canceled", "Pending" are believed to exist (unconfirmed). */
  status: string;
  returnCode: string;
  returnMessage: string;
  /** Authorized amount, cents. */
  amount: number;
  authorizationCode: string | null;
  nsu: string | null;
  cardBin: string | null;
  last4: string | null;
  /** Captured amount in cents, or null when not captured. */
  capturedAmount: number | null;
  refunds: RedeRefund[];
}

/** A transaction's answer that does not have the documented shape; nothing is concluded from it. */
export class MalformedRedeAnswerError extends Error {
  override name = "MalformedRedeAnswerError";
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null);
const object = (value: unknown): Json | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null);

/** Cents: a whole number (Rede's amounts are integer cents). */
function cents(value: unknown, what: string): number {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) throw new MalformedRedeAnswerError(`${what} is not a whole number of cents`);
  return n;
}

/** The query's answer as a RedeTransaction. */
export function transactionOf(body: Json): RedeTransaction {
  const authorization = object(body.authorization);
  const tid = text(authorization?.tid);
  if (!authorization || !tid) throw new MalformedRedeAnswerError("a transaction's answer has no authorization.tid");
  const brand = object(authorization.brand);
  const capture = object(body.capture);
  return {
    tid,
    reference: text(authorization.reference) ?? "",
    status: text(authorization.status) ?? "",
    returnCode: text(authorization.returnCode) ?? "",
    returnMessage: text(authorization.returnMessage) ?? "",
    amount: cents(authorization.amount, "authorization.amount"),
    // With Transaction-Response: brand-return-opened the issuer's code is in brand{}; some answers also carry it at the top.
    authorizationCode: text(authorization.authorizationCode) ?? text(brand?.authorizationCode),
    nsu: text(authorization.nsu),
    cardBin: text(authorization.cardBin),
    last4: text(authorization.last4),
    capturedAmount: capture && capture.amount !== undefined ? cents(capture.amount, "capture.amount") : null,
    refunds: refundsOf(body),
  };
}

/** The `refunds` list of a query or of `GET /transactions/{tid}/refunds` (absent: none). */
export function refundsOf(body: Json): RedeRefund[] {
  if (body.refunds === undefined || body.refunds === null) return [];
  if (!Array.isArray(body.refunds)) throw new MalformedRedeAnswerError("refunds is not a list");
  return body.refunds.map((item, i) => {
    const refund = object(item);
    if (!refund) throw new MalformedRedeAnswerError(`refunds[${i}] is not an object`);
    return {
      refundId: text(refund.refundId) ?? "",
      amount: cents(refund.amount, `refunds[${i}].amount`),
      status: text(refund.status) ?? "",
      refundDateTime: text(refund.refundDateTime),
    };
  });
}

/** Refund statuses that mean no money went back. */
const REFUSED = /denied|fail|refused|reject|cancel|error/i;
/** Refund statuses that mean not final yet. */
const IN_FLIGHT = /process|pend|request/i;

/** Whether a listed refund moved (or is moving) money: any status but a refusal. */
export function refundCounts(refund: RedeRefund): boolean {
  return !REFUSED.test(refund.status);
}

/** Whether a listed refund is still being processed. */
export function refundInFlight(refund: RedeRefund): boolean {
  return IN_FLIGHT.test(refund.status);
}
