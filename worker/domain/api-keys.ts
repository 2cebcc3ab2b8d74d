/**
 * API keys: how they look, how they are stored, and how a request's key is resolved.
 *
 * A key is `{sk|pk}_{test|live}_` + 32 base62 characters (190 bits). Only its SHA-256 is stored,
 * with a short visible prefix; the full key is shown once, when issued.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
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

/** The identity a valid key resolves to. */
export interface KeyIdentity {
  keyId: string;
  sellerId: string;
  kind: KeyKind;
  mode: KeyMode;
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
      createdAt: now.toISOString(),
    },
  };
}

/** The key lookup runs on every request: build its SQL once per database, not per call. */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({ id: apiKeys.id, sellerId: apiKeys.sellerId, kind: apiKeys.kind, mode: apiKeys.mode })
    .from(apiKeys)
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare();
}

/** Resolves a presented key to its seller, or null when it is malformed, unknown or revoked. */
export async function resolveKey(db: Db, presented: string): Promise<KeyIdentity | null> {
  if (!KEY_PATTERN.test(presented)) return null;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.all({ hash: await sha256Hex(presented) });
  return row ? { keyId: row.id, sellerId: row.sellerId, kind: row.kind, mode: row.mode } : null;
}
