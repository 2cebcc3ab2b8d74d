/**
 * Idempotency keys (Stripe's model), committed once. A key is scoped to a seller and a mode and
 * kept 24 h. An idempotent create is ONE batch, one round trip:
 *
 *   1. forget the key if its row expired (an expired key counts as absent);
 *   2. the work's statements, each conditioned on the key being free (`keyFree`);
 *   3. the key row, with the exact response text, written only if the work happened;
 *   4. read the key row back.
 *
 * The batch is a transaction, so the resource and its stored response exist together or not at
 * all, and when two requests race on one key the database's order decides: the loser's work finds
 * the key taken and does nothing, and its last statement reads the winner's answer. Outcomes:
 * the row has our token → we created; another token → the same request replays its stored
 * response, a different one is a 409 naming the fields that differ; no row → the work's own
 * condition refused it (the caller says why). Nothing is held between round trips, so a failed
 * attempt leaves the key free for a corrected retry.
 *
 * No request values are stored: the fingerprint keeps a keyed digest (vault) per JSON path, which
 * is enough to name differing fields and useless to whoever reads the database.
 */
import { and, eq, lte, or, sql, type SQL } from "drizzle-orm";
import { insertWhere, type Statement, type Statements } from "../db/guarded";
import { idempotencyKeys } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import { ApiError } from "../lib/problem";
import { jsonPath } from "../lib/validation";
import type { Vault } from "../lib/vault";
import type { Platform } from "../platform";

export const KEY_TTL_SECONDS = 24 * 3600;
/** An IN_PROGRESS row (written by versions that claimed before working) older than this is dead. */
export const CLAIM_LEASE_SECONDS = 60;

/** Whose key, and for what. */
export interface IdempotencyScope {
  sellerId: string;
  livemode: boolean;
  key: string;
  /** The operation the key was used for, e.g. "transactions.create". */
  operation: string;
}

/** A request reduced to keyed digests: the whole (`hash`) and each field by JSON path. */
export interface Fingerprint {
  hash: string;
  fields: Record<string, string>;
}

/** A key's request, ready to commit. */
export interface IdempotentRequest {
  scope: IdempotencyScope;
  fingerprint: Fingerprint;
  /** The validated request itself, kept in memory only (compared with rows older than fingerprints). */
  request: unknown;
}

/** The request under its key, fingerprinted. */
export async function idempotentRequest(vault: Vault, scope: IdempotencyScope, request: unknown): Promise<IdempotentRequest> {
  return { scope, request, fingerprint: await fingerprintOf(vault, scope.operation, request) };
}

/** What an idempotent operation answers: first time (`replayed: false`) or again. */
export interface IdempotentResult {
  replayed: boolean;
  status: number;
  body: string;
}

/** The work of an idempotent create, as statements for its batch. */
export interface IdempotentWork {
  /** The statements that create the resource, each carrying `keyFree` in its own condition. */
  statements: (keyFree: SQL) => Statement[];
  /** True once the resource exists: the key row is written only then. */
  created: SQL;
  /** The first response, stored for replays. */
  response: { status: number; body: string };
}

/** JSON with object keys sorted at every level, so equal requests serialise equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Leaf values by JSON path (`buyer.address.city`, `items[0]`). */
function leaves(value: unknown, path: PropertyKey[] = [], out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) leaves(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  } else if (value !== undefined) {
    out.set(jsonPath(path), JSON.stringify(value));
  }
  return out;
}

/** The fingerprint of a validated request (defaults applied, so sending a default is the same request). */
export async function fingerprintOf(vault: Vault, operation: string, request: unknown): Promise<Fingerprint> {
  const fields = [...leaves(request)].sort(([a], [b]) => (a < b ? -1 : 1));
  const digests = await vault.digests([`${operation}\n${canonicalJson(request)}`, ...fields.map(([p, v]) => `${operation}\n${p}\n${v}`)]);
  // 128 bits per field tell values apart; the whole request keeps the full digest.
  return { hash: digests[0]!, fields: Object.fromEntries(fields.map(([p], i) => [p, digests[i + 1]!.slice(0, 22)])) };
}

/** The JSON paths whose digests differ between two fingerprints, sorted. */
export function differingFields(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((p) => a[p] !== b[p]).sort();
}

