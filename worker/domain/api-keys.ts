/**
 * API keys: how they look, how they are stored, and how a request's key is resolved.
 *
 * A key is `{sk|pk}_{test|live}_` + 32 base62 characters (190 bits). Only its SHA-256 is stored,
 * with a short visible prefix; the full key is shown once, when issued.
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { apiKeys, sellers, type PaymentMethod } from "../db/schema";
import { LRU } from "../lib/lru";
import { randomToken, sha256Hex } from "../lib/crypto";

export type KeyKind = "secret" | "publishable";
export type KeyMode = "test" | "live";

/** A freshly issued key: `key` is the only copy of the secret in existence. */
export interface IssuedKey {
  id: string;
  kind: KeyKind;
  mode: KeyMode;
  key: string;
  row: typeof apiKeys.$inferInsert;
}

/** What a charge needs to know about its seller, resolved with the key (and cached with it). */
export interface SellerProfile {
  legalName: string;
  fantasyName: string | null;
  city: string | null;
  pixKey: string | null;
  status: "DRAFT" | "PENDING" | "ACTIVE" | "SUSPENDED" | "BLOCKED";
  /** Its company; null for a company (a seller without a parent). */
  parentId: string | null;
  /** The methods it may charge; null: every method its fee plan prices (company sellers). */
  paymentMethods: PaymentMethod[] | null;
  /** When it was approved for live mode; null: test only (docs/sellers.md, "Test and live"). */
  liveApprovedAt: string | null;
}

/** The identity a valid key resolves to. */
export interface KeyIdentity {
  keyId: string;
  sellerId: string;
  kind: KeyKind;
  mode: KeyMode;
  seller: SellerProfile;
}

const KEY_PATTERN = /^(sk|pk)_(test|live)_[0-9A-Za-z]{32}$/;

/** How many characters of a key are kept in clear to recognise it (`sk_test_AbCd`). */
export const VISIBLE_PREFIX_LENGTH = 12;

/** Builds a new key and the row that stores its hash (the caller writes the row). */
export async function issueKey(sellerId: string, kind: KeyKind, mode: KeyMode, now: Date): Promise<IssuedKey> {
  const key = `${kind === "secret" ? "sk" : "pk"}_${mode}_${randomToken(32)}`;
  const id = crypto.randomUUID();
  return {
    id,
    kind,
    mode,
    key,
    row: {
      id,
      sellerId,
      kind,
      mode,
      prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
      hash: await sha256Hex(key),
      // A publishable key is public by design: kept so pendingAction can name it.
      publicKey: kind === "publishable" ? key : null,
      createdAt: now.toISOString(),
    },
  };
}

/**
 * How long a resolved key is trusted without asking the database again. Every request needs its
 * key, and on the Worker each lookup is a round trip to Turso; a few seconds of cache removes it
 * from nearly every request. The price: a key revoked by another process (the admin CLI, another
 * isolate) keeps working for up to this long there; this process forgets it at once
 * (docs/authentication.md).
 */
export const KEY_CACHE_TTL_SECONDS = 5;
const KEY_CACHE_SIZE = 10_000;

interface CachedKey {
  identity: KeyIdentity;
  expiresAt: number;
}

// Per database (one per host process or Worker isolate), keyed by the presented key itself so a
// hit costs no hashing; the map lives in this process's memory only, beside the request it serves.
const caches = new WeakMap<Db, LRU<string, CachedKey>>();
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

/** The columns of a SellerProfile (also packed into the checkout session's one read). */
export const PROFILE_COLUMNS = {
  legalName: sellers.legalName,
  fantasyName: sellers.fantasyName,
  city: sellers.city,
  pixKey: sellers.pixKey,
  status: sellers.status,
  paymentMethods: sellers.paymentMethods,
  parentId: sellers.parentId,
  liveApprovedAt: sellers.liveApprovedAt,
};

/** Seller `sellerId`'s profile, for a payment made without its key (a buyer paying its payment link). */
export async function sellerProfileOf(db: Db, sellerId: string): Promise<SellerProfile | null> {
  const [profile] = await profileById(db).all({ id: sellerId });
  return profile ?? null;
}

/** Built once per database: a buyer's every link payment reads its seller. */
const profileById = perDatabase((db) => db.select(PROFILE_COLUMNS).from(sellers).where(eq(sellers.id, sql.placeholder("id"))).limit(1).prepare());

function prepareLookup(db: Db) {
  return db
    .select({ id: apiKeys.id, sellerId: apiKeys.sellerId, kind: apiKeys.kind, mode: apiKeys.mode, keyExpiresAt: apiKeys.expiresAt, ...PROFILE_COLUMNS })
    .from(apiKeys)
    .innerJoin(sellers, eq(sellers.id, apiKeys.sellerId))
    // A rolled key works until its expiry (docs/dashboard.md).
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql.placeholder("now")))))
    .limit(1)
    .prepare();
}

function cacheOf(db: Db): LRU<string, CachedKey> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new LRU(KEY_CACHE_SIZE)));
  return cache;
}

/** Resolves a presented key to its seller, or null when it is malformed, unknown or revoked. */
export async function resolveKey(db: Db, presented: string, now: Date): Promise<KeyIdentity | null> {
  if (!KEY_PATTERN.test(presented)) return null;
  const cache = cacheOf(db);
  const hit = cache.get(presented);
  if (hit && hit.expiresAt > now.getTime()) return hit.identity;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.all({ hash: await sha256Hex(presented), now: now.toISOString() });
  if (!row) {
    cache.delete(presented);
    return null;
  }
  const { id, sellerId, kind, mode, keyExpiresAt, ...seller } = row;
  const identity: KeyIdentity = { keyId: id, sellerId, kind, mode, seller };
  // Never cached past the key's own end.
  const trusted = now.getTime() + KEY_CACHE_TTL_SECONDS * 1000;
  cache.set(presented, { identity, expiresAt: keyExpiresAt ? Math.min(trusted, Date.parse(keyExpiresAt)) : trusted });
  return identity;
}

/** Forgets this process's cached keys of a seller: call after revoking or changing them. */
export function forgetSellerKeys(db: Db, sellerId: string): void {
  caches.get(db)?.deleteWhere((entry) => entry.identity.sellerId === sellerId);
}
