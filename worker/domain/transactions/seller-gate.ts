/**
 * Whether a seller may take a payment now: only an ACTIVE seller charges (a sub-seller is PENDING
 * until its KYC is approved; a suspended or blocked one is stopped), in live mode only once it is
 * approved for live (`liveApprovedAt`: docs/sellers.md, "Test and live"), and only by a method its
 * `paymentMethods` lists. The status comes with the key (cached KEY_CACHE_TTL_SECONDS), so a
 * suspension stops payments at once in the process that made it and within seconds elsewhere.
 */
import type { PaymentMethod } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { SellerProfile } from "../api-keys";

/**
 * Throws 422 SELLER_NOT_ACTIVE or PAYMENT_METHOD_NOT_ENABLED when the seller may not charge in
 * the mode `livemode` by `method` (without one, only the status is checked: a confirm, whose method
 * was checked at creation).
 */
export function requireCanCharge(seller: SellerProfile, livemode: boolean, method?: PaymentMethod): void {
  if (seller.status !== "ACTIVE") {
    const why = seller.status === "PENDING" || seller.status === "DRAFT" ? "its KYC is not approved yet" : `it is ${seller.status}`;
    throw new ApiError("SELLER_NOT_ACTIVE", `This seller cannot take payments: ${why}.`, { extensions: { sellerStatus: seller.status } });
  }
  // The status is the seller's own mode's (a test sub-seller's KYC is a test decision): live money
  // needs the live approval too.
  if (livemode && seller.liveApprovedAt === null) {
    throw new ApiError("SELLER_NOT_ACTIVE", "This seller cannot take live payments: it is not approved for live mode.", { extensions: { sellerStatus: seller.status } });
  }
  if (method && seller.paymentMethods && !seller.paymentMethods.includes(method)) {
    throw new ApiError("PAYMENT_METHOD_NOT_ENABLED", `This seller is not enabled for ${method}; its methods are ${seller.paymentMethods.join(", ")}.`, {
      extensions: { paymentMethods: seller.paymentMethods },
    });
  }
}
