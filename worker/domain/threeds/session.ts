/**
 * The sandbox 3DS server's sessions (docs/cards.md, "3DS"). A session is created by setup, bound
 * to a card (its fingerprint) and, in the pendingAction flow, to a transaction; authenticate binds
 * it to an amount and currency and settles how it ends.
 *
 * The CAVV is not random: it is a keyed digest (vault HMAC) of the authentication id, the card's
 * fingerprint, the amount, the currency and the seller, so it is unguessable, can be recomputed
 * for any later check, and a sale with another card, amount or seller produces another value. Only
 * its own digest is stored, to find the session from it.
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { threedsSessions } from "../../db/schema";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";

export type ThreeDsSessionRow = typeof threedsSessions.$inferSelect;

/** How long a session (and the authentication it produces) may be used. */
export const SESSION_MINUTES = 30;
/** The EMV 3DS version the sandbox speaks. */
export const THREEDS_VERSION = "2.2.0";
/** The gateway's page the ACS returns the buyer to after a live challenge (routes/threeds-pages.ts). */
export const THREEDS_PAGE_RETURN_PATH = "/3ds/return";
/** The `provider` named in pendingAction and results: the service's own 3DS flow. */
export const THREEDS_PROVIDER = "pay-3ds";

/** What a CAVV is bound to. */
export interface CavvBinding {
  authenticationId: string;
  cardFingerprint: string;
  amount: number;
  currency: string;
  sellerId: string;
}

/** The CAVV of an authentication for exactly this card, amount, currency and seller. */
export async function cavvFor(platform: Platform, b: CavvBinding): Promise<string> {
  const [digest] = await platform.vault.digests([`3ds-cavv|${b.authenticationId}|${b.cardFingerprint}|${b.amount}|${b.currency}|${b.sellerId}`]);
  return digest!;
}

/**
 * The CAVV an AUTHENTICATED session issued: the sandbox's recomputed for what it was bound to,
 * a live one opened from the vault (the 3DS server's value cannot be recomputed).
 */
export async function sessionCavv(platform: Platform, session: ThreeDsSessionRow): Promise<string> {
  if (session.provider) {
    if (!session.cavvSealed) throw new ApiError("INVALID_STATE_TRANSITION", "This 3DS session has no authentication value; authenticate again.");
    return platform.vault.open(session.cavvSealed);
  }
  return cavvFor(platform, {
    authenticationId: session.authenticationId!,
    cardFingerprint: session.cardFingerprint,
    amount: session.amount!,
    currency: session.currency!,
    sellerId: session.sellerId,
  });
}

/** The digest a session keeps of its CAVV (to find it from the CAVV a sale sends). */
export async function cavvDigest(platform: Platform, cavv: string): Promise<string> {
  const [digest] = await platform.vault.digests([`3ds-cavv-lookup|${cavv}`]);
  return digest!;
}

/** The session's access token: derived, so nothing more is stored. */
export async function accessTokenFor(platform: Platform, requestId: string): Promise<string> {
  const [digest] = await platform.vault.digests([`3ds-access|${requestId}`]);
  return digest!;
}

/**
 * The caller's session `requestId` (with its `referenceId` when given), or a 404; a browser
 * (publishable key) reaches only sessions of a pendingAction transaction. Expired sessions are 409.
 */
export async function findSession(platform: Platform, scope: Scope, requestId: string, referenceId?: string, browser = false): Promise<ThreeDsSessionRow> {
  const [row] = await platform.db
    .select()
    .from(threedsSessions)
    .where(
      and(
        eq(threedsSessions.id, requestId),
        eq(threedsSessions.sellerId, scope.sellerId),
        eq(threedsSessions.livemode, scope.livemode),
        referenceId ? eq(threedsSessions.referenceId, referenceId) : undefined,
      ),
    )
    .limit(1);
  if (!row || (browser && !row.transactionId)) throw new ApiError("RESOURCE_NOT_FOUND", "No 3DS session of yours has this requestId and referenceId.");
  if (row.expiresAt <= platform.now().toISOString()) {
    throw new ApiError("INVALID_STATE_TRANSITION", `This 3DS session expired at ${row.expiresAt}; start again with setup.`, {
      extensions: { currentStatus: "EXPIRED" },
    });
  }
  return row;
}

/**
 * The finished (AUTHENTICATED or FAILED) session of transaction `transactionId` that no sale has
 * used yet, the most recent first: what a confirm charges. Null when 3DS is not completed.
 */
export async function finishedSessionOf(platform: Platform, transactionId: string): Promise<ThreeDsSessionRow | null> {
  const [row] = await platform.db
    .select()
    .from(threedsSessions)
    .where(and(eq(threedsSessions.transactionId, transactionId), inArray(threedsSessions.status, ["AUTHENTICATED", "FAILED"]), isNull(threedsSessions.usedBy)))
    .orderBy(desc(threedsSessions.updatedAt))
    .limit(1);
  return row ?? null;
}

/** The session that produced `authenticationId` (the challenge page's key), or null. */
export async function sessionByAuthentication(platform: Platform, authenticationId: string): Promise<ThreeDsSessionRow | null> {
  const [row] = await platform.db.select().from(threedsSessions).where(eq(threedsSessions.authenticationId, authenticationId)).limit(1);
  return row ?? null;
}

/** Random identifiers as an ACS issues them: `xid` is 20 bytes base64 (Visa), the others UUIDs. */
export function newXid(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(20))));
}

/** The ECI of a successful authentication: Mastercard says 02, the other brands 05. */
export function eciFor(brand: string): string {
  return brand === "MASTERCARD" ? "02" : "05";
}
