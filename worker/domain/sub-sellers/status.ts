/**
 * The seller status machine, as one table. A new sub-seller starts PENDING (its KYC data came with
 * it); the KYC decision makes it ACTIVE or BLOCKED; its company may suspend an ACTIVE seller and
 * reactivate a SUSPENDED one; BLOCKED is final. Only an ACTIVE seller takes payments.
 *
 * Every move writes SELLER_STATUS_CHANGED (to the seller's webhooks and its company's: events/fan-out.ts)
 * in the same batch as the change, guarded by the status it starts from, so two racing decisions
 * move the seller once and write one event.
 */
import { and, eq, sql } from "drizzle-orm";
import { sellers } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { forgetSellerKeys } from "../api-keys";
import type { Scope } from "../scope";
import { newEvent, Outbox } from "../events/outbox";
import type { EventType } from "../../../shared/events";
import { SELLER_STATUSES } from "../../db/schema";
import { defineStateMachine } from "../lifecycle/state-machine";
import type { SellerRow } from "./reach";

export type SellerStatus = SellerRow["status"];

const VERBS = {
  submit_kyc: "submit KYC",
  approve_kyc: "be approved",
  reject_kyc: "be rejected",
  suspend: "be suspended",
  reactivate: "be reactivated",
} as const;
/** What can happen to a seller. */
export type SellerTrigger = keyof typeof VERBS;

/** The seller's lifecycle: every allowed move writes SELLER_STATUS_CHANGED. */
export const SELLER_MACHINE = defineStateMachine<SellerStatus, SellerTrigger, EventType>({
  resource: "seller",
  statuses: SELLER_STATUSES,
  verbs: VERBS,
  moves: [
    { from: "DRAFT", trigger: "submit_kyc", to: "PENDING", event: "SELLER_STATUS_CHANGED" },
    { from: "PENDING", trigger: "approve_kyc", to: "ACTIVE", event: "SELLER_STATUS_CHANGED" },
    { from: "PENDING", trigger: "reject_kyc", to: "BLOCKED", event: "SELLER_STATUS_CHANGED" },
    { from: "ACTIVE", trigger: "suspend", to: "SUSPENDED", event: "SELLER_STATUS_CHANGED" },
    { from: "SUSPENDED", trigger: "reactivate", to: "ACTIVE", event: "SELLER_STATUS_CHANGED" },
  ],
});

/** Every allowed move: from-status × trigger → to-status. */
export const SELLER_TRANSITIONS = SELLER_MACHINE.moves;

/**
 * Moves `seller` by `trigger` and writes its event (in the caller's mode, whose webhooks hear of
 * it). Returns the updated row. A concurrent move that got there first is a 409.
 */
export async function moveSeller(platform: Platform, caller: Scope, seller: SellerRow, trigger: SellerTrigger, reason: string | null): Promise<SellerRow> {
  const move = SELLER_MACHINE.require(seller.status, trigger);
  const at = platform.now().toISOString();
  // A live seller's KYC approval is its approval for live mode (domain/live-approval.ts).
  const live = trigger === "approve_kyc" && seller.livemode === true ? { liveApprovedAt: at } : {};
  const updated: SellerRow = { ...seller, ...live, status: move.to, statusReason: reason, statusChangedAt: at, updatedAt: at };
  const event = newEvent({
    type: move.event!,
    sellerId: seller.id,
    livemode: caller.livemode,
    occurredAt: at,
    data: { details: { sellerId: seller.id, previousStatus: seller.status, status: move.to, reason, changedAt: at } },
  });
  const outbox = new Outbox(platform);
  const moved = outbox.change(
    platform.db
      .update(sellers)
      .set({ ...live, status: move.to, statusReason: reason, statusChangedAt: at, updatedAt: at })
      .where(and(eq(sellers.id, seller.id), eq(sellers.status, seller.status)))
      .returning({ id: sellers.id }),
  );
  // The event is written only if the UPDATE just before it in this batch moved the seller.
  outbox.emit(event, sql`changes() = 1`);
  const results = await outbox.commit();
  if ((results[moved] as unknown[]).length !== 1) {
    throw new ApiError("CONCURRENT_MODIFICATION", "The seller's status changed while this request was applied; nothing was changed, read it and retry.", {
      headers: { "Retry-After": "1" },
    });
  }
  // Its keys carry its status: forget them here at once (elsewhere within KEY_CACHE_TTL_SECONDS).
  forgetSellerKeys(platform.db, seller.id);
  return updated;
}
