/**
 * Committing a subscription's moves (machine.ts) through the outbox: a guarded UPDATE (the status
 * read must still be current, plus any condition of the caller's batch) that sets only what the
 * move changes, and the move's event, written under "this move happened" (its fresh revision).
 * SUBSCRIPTION_* events carry the subscription as it is after the move in `data.details`.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { subscriptions } from "../../db/schema";
import type { Platform } from "../../platform";
import { newEvent, type Outbox } from "../events/outbox";
import { SUBSCRIPTION_MACHINE, type SubscriptionTrigger } from "./machine";
import { toSubscription, type SubscriptionRow } from "./store";

/** What a move changes besides status, revision and updatedAt. */
export type SubscriptionChanges = Partial<Omit<SubscriptionRow, "id" | "status" | "revision" | "updatedAt" | "sellerId" | "livemode">>;

/**
 * Adds `trigger` from `current` to `outbox` at `at`. Returns the subscription after it and `moved`,
 * SQL true exactly when the move happened (for statements that must go with it). `when`: a
 * further condition, e.g. "the invoice was paid by this batch".
 */
export function addSubscriptionMove(
  outbox: Outbox,
  platform: Platform,
  current: SubscriptionRow,
  trigger: SubscriptionTrigger,
  at: string,
  changes: SubscriptionChanges = {},
  when?: SQL,
): { next: SubscriptionRow; moved: SQL; index: number } {
  const rule = SUBSCRIPTION_MACHINE.require(current.status, trigger);
  const revision = crypto.randomUUID();
  const next: SubscriptionRow = { ...current, ...changes, status: rule.to, revision, updatedAt: at };
  const s = subscriptions;
  const index = outbox.change(
    platform.db
      .update(s)
      .set({ ...changes, status: rule.to, revision, updatedAt: at })
      .where(and(eq(s.id, current.id), eq(s.status, current.status), when))
      .returning({ id: s.id }),
  );
  const moved = sql`exists (select 1 from ${s} where ${s.id} = ${current.id} and ${s.revision} = ${revision})`;
  if (rule.event) {
    outbox.emit(newEvent({ type: rule.event, sellerId: current.sellerId, livemode: current.livemode, occurredAt: at, data: { details: toSubscription(next) } }), moved);
  }
  return { next, moved, index };
}

/** True when a batch result says its guarded UPDATE … RETURNING changed a row. */
export function changed(result: unknown): boolean {
  const r = result as { rows?: unknown[] } | unknown[] | undefined;
  if (Array.isArray(r)) return r.length > 0;
  return (r?.rows?.length ?? 0) > 0;
}