const pk = (s: IdempotencyScope) =>
  and(eq(idempotencyKeys.sellerId, s.sellerId), eq(idempotencyKeys.livemode, s.livemode), eq(idempotencyKeys.key, s.key));

/**
 * Commits `work` under the key in one batch. Returns the outcome, or null when the work's own
 * condition refused it (nothing was written; the caller re-reads to say why).
 */
export async function commitIdempotently(platform: Platform, request: IdempotentRequest, work: IdempotentWork): Promise<IdempotentResult | null> {
  const { db } = platform;
  const { scope, fingerprint } = request;
  const now = platform.now();
  const at = now.toISOString();
  const token = crypto.randomUUID();
  const dead = new Date(now.getTime() - CLAIM_LEASE_SECONDS * 1000).toISOString();
  const keyFree = sql`not exists (select 1 from ${idempotencyKeys} where ${pk(scope)})`;
  const row = {
    ...scope,
    token,
    requestHash: fingerprint.hash,
    fingerprint: fingerprint.fields,
    status: "COMPLETED" as const,
    responseStatus: work.response.status,
    responseBody: work.response.body,
    createdAt: at,
    expiresAt: new Date(now.getTime() + KEY_TTL_SECONDS * 1000).toISOString(),
  };
  const statements: Statements = [
    db
      .delete(idempotencyKeys)
      .where(and(pk(scope), or(lte(idempotencyKeys.expiresAt, at), and(eq(idempotencyKeys.status, "IN_PROGRESS"), lte(idempotencyKeys.createdAt, dead))))),
    ...work.statements(keyFree),
    insertWhere(db, idempotencyKeys, row, work.created),
    db.select().from(idempotencyKeys).where(pk(scope)),
  ];
  const results = await db.batch(statements);
  const [stored] = results[results.length - 1] as Array<typeof idempotencyKeys.$inferSelect>;
  if (!stored) return null;
  if (stored.token === token) return { replayed: false, ...work.response };
  return replayOf(stored, request);
}

/** The stored answer for a key used before, or the 409 that says why it cannot be replayed. */
async function replayOf(stored: typeof idempotencyKeys.$inferSelect, { scope, fingerprint, request }: IdempotentRequest): Promise<IdempotentResult> {
  // A row from before fingerprints (migration 0003) holds the plain SHA-256 of the request; such
  // rows are gone 24 h after the upgrade, and this line with them.
  const sameRequest = stored.fingerprint
    ? stored.requestHash === fingerprint.hash
    : stored.requestHash === (await sha256Hex(`${scope.operation}\n${canonicalJson(request)}`));
  // Still being processed: whatever it is, the answer is to wait (then it replays or conflicts).
  if (stored.status !== "COMPLETED") {
    throw new ApiError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "A request with this Idempotency-Key is still being processed; retry in a moment.", {
      headers: { "Retry-After": "1" },
    });
  }
  if (stored.operation !== scope.operation) {
    throw new ApiError("IDEMPOTENCY_KEY_REUSED", `This Idempotency-Key was used for another operation (${stored.operation}); use a new key.`, {
      extensions: { differingFields: [] },
    });
  }
  if (!sameRequest) {
    // Rows written before fingerprints existed have no field digests to compare.
    const fields = stored.fingerprint ? differingFields(stored.fingerprint, fingerprint.fields) : [];
    throw new ApiError(
      "IDEMPOTENCY_KEY_REUSED",
      `This Idempotency-Key was used with different parameters${fields.length ? ` (${fields.join(", ")})` : ""}; use a new key for a new request.`,
      { extensions: { differingFields: fields } },
    );
  }
  return { replayed: true, status: stored.responseStatus ?? 200, body: stored.responseBody ?? "" };
}

/** Sweep: deletes expired keys, 500 at a time until none is left. */
export async function purgeExpiredKeys(platform: Platform): Promise<number> {
  const now = platform.now().toISOString();
  let purged = 0;
  for (;;) {
    const gone = await platform.db
      .delete(idempotencyKeys)
      .where(sql`rowid in (select rowid from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} <= ${now} limit 500)`)
      .returning({ key: idempotencyKeys.key });
    purged += gone.length;
    if (gone.length < 500) return purged;
  }
}
