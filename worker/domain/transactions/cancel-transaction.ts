/**
 * The seller cancels a charge before it is paid: PENDING → CANCELLED (event
 * TRANSACTION_CANCELLED, `cancellationReason: "REQUESTED"`). Any other status is a 409 naming
 * it: a paid charge is undone by a refund, not a cancellation. A charge found past its expiry is
 * expired first, so it records EXPIRED and the cancellation is refused as for any CANCELLED one.
 */
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Transaction } from "../../schemas/transaction";
import { toTransaction } from "./serialize";
import { readTransaction } from "./store";
import type { Scope } from "../scope";
import { commitTransition, retryOnRace } from "./transition";

/** Cancels the scope's transaction `id` and returns it. */
export async function cancelTransaction(platform: Platform, scope: Scope, id: string): Promise<Transaction> {
  const state = await retryOnRace(async () => {
    const current = await readTransaction(platform, id, scope);
    if (!current) throw notFound("transaction", id);
    return commitTransition(platform, current, {
      trigger: "cancel",
      changes: { cancelledAt: platform.now().toISOString(), cancellationReason: "REQUESTED" },
    });
  });
  return toTransaction(state, platform.config.baseUrl);
}
