/**
 * The seller cancels a charge before it is paid: PENDING → CANCELLED (event
 * TRANSACTION_CANCELLED, `cancellationReason: "REQUESTED"`). Any other status is a 409 naming
 * it: a paid charge is undone by a refund, not a cancellation. A charge found past its expiry is
 * expired first, so it records EXPIRED and the cancellation is refused as for any CANCELLED one.
 * A live charge made at a PSP is removed there before it is cancelled here (pix/psp-charge.ts).
 */
import { notFound } from "../../lib/problem";
import { removeAtPsp } from "../pix/psp-charge";
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
    // A live charge at the PSP is removed there first: one still payable must not outlive its
    // cancellation here (a PSP that cannot be reached is a 503, and nothing is cancelled).
    const psp = current.row.livemode && current.row.status === "PENDING" && current.row.pixTxid ? platform.acquirers.live?.psp : undefined;
    if (psp) await removeAtPsp(platform, psp, current.row.pixTxid!, current.row.pixDueDate ? "cobv" : "cob");
    return commitTransition(platform, current, {
      trigger: "cancel",
      changes: { cancelledAt: platform.now().toISOString(), cancellationReason: "REQUESTED" },
    });
  });
  return toTransaction(state, platform.config.baseUrl);
}
