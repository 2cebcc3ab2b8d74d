/**
 * Company sellers and their key pairs: creating one (the admin CLI and the Node host's first
 * start) and rotating its keys. Sub-sellers, created through the API, are in sub-sellers/.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys, sellers, teamMembers } from "../db/schema";
import { ApiError } from "../lib/problem";
import { forgetSellerKeys, issueKey, type KeyMode } from "./api-keys";
import { requireApprovedForLive } from "./live-approval";
import { DEFAULT_FEE_PLAN_ID } from "./transactions/fees";

/** A seller with the only copies of its new keys. */
export interface SellerWithKeys {
  sellerId: string;
  apiKey: string;
  publishableKey: string;
}

/** What a company seller is created from. */
export interface NewCompanySeller {
  legalName: string;
  email: string;
  fantasyName?: string;
  mode?: KeyMode;
  /** The fee plan that prices its payments; default DEFAULT_FEE_PLAN_ID. */
  feePlanId?: string;
  /** The city a PIX BR Code names as the merchant's (required to charge by PIX). */
  city?: string;
  /** The DICT key that receives its PIX; default the installation's PIX_RECEIVER_KEY. */
  pixKey?: string;
  /** Its CNPJ (digits, valid check digits): public registration, shown to buyers on its links' page. */
  cnpj?: string;
}

/**
 * The writes that create an ACTIVE company seller on a fee plan with a secret + publishable key
 * pair, for a caller that adds its own writes to the same batch (the first-start bootstrap).
 */
export async function companySellerWrites(db: Db, input: NewCompanySeller, now: Date) {
  const sellerId = crypto.randomUUID();
  const at = now.toISOString();
  const mode = input.mode ?? "test";
  const secret = await issueKey(sellerId, "secret", mode, now);
  const publishable = await issueKey(sellerId, "publishable", mode, now);
  const seller: SellerWithKeys = { sellerId, apiKey: secret.key, publishableKey: publishable.key };
  const writes = [
    db.insert(sellers).values({
      id: sellerId,
      legalName: input.legalName,
      fantasyName: input.fantasyName ?? null,
      email: input.email,
      status: "ACTIVE",
      feePlanId: input.feePlanId ?? DEFAULT_FEE_PLAN_ID,
      city: input.city ?? null,
      pixKey: input.pixKey ?? null,
      documentType: input.cnpj ? "CNPJ" : null,
      documentNumber: input.cnpj ?? null,
      // The operator creating a company with live keys approves it for live (live-approval.ts).
      liveApprovedAt: mode === "live" ? at : null,
      createdAt: at,
      updatedAt: at,
    }),
    db.insert(apiKeys).values([secret.row, publishable.row]),
    // Its creator is its team's OWNER: the person behind the company's e-mail.
    db.insert(teamMembers).values({
      id: crypto.randomUUID(),
      sellerId,
      email: input.email.toLowerCase(),
      firstName: input.legalName,
      lastName: null,
      profile: "OWNER",
      status: "ACTIVE",
      liveAccess: true,
      lastAccessAt: null,
      createdAt: at,
      updatedAt: at,
    }),
  ] as const;
  return { seller, writes };
}

/** Creates an ACTIVE company seller on a fee plan, with a secret + publishable key pair, atomically. */
export async function createCompanySeller(db: Db, input: NewCompanySeller, now: Date): Promise<SellerWithKeys> {
  const { seller, writes } = await companySellerWrites(db, input, now);
  await db.batch(writes);
  return seller;
}

/**
 * Issues a new key pair for a seller and revokes every key it had in that mode, in one batch:
 * there is no moment with no valid key, and none with the old and new both valid afterwards
 * (in this process at once; elsewhere once their key caches expire, KEY_CACHE_TTL_SECONDS).
 * Live keys only for a seller approved for live (403 LIVE_MODE_NOT_APPROVED otherwise).
 * Returns null when the seller does not exist.
 */
export async function rotateSellerKeys(
  db: Db,
  sellerId: string,
  now: Date,
  mode: KeyMode = "test",
): Promise<SellerWithKeys | null> {
  const [seller] = await db.select({ id: sellers.id, liveApprovedAt: sellers.liveApprovedAt }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  if (!seller) return null;
  if (mode === "live") requireApprovedForLive(seller, "hold live keys (approve it first: npm run admin -- seller:approve-live)");
  const secret = await issueKey(sellerId, "secret", mode, now);
  const publishable = await issueKey(sellerId, "publishable", mode, now);
  await db.batch([
    db
      .update(apiKeys)
      .set({ revokedAt: now.toISOString() })
      .where(and(eq(apiKeys.sellerId, sellerId), eq(apiKeys.mode, mode), isNull(apiKeys.revokedAt))),
    db.insert(apiKeys).values([secret.row, publishable.row]),
  ]);
  forgetSellerKeys(db, sellerId);
  return { sellerId, apiKey: secret.key, publishableKey: publishable.key };
}

/**
 * The platform's approval of company `sellerId` for live mode (the operator's
 * `seller:approve-live`): from then on it may hold live keys and live objects. A sub-seller is
 * approved by its company's live KYC decision instead (refused here). Null when there is no such
 * seller; an approved company keeps the time of its first approval.
 */
export async function approveSellerForLive(db: Db, sellerId: string, now: Date): Promise<{ sellerId: string; liveApprovedAt: string } | null> {
  const [seller] = await db.select({ parentId: sellers.parentId, liveApprovedAt: sellers.liveApprovedAt }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  if (!seller) return null;
  if (seller.parentId !== null) {
    throw new ApiError("FORBIDDEN", "A sub-seller is approved for live by its company's live KYC decision (POST /v1/sellers/{sellerId}/kyc with a live key), not by the operator.");
  }
  const at = now.toISOString();
  await db.update(sellers).set({ liveApprovedAt: at, updatedAt: at }).where(and(eq(sellers.id, sellerId), isNull(sellers.liveApprovedAt)));
  forgetSellerKeys(db, sellerId);
  const [row] = await db.select({ liveApprovedAt: sellers.liveApprovedAt }).from(sellers).where(eq(sellers.id, sellerId));
  return { sellerId, liveApprovedAt: row!.liveApprovedAt! };
}
