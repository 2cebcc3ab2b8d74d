/**
 * API keys as the dashboard shows and rolls them (docs/dashboard.md, "Rolling a key"). A roll
 * issues a new key of the same kind and mode, shown once, and gives the keys it replaces an
 * expiry: now, or up to ROLL_WINDOW_MAX_HOURS later, so a seller can deploy the new secret before
 * the old one stops working (Stripe's "roll key"). Keys are only ever listed masked, except a
 * publishable key, which is public by design.
 */
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { insertWhere } from "../../db/guarded";
import { apiKeys, sellers } from "../../db/schema";
import { forgetSellerKeys, issueKey, type KeyKind, type KeyMode } from "../api-keys";
import { requireApprovedForLive } from "../live-approval";
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

/** SQL true while seller `sellerId` has a key of `mode` that works at `now`. */
const hasWorkingKey = (sellerId: string, mode: KeyMode, now: string) =>
  sql`exists (select 1 from ${apiKeys} where ${apiKeys.sellerId} = ${sellerId} and ${apiKeys.mode} = ${mode} and ${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${now}))`;

/** SQL true when seller `sellerId` may hold keys of the scope's mode: any seller in test, an approved one in live. */
const mayHoldKeys = (scope: Scope) =>
  scope.livemode ? sql`exists (select 1 from ${sellers} where ${sellers.id} = ${scope.sellerId} and ${sellers.liveApprovedAt} is not null)` : sql`1`;

/** Throws LIVE_MODE_NOT_APPROVED when the scope is live and its seller is not approved for live. */
async function requireMayHoldKeys(platform: Platform, scope: Scope, doing: string) {
  if (!scope.livemode) return;
  const [seller] = await platform.db.select({ liveApprovedAt: sellers.liveApprovedAt }).from(sellers).where(eq(sellers.id, scope.sellerId));
  requireApprovedForLive(seller ?? { liveApprovedAt: null }, doing);
}

/**
 * Issues the scope's first key pair (a seller's live keys, say): both keys, shown once. A mode
 * that already has a working key is rolled instead (409), so no key is ever left forgotten beside
 * its replacement. One guarded batch decides it: of concurrent requests, one writes a pair, and
 * live keys are written only for a seller approved for live (live-approval.ts).
 */
export async function createKeyPair(platform: Platform, scope: Scope) {
  await requireMayHoldKeys(platform, scope, "hold live keys");
  const now = platform.now();
  const at = now.toISOString();
  const mode = modeOf(scope);
  const secret = await issueKey(scope.sellerId, "secret", mode, now);
  const publishable = await issueKey(scope.sellerId, "publishable", mode, now);
  const db = platform.db;
  const [first] = await db.batch([
    insertWhere(db, apiKeys, secret.row, sql`not ${hasWorkingKey(scope.sellerId, mode, at)} and ${mayHoldKeys(scope)}`),
    // Only beside the secret key this batch wrote.
    insertWhere(db, apiKeys, publishable.row, sql`exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${secret.id})`),
  ]);
  if (first.rowsAffected !== 1) {
    await requireMayHoldKeys(platform, scope, "hold live keys");
    throw new ApiError("INVALID_STATE_TRANSITION", `This seller already has ${mode} keys: roll them instead.`, { extensions: { currentStatus: "HAS_KEYS" } });
  }
  const listed = (issued: typeof secret) => ({ key: issued.key, ...toListedKey({ ...issued.row, revokedAt: null, expiresAt: null, publicKey: issued.row.publicKey ?? null } as KeyRow) });
  return { secret: listed(secret), publishable: listed(publishable) };
}

/**
 * Rolls the scope's `kind` key: a new key (its only copy in the answer), and every key of that
 * kind and mode without an end gets one `expiresInHours` from now (0: at once). Keys already
 * rolled keep the end they have.
 */
export async function rollKey(platform: Platform, scope: Scope, kind: KeyKind, expiresInHours: number) {
  await requireMayHoldKeys(platform, scope, "hold live keys");
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
