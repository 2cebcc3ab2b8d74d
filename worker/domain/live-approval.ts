/**
 * The wall between test and live for sellers (docs/sellers.md, "Test and live"): a seller holds
 * live credentials and live objects only once it is approved for live (`sellers.live_approved_at`):
 * - a company by the platform's operator (`npm run admin -- seller:approve-live`, or
 *   `seller:create --live`);
 * - a live sub-seller by its KYC decision, made by its company's live key
 *   (`POST /v1/sellers/{id}/kyc`);
 * - a test-mode sub-seller never: it exists only in test mode.
 * Until then its live credentials read and change nothing (LIVE_MODE_NOT_APPROVED).
 */
import { ApiError } from "../lib/problem";

/** What the approval is read from: a seller's row or its profile. */
export interface LiveApproval {
  liveApprovedAt: string | null;
}

/** True when the seller may hold live keys and live objects. */
export const approvedForLive = (seller: LiveApproval): boolean => seller.liveApprovedAt !== null;

/** Throws 403 LIVE_MODE_NOT_APPROVED for a live change (`doing`) by a seller not approved for live. */
export function requireApprovedForLive(seller: LiveApproval, doing: string): void {
  if (approvedForLive(seller)) return;
  throw new ApiError(
    "LIVE_MODE_NOT_APPROVED",
    `This seller is not approved for live mode, so it cannot ${doing}: a company is approved by the platform's operator, a live sub-seller by its company's KYC decision, and a test-mode sub-seller exists only in test mode.`,
  );
}
