/**
 * Acquirers: whoever moves the money for a mode. The gateway never talks to a bank or PSP except
 * through this interface, so a real connector plugs in beside the sandbox without touching the
 * operations. A mode with no acquirer cannot create charges: a live key on an installation with
 * no live acquirer is refused, rather than left with a charge that can never settle.
 */
import { ApiError } from "../../lib/problem";
import type { Acquirer, Acquirers, CardAcquirer } from "../../lib/acquirer";

/** The card acquirers of a mode, or the same 422 as `acquirerFor` when the mode has none. */
export function cardAcquirersFor(acquirers: Acquirers, livemode: boolean): readonly CardAcquirer[] {
  const list = livemode ? acquirers.cards.live : acquirers.cards.test;
  if (list.length > 0) return list;
  throw new ApiError(
    "LIVE_MODE_UNAVAILABLE",
    "This installation has no live card acquirer configured, so live card payments are refused. Use a test key (sk_test_…), or ask the operator to configure one.",
  );
}

/**
 * The acquirer that concludes a transaction's refunds: the card acquirer that captured the sale,
 * else (PIX) the mode's acquirer; null when this installation has none of them.
 */
export function refundAcquirerOf(acquirers: Acquirers, tx: { livemode: boolean; acquirer: string | null }): Acquirer | null {
  if (tx.acquirer) return (tx.livemode ? acquirers.cards.live : acquirers.cards.test).find((a) => a.name === tx.acquirer) ?? null;
  return tx.livemode ? acquirers.live : acquirers.test;
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
