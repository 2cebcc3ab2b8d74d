/**
 * Acquirers: whoever moves the money for a mode. The gateway never talks to a bank or PSP except
 * through this interface, so a real connector plugs in beside the sandbox without touching the
 * operations. A mode with no acquirer cannot create charges: a live key on an installation with
 * no live acquirer is refused, rather than left with a charge that can never settle.
 */
import { ApiError } from "../../lib/problem";

/** A refund the gateway asks the acquirer to conclude. */
export interface RefundRequest {
  refundId: string;
  transactionId: string;
  amount: number;
}

/** The acquirer's answer to a refund. */
export type RefundOutcome = { status: "COMPLETED" } | { status: "FAILED"; reason: string };

/** What the gateway asks of an acquirer. Card authorization joins with the cards issue. */
export interface Acquirer {
  /** A stable name, for logs and for the records of what it processed. */
  readonly name: string;
  /** Concludes a refund requested earlier (PIX devolução, card refund). */
  concludeRefund(refund: RefundRequest): Promise<RefundOutcome>;
}

/** The acquirer of each mode. */
export interface Acquirers {
  test: Acquirer;
  /** null until the operator configures a live connector (docs/acquirers.md). */
  live: Acquirer | null;
}

/** The acquirer for a mode, or the 422 that tells a live caller why it cannot charge. */
export function acquirerFor(acquirers: Acquirers, livemode: boolean): Acquirer {
  const acquirer = livemode ? acquirers.live : acquirers.test;
  if (acquirer) return acquirer;
  throw new ApiError(
    "LIVE_MODE_UNAVAILABLE",
    "This installation has no live acquirer configured, so live charges and refunds are refused rather than left pending forever. " +
      "Use a test key (sk_test_…), or ask the operator to configure a live acquirer.",
  );
}
