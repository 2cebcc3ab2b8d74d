/**
 * The operations that move a seller: the KYC decision (its company's, in the key's mode; in test
 * mode the sandbox also lets the seller decide its own) and its company's suspension or
 * reactivation. The moves themselves are the table in status.ts; a live sub-seller's approval is
 * its approval for live mode (domain/live-approval.ts).
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

/** Sub-seller `sellerId` of the calling company, in the key's mode (404 otherwise); `forbidden` is the 403 of the seller itself. */
async function subSellerOfCaller(platform: Platform, caller: Scope, sellerId: string, forbidden: string) {
  const seller = await sellerInReach(platform.db, caller, sellerId);
  if (seller.parentId !== caller.sellerId) throw new ApiError("FORBIDDEN", forbidden);
  return seller;
}

/**
 * The company's KYC decision on its PENDING sub-seller, in the key's mode: with a live key,
 * approval makes the sub-seller ACTIVE and approved for live. The sub-seller itself gets 403.
 */
export async function decideSubSellerKyc(platform: Platform, caller: Scope, sellerId: string, decision: "approved" | "rejected", reason?: string) {
  const seller = await subSellerOfCaller(platform, caller, sellerId, "A seller's KYC is decided by its company, not by the seller itself.");
  const moved = await moveSeller(platform, caller, seller, decision === "approved" ? "approve_kyc" : "reject_kyc", reason ?? null);
  return sellerView(platform.db, caller, moved);
}

/** Suspends (or reactivates) a sub-seller: its company's decision, not its own. */
export async function setSuspended(platform: Platform, caller: Scope, sellerId: string, suspended: boolean, reason?: string) {
  const seller = await subSellerOfCaller(platform, caller, sellerId, "Only the seller's company may suspend or reactivate it.");
  const moved = await moveSeller(platform, caller, seller, suspended ? "suspend" : "reactivate", reason ?? null);
  return sellerView(platform.db, caller, moved);
}
