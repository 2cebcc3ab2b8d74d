/**
 * API keys as the dashboard shows and rolls them (docs/dashboard.md, "Rolling a key"). A roll
 * issues a new key of the same kind and mode, shown once, and gives the keys it replaces an
 * expiry: now, or up to ROLL_WINDOW_MAX_HOURS later, so a seller can deploy the new secret before
 * the old one stops working (Stripe's "roll key"). Keys are only ever listed masked, except a
 * publishable key, which is public by design.
 */
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { apiKeys } from "../../db/schema";
import { forgetSellerKeys, issueKey, type KeyKind, type KeyMode } from "../api-keys";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { Scope } from "../scope";

/** The longest an old key may keep working after a roll. */
export const ROLL_WINDOW_MAX_HOURS = 168;

type KeyRow = typeof apiKeys.$inferSelect;
const modeOf = (scope: Scope): KeyMode => (scope.livemode ? "live" : "test");

/** A key as listed: never the secret itself. */
function toListedKey(row: KeyRow) {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    // The visible prefix and a mask: enough to recognise the key in a config file.
    maskedKey: `${row.prefix}${"•".repeat(8)}`,
    publishableKey: row.kind === "publishable" ? row.publicKey : null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** The seller's keys of the scope's mode that still work, newest first. */
export async function listKeys(platform: Platform, scope: Scope) {
  const now = platform.now().toISOString();
  const rows = await platform.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.sellerId, scope.sellerId), eq(apiKeys.mode, modeOf(scope)), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
    .orderBy(desc(apiKeys.createdAt));
  return { items: rows.map(toListedKey) };
}

/**
 * Issues the scope's first key pair (a seller's live keys, say): both keys, shown once. A mode
 * that already has a working key is rolled instead (409), so no key is ever left forgotten beside
 * its replacement.
 */
export async function createKeyPair(platform: Platform, scope: Scope) {
  if ((await listKeys(platform, scope)).items.length > 0) {
    throw new ApiError("INVALID_STATE_TRANSITION", `This seller already has ${modeOf(scope)} keys: roll them instead.`, { extensions: { currentStatus: "HAS_KEYS" } });
  }
  const now = platform.now();
  const secret = await issueKey(scope.sellerId, "secret", modeOf(scope), now);
  const publishable = await issueKey(scope.sellerId, "publishable", modeOf(scope), now);
  await platform.db.insert(apiKeys).values([secret.row, publishable.row]);
  const listed = (issued: typeof secret) => ({ key: issued.key, ...toListedKey({ ...issued.row, revokedAt: null, expiresAt: null, publicKey: issued.row.publicKey ?? null } as KeyRow) });
  return { secret: listed(secret), publishable: listed(publishable) };
}

/**
 * Rolls the scope's `kind` key: a new key (its only copy in the answer), and every key of that
 * kind and mode without an end gets one `expiresInHours` from now (0: at once). Keys already
 * rolled keep the end they have.
 */
export async function rollKey(platform: Platform, scope: Scope, kind: KeyKind, expiresInHours: number) {
  const now = platform.now();
  const issued = await issueKey(scope.sellerId, kind, modeOf(scope), now);
  const expiresAt = new Date(now.getTime() + expiresInHours * 3600_000).toISOString();
  const replaced = and(eq(apiKeys.sellerId, scope.sellerId), eq(apiKeys.kind, kind), eq(apiKeys.mode, modeOf(scope)), isNull(apiKeys.revokedAt), isNull(apiKeys.expiresAt));
  const db = platform.db;
  const [previous] = await db.batch([
    db.update(apiKeys).set(expiresInHours === 0 ? { revokedAt: expiresAt } : { expiresAt }).where(replaced).returning({ id: apiKeys.id, prefix: apiKeys.prefix }),
    db.insert(apiKeys).values(issued.row),
  ]);
  forgetSellerKeys(db, scope.sellerId);
  const row = { ...issued.row, revokedAt: null, expiresAt: null, publicKey: issued.row.publicKey ?? null } as KeyRow;
  return {
    key: issued.key,
    ...toListedKey(row),
    previous: previous.map((p) => ({ id: p.id, maskedKey: `${p.prefix}${"•".repeat(8)}`, expiresAt })),
  };
}
