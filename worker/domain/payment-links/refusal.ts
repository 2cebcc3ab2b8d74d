/**
 * Why a payment link refuses a payment, as distinct codes a page can show: inactive (or still a
 * draft), expired, or sold out (every use paid or held by a pending charge). A refused charge was
 * never created: the refusal comes before any charge exists (room.ts).
 */
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { holdRefusal, type HoldKeys } from "./holds";
import { readLink } from "./store";
import { unpayableReason, type LinkState } from "./serialize";

/** The error for a link that cannot take a payment now, or null when it can. */
export function refusalOf(state: LinkState): ApiError | null {
  const reason = unpayableReason(state);
  // `currentStatus`, as every state refusal names it (`status` is the problem's HTTP status).
  const ext = { extensions: { paymentLinkId: state.row.id, currentStatus: state.row.status } };
  switch (reason) {
    case "EXPIRED":
      return new ApiError("PAYMENT_LINK_EXPIRED", `This payment link expired at ${state.row.expiresAt}.`, ext);
    case "DRAFT":
    case "INACTIVE":
      return new ApiError("PAYMENT_LINK_INACTIVE", "This payment link is not active: its seller has not published it, or has turned it off.", ext);
    case "SOLD_OUT":
      return new ApiError("PAYMENT_LINK_SOLD_OUT", `This payment link has no uses left: all ${state.row.maxUses} are paid or being paid.`, {
        extensions: { ...ext.extensions, maxUses: state.row.maxUses },
      });
    default:
      return null;
  }
}

/**
 * The refusal of a charge the link's guard turned down: read again to say why (the link cannot be
 * paid, or one of its caps on unpaid charges refused this buyer's: holds.ts).
 */
export async function linkRefusal(platform: Platform, charge: { paymentLinkId: string } & Partial<HoldKeys>): Promise<ApiError> {
  const state = await readLink(platform, charge.paymentLinkId, undefined, "room");
  const refusal = (state && refusalOf(state)) ?? (state && (await holdRefusal(platform, state.row, { holdAddress: charge.holdAddress ?? null, holdDocument: charge.holdDocument ?? null })));
  if (refusal) return refusal;
  // The room it lacked was freed meanwhile (a pending charge expired): the buyer may retry.
  return new ApiError("CONCURRENT_MODIFICATION", "The payment link changed while this payment was made; nothing was charged, retry it.", {
    headers: { "Retry-After": "1" },
  });
}
