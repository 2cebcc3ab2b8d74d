/**
 * Creating a PIX charge: (none) → PENDING.
 *
 * The charge gets a dynamic BR Code whose location URL (on this service) serves the signed cob
 * payload, an unguessable QR image URL, and an expiry (`expirationSeconds`, default 3600). The
 * customer is a snapshot of the buyer (by `buyerId`) or of the inline `buyer`; an inline buyer is
 * not saved as a Buyer, because the Buyer resource needs contact fields the inline form may omit.
 * The seller's fee rate for PIX is copied onto the row and charged when the payment arrives.
 *
 * Runs under an idempotency claim: the row is inserted only while the claim is held, and the
 * claim is completed with the exact response text in the same batch.
 */
import { and, eq, sql } from "drizzle-orm";
import { insertWhere, rowsAffected } from "../../db/guarded";
import { sellers, transactions, type CustomerRow } from "../../db/schema";
import { findBuyer } from "../buyers";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import { PIX_EXPIRATION, type TransactionCreate } from "../../schemas/transaction";
import { buildDynamicBrCode, hasBrCodeText } from "../pix/brcode";
import { LOCATION_ID_LENGTH, locationUrl } from "../pix/location";
import { sellerFeeRate } from "./fees";
import { claimHeld, claimTakenOver, completeClaim, type Claim } from "./idempotency";
import { toTransaction, type TransactionRow } from "./serialize";
import type { Scope } from "./store";

/** The BR Code needs a merchant city and sellers have no address yet (docs/pix.md). */
export const DEFAULT_MERCHANT_CITY = "Sao Paulo";

/** The request, once validated and claimed. */
export interface CreatePixInput {
  scope: Scope;
  claim: Claim;
  body: TransactionCreate;
}

/** The customer snapshot: from the seller's buyer, or the inline buyer. */
async function customerOf(platform: Platform, scope: Scope, body: TransactionCreate): Promise<CustomerRow> {
  if (body.buyer) {
    const { name, email, documentType, documentNumber, phone, address } = body.buyer;
    return { name, email: email ?? null, documentType, documentNumber, phone: phone ?? null, address: address ?? null };
  }
  const buyer = await findBuyer(platform.db, scope, body.buyerId!);
  if (!buyer) {
    throw validationError([{ path: "buyerId", in: "body", code: "not_found", message: "no buyer of yours has this id" }]);
  }
  const { name, email, documentType, documentNumber, phone, address } = buyer;
  return { name, email, documentType, documentNumber, phone, address };
}

/** Creates the charge; returns the 201 response text (also stored for replays). */
export async function createPixTransaction(platform: Platform, { scope, claim, body }: CreatePixInput): Promise<{ status: 201; body: string }> {
  const { db, config } = platform;
  const [customer, rate, [seller]] = await Promise.all([
    customerOf(platform, scope, body),
    sellerFeeRate(db, scope.sellerId, "PIX"),
    db.select().from(sellers).where(eq(sellers.id, scope.sellerId)).limit(1),
  ]);
  if (!seller) throw new ApiError("UNAUTHENTICATED", "The seller of this key no longer exists.");
  if (!rate) throw new ApiError("UNPROCESSABLE", "Your fee plan has no price for PIX; ask the platform to assign one.");
  // The BR Code carries plain ASCII only: a name that is all emoji or non-Latin script would
  // make the encoder throw (a 500 on every charge), so fall back to the next usable name.
  const merchantName = [seller.fantasyName, seller.legalName].find(hasBrCodeText);
  if (!merchantName) {
    throw new ApiError("UNPROCESSABLE", "Your fantasy and legal names have no Latin characters, which a PIX BR Code requires; ask the platform to set a fantasy name.");
  }

  const now = platform.now();
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const locationId = randomToken(LOCATION_ID_LENGTH);
  const row: TransactionRow = {
    id,
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    status: "PENDING",
    paymentMethod: "PIX",
    amount: body.amount,
    currency: body.currency,
    description: body.description ?? null,
    buyerId: body.buyerId ?? null,
    customer,
    idempotencyKey: claim.key,
    pixLocationId: locationId,
    // The BCB txid: 26 to 35 alphanumerics; 32 random ones.
    pixTxid: randomToken(32),
    pixQrCode: buildDynamicBrCode({
      locationUrl: locationUrl(config.baseUrl, locationId),
      amountMinor: body.amount,
      merchantName,
      merchantCity: hasBrCodeText(seller.city) ? seller.city : DEFAULT_MERCHANT_CITY,
    }),
    expiresAt: new Date(now.getTime() + (body.expirationSeconds ?? PIX_EXPIRATION.default) * 1000).toISOString(),
    feePlanId: rate.feePlanId,
    feePercentBps: rate.percentBps,
    feeFixedAmount: rate.fixedAmount,
    feeAmount: null,
    netAmount: null,
    paidAt: null,
    cancelledAt: null,
    cancellationReason: null,
    revision: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
  const text = JSON.stringify(toTransaction({ row, refunds: [] }, config.baseUrl));
  const [inserted] = await db.batch([
    insertWhere(db, transactions, row, claimHeld(claim)),
    completeClaim(db, claim, { status: 201, body: text }, sql`exists (select 1 from ${transactions} where ${transactions.id} = ${id})`),
  ]);
  if (rowsAffected(inserted) !== 1) {
    throw claimTakenOver();
  }
  return { status: 201, body: text };
}
