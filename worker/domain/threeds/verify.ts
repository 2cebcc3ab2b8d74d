/**
 * Checking the `threeDs` a card sale carries against what this 3DS server issued, and claiming it
 * for one transaction. A sale is refused (400 THREEDS_AUTHENTICATION_INVALID, with `reason`) when
 * the CAVV is unknown, belongs to another seller or mode, was issued for another card, amount or
 * currency, has expired, was already used, or lacks what the brand requires: the directory
 * server's transaction id for Mastercard, the 3DS server's for Amex; `xid` is checked for Visa
 * only. The claim is a guarded UPDATE, so one CAVV pays at most one transaction, even under races.
 */
import { and, eq, isNull } from "drizzle-orm";
import { threedsSessions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { ThreeDsInput } from "../../schemas/card";
import type { Scope } from "../scope";
import { cavvDigest, cavvFor, sessionCavv, type ThreeDsSessionRow } from "./session";

/** Why a 3DS result does not authorize a payment. */
export type ThreeDsRefusal = "unknown" | "mismatch" | "expired" | "already_used" | "brand_field_missing" | "brand_field_mismatch";

function refuse(reason: ThreeDsRefusal, detail: string): ApiError {
  return new ApiError("THREEDS_AUTHENTICATION_INVALID", detail, { extensions: { reason } });
}

/** What the sale is: the authentication must have been issued for exactly this. */
export interface SaleBinding {
  cardFingerprint: string;
  brand: string;
  amount: number;
  currency: string;
}

/** The session that issued `threeDs.cavv` for this sale, checked (not yet claimed; `claimThreeDs` decides use). */
export async function verifyThreeDs(platform: Platform, scope: Scope, threeDs: ThreeDsInput, sale: SaleBinding): Promise<ThreeDsSessionRow> {
  const [session] = await platform.db
    .select()
    .from(threedsSessions)
    .where(eq(threedsSessions.cavvDigest, await cavvDigest(platform, threeDs.cavv)))
    .limit(1);
  if (!session || session.sellerId !== scope.sellerId || session.livemode !== scope.livemode || session.status !== "AUTHENTICATED") {
    throw refuse("unknown", "threeDs.cavv was not issued by this service's 3DS server for you: run the 3DS flow for this payment.");
  }
  // The sandbox's CAVV is bound to the card, amount and currency; a live one is checked against
  // what the session authenticated.
  const expected = session.provider
    ? await sessionCavv(platform, session)
    : await cavvFor(platform, { authenticationId: session.authenticationId!, cardFingerprint: sale.cardFingerprint, amount: sale.amount, currency: sale.currency, sellerId: scope.sellerId });
  const sameSale = session.cardFingerprint === sale.cardFingerprint && session.amount === sale.amount && session.currency === sale.currency;
  if (expected !== threeDs.cavv || !sameSale) throw refuse("mismatch", "The 3DS authentication was for another card, amount or currency: authenticate this payment.");
  // A used authentication is not refused here (nor as expired): the claim fails, and the create
  // batch then replays the first answer when the Idempotency-Key is the same, or refuses it as used.
  if (!session.usedBy && session.expiresAt <= platform.now().toISOString()) throw refuse("expired", `This 3DS authentication expired at ${session.expiresAt}; authenticate again.`);
  const requirement = sale.brand === "MASTERCARD"
    ? { field: "directoryServerTransactionId", sent: threeDs.directoryServerTransactionId, issued: session.dsTransactionId }
    : sale.brand === "AMEX"
      ? { field: "threeDsServerTransactionId", sent: threeDs.threeDsServerTransactionId, issued: session.serverTransactionId }
      : null;
  // A live 3DS server that did not name the id cannot have it checked (the acquirer will).
  if (requirement && requirement.issued === null && session.provider) return session;
  if (requirement && !requirement.sent) throw refuse("brand_field_missing", `threeDs.${requirement.field} is required for ${sale.brand}.`);
  if (requirement && requirement.sent !== requirement.issued) throw refuse("brand_field_mismatch", `threeDs.${requirement.field} is not the one this authentication issued.`);
  if (sale.brand === "VISA" && threeDs.xid !== undefined && threeDs.xid !== session.xid) throw refuse("brand_field_mismatch", "threeDs.xid is not the one this authentication issued.");
  return session;
}

/** Claims the session for transaction `transactionId`; false when another transaction got it first. */
export async function claimThreeDs(platform: Platform, sessionId: string, transactionId: string): Promise<boolean> {
  const [claimed] = await platform.db
    .update(threedsSessions)
    .set({ usedBy: transactionId, updatedAt: platform.now().toISOString() })
    .where(and(eq(threedsSessions.id, sessionId), isNull(threedsSessions.usedBy)))
    .returning({ id: threedsSessions.id });
  return claimed !== undefined;
}

/** The refusal for a lost claim. */
export function alreadyUsed(): ApiError {
  return refuse("already_used", "This 3DS authentication has already paid a transaction; authenticate again for a new payment.");
}
