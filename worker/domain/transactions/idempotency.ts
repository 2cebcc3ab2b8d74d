/**
 * Idempotency keys (Stripe's model). A key is scoped to a seller and a mode and kept 24 h.
 *
 * 1. The validated request is reduced to canonical JSON (sorted keys) and hashed.
 * 2. The key is claimed with `INSERT … ON CONFLICT DO NOTHING`: exactly one of any number of
 *    concurrent requests gets the claim (a random `token`).
 * 3. The claimant does the work; its batch inserts the resource only while the claim is still
 *    its own (`claimHeld`) and completes the claim with the response (`completeClaim`): the
 *    resource and the stored response exist together or not at all.
 * 4. Anyone else finds the row: a different request hash → 409 IDEMPOTENCY_KEY_REUSED naming
 *    the fields that differ; a completed claim → the stored response, byte for byte; a claim in
 *    progress → 409 IDEMPOTENCY_REQUEST_IN_PROGRESS (retry shortly).
 * A failed attempt releases its claim, so a corrected retry may use the key. A claim in progress
 * for over CLAIM_LEASE_SECONDS belonged to a request that died; an expired row counts as absent.
 * Never store card data here: card requests must be redacted before they reach `request`.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Statement } from "../../db/guarded";
import { idempotencyKeys } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import { jsonPath } from "../../lib/validation";
import type { Platform } from "../../platform";

export const KEY_TTL_SECONDS = 24 * 3600;
export const CLAIM_LEASE_SECONDS = 60;

/** Whose key, and for what. */
export interface IdempotencyScope {
  sellerId: string;
  livemode: boolean;
  key: string;
  /** The operation the key was used for, e.g. "transactions.create". */
  operation: string;
}

/** A held claim. */
export interface Claim extends IdempotencyScope {
  token: string;
}

/** The outcome of claiming: the work is ours, or here is the first response to replay. */
export type ClaimOutcome = { kind: "claimed"; claim: Claim } | { kind: "replay"; status: number; body: string };

type KeyRow = typeof idempotencyKeys.$inferSelect;

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
  } else {
    out.set(jsonPath(path), JSON.stringify(value));
  }
  return out;
}

/** The JSON paths whose values differ between two requests, sorted. */
export function differingFields(a: unknown, b: unknown): string[] {
  const x = leaves(a);
  const y = leaves(b);
  return [...new Set([...x.keys(), ...y.keys()])].filter((p) => x.get(p) !== y.get(p)).sort();
}

const pk = (s: IdempotencyScope) =>
  and(eq(idempotencyKeys.sellerId, s.sellerId), eq(idempotencyKeys.livemode, s.livemode), eq(idempotencyKeys.key, s.key));

/** Claims the key for `request`, or says what to answer instead (replay, or a thrown 409). */
export async function claimKey(platform: Platform, scope: IdempotencyScope, request: unknown): Promise<ClaimOutcome> {
  const { db } = platform;
  const now = platform.now();
  const body = canonicalJson(request);
  const fresh = {
    ...scope,
    token: crypto.randomUUID(),
    requestHash: await sha256Hex(`${scope.operation}\n${body}`),
    requestBody: body,
    status: "IN_PROGRESS" as const,
    responseStatus: null,
    responseBody: null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + KEY_TTL_SECONDS * 1000).toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const [inserted] = await db.insert(idempotencyKeys).values(fresh).onConflictDoNothing().returning({ token: idempotencyKeys.token });
    if (inserted) return { kind: "claimed", claim: { ...scope, token: fresh.token } };
    const [row] = await db.select().from(idempotencyKeys).where(pk(scope)).limit(1);
    if (!row) continue; // released between our insert and our read: try again
    const expired = row.expiresAt <= fresh.createdAt;
    if (!expired && (row.operation !== scope.operation || row.requestHash !== fresh.requestHash)) throw reused(row, scope, request);
    if (!expired && row.status === "COMPLETED") return { kind: "replay", status: row.responseStatus ?? 200, body: row.responseBody ?? "" };
    const stale = Date.parse(row.createdAt) + CLAIM_LEASE_SECONDS * 1000 <= now.getTime();
    if (!expired && !stale) {
      throw new ApiError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "A request with this Idempotency-Key is still being processed; retry in a moment.", {
        headers: { "Retry-After": "1" },
      });
    }
    // Take over an expired row or a dead claim; the old token in the WHERE makes one taker win.
    // The status read must still hold: a "dead" claim whose slow request completed after our
    // read keeps its token, and taking it over would charge twice under one key.
    const [taken] = await db
      .update(idempotencyKeys)
      .set(fresh)
      .where(and(pk(scope), eq(idempotencyKeys.token, row.token), eq(idempotencyKeys.status, row.status)))
      .returning({ token: idempotencyKeys.token });
    if (taken) return { kind: "claimed", claim: { ...scope, token: fresh.token } };
  }
  throw new ApiError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "This Idempotency-Key is contended; retry in a moment.", {
    headers: { "Retry-After": "1" },
  });
}

function reused(row: KeyRow, scope: IdempotencyScope, request: unknown): ApiError {
  if (row.operation !== scope.operation) {
    return new ApiError("IDEMPOTENCY_KEY_REUSED", `This Idempotency-Key was used for another operation (${row.operation}); use a new key.`, {
      extensions: { differingFields: [] },
    });
  }
  const fields = differingFields(JSON.parse(row.requestBody), request);
  return new ApiError(
    "IDEMPOTENCY_KEY_REUSED",
    `This Idempotency-Key was used with different parameters (${fields.join(", ")}); use a new key for a new request.`,
    { extensions: { differingFields: fields } },
  );
}

/**
 * The 409 for a claimant whose claim was taken over while it worked (it looked dead): the taker
 * answers, so the client retries for the replay. Retry-After like every IN_PROGRESS answer.
 */
export function claimTakenOver(): ApiError {
  return new ApiError("IDEMPOTENCY_REQUEST_IN_PROGRESS", "Another request took over this Idempotency-Key; retry to get its result.", {
    headers: { "Retry-After": "1" },
  });
}

/** SQL that is true while `claim` is still held (not completed, released or taken over). */
export function claimHeld(claim: Claim): SQL {
  return sql`exists (select 1 from ${idempotencyKeys} where ${and(pk(claim), eq(idempotencyKeys.token, claim.token), eq(idempotencyKeys.status, "IN_PROGRESS"))})`;
}

/** Completes the claim with the response, when `condition` holds (the resource was written). */
export function completeClaim(db: Db, claim: Claim, response: { status: number; body: string }, condition: SQL): Statement {
  return db
    .update(idempotencyKeys)
    .set({ status: "COMPLETED", responseStatus: response.status, responseBody: response.body })
    .where(and(pk(claim), eq(idempotencyKeys.token, claim.token), condition));
}

/** Gives up a claim after a failed attempt (no-op once completed or taken over). */
export async function releaseClaim(db: Db, claim: Claim): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(pk(claim), eq(idempotencyKeys.token, claim.token), eq(idempotencyKeys.status, "IN_PROGRESS")));
}

/** Sweep: deletes up to 500 expired keys. */
export async function purgeExpiredKeys(platform: Platform): Promise<number> {
  const now = platform.now().toISOString();
  const gone = await platform.db
    .delete(idempotencyKeys)
    .where(sql`rowid in (select rowid from ${idempotencyKeys} where ${idempotencyKeys.expiresAt} <= ${now} limit 500)`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
