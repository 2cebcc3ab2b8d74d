/**
 * The operations that move a seller: the KYC decision (the sandbox stands in for the platform's
 * compliance team) and its company's suspension or reactivation. The moves themselves are the
 * table in status.ts.
 */
import { ApiError, notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { sellerInReach } from "./reach";
import { sellerView } from "./serialize";
import { moveSeller } from "./status";

/**
 * Applies the sandbox's KYC decision to a PENDING seller of the caller (itself or its sub-seller)
 * created in test mode: a live seller's KYC is the platform's compliance team's, never a test
 * key's (404, as for a seller out of reach).
 */
export async function decideKyc(platform: Platform, caller: Scope, sellerId: string, decision: "approved" | "rejected", reason?: string) {
  const seller = await sellerInReach(platform.db, caller, sellerId);
  if (seller.livemode !== false) throw notFound("seller", sellerId);
  const moved = await moveSeller(platform, caller, seller, decision === "approved" ? "approve_kyc" : "reject_kyc", reason ?? null);
  return sellerView(platform.db, caller, moved);
}

/** Suspends (or reactivates) a sub-seller: its company's decision, not its own. */
export async function setSuspended(platform: Platform, caller: Scope, sellerId: string, suspended: boolean, reason?: string) {
  const seller = await sellerInReach(platform.db, caller, sellerId);
  if (seller.parentId !== caller.sellerId) {
    throw new ApiError("FORBIDDEN", "Only the seller's company may suspend or reactivate it.");
  }
  const moved = await moveSeller(platform, caller, seller, suspended ? "suspend" : "reactivate", reason ?? null);
  return sellerView(platform.db, caller, moved);
}
