/**
 * The sandbox's payer's bank for PIX Automático charges (test keys): how the next charge
 * instruction of a subscription ends, stored on its recurrence (pix_recurrences.
 * sandbox_next_charge_outcome), taken and cleared by the batch that issues that instruction
 * (automatico-issue.ts), and played on its settlement date (automatico-sweep.ts). Unset: PAID.
 */
import { and, eq } from "drizzle-orm";
import { pixRecurrences, subscriptions } from "../../db/schema";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { SandboxChargeOutcome } from "../../../shared/subscriptions";
import type { Scope } from "../scope";

/** Sets how subscription `id`'s next charge instruction ends. 404 unless it is the scope's PIX_AUTOMATICO subscription (test mode). */
export async function setNextChargeOutcome(platform: Platform, scope: Scope, id: string, outcome: SandboxChargeOutcome): Promise<{ subscriptionId: string; nextChargeOutcome: SandboxChargeOutcome }> {
  const s = subscriptions;
  const r = pixRecurrences;
  const at = platform.now().toISOString();
  const [set] = await platform.db
    .update(r)
    .set({ sandboxNextChargeOutcome: outcome, revision: crypto.randomUUID(), updatedAt: at })
    .where(
      and(
        eq(r.subscriptionId, id),
        eq(r.sellerId, scope.sellerId),
        eq(r.livemode, false),
        eq(r.livemode, scope.livemode),
        // The subscription itself must be the seller's PIX Automático one: another seller's is a 404, never a write.
        eq(r.subscriptionId, platform.db.select({ id: s.id }).from(s).where(and(eq(s.id, id), eq(s.sellerId, scope.sellerId), eq(s.paymentMethod, "PIX_AUTOMATICO")))),
      ),
    )
    .returning({ id: r.id });
  if (!set) throw notFound("PIX Automático subscription", id);
  return { subscriptionId: id, nextChargeOutcome: outcome };
}
