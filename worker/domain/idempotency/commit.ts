/**
 * Idempotency keys (Stripe's model), committed once. A key is scoped to a seller and a mode and
 * kept 24 h. An idempotent create is ONE batch, one round trip:
 *
 *   1. the work's statements, each conditioned on the key being free (`keyFree`: no live row;
 *      an expired key, or a claim past its lease, counts as absent);
 *   2. the key row, with the exact response text, written only if the work happened (replacing
 *      an expired row of the same key);
 *   3. read the live key row back.
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
 * is enough to name differing fields and useless to whoever reads the database. A stored answer
 * that carries a client secret (`…_secret_…`: a transaction's or a checkout session's, a buyer's
 * capability) is kept sealed by the vault and opened for a replay (docs/security.md).
 */
import { and, eq, gt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertWhere } from "../../db/guarded";
import { preparedBatch, type Buildable, type PreparedBatch } from "../../db/prepared";
import { idempotencyKeys } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import type { Vault } from "../../lib/vault";
import type { Platform } from "../../platform";
import { canonicalJson, differingFields, fingerprintOf, type Fingerprint } from "./fingerprint";

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

/** A key's request, ready to commit. */
export interface IdempotentRequest {
  scope: IdempotencyScope;
  fingerprint: Fingerprint;
  /** The validated request itself, kept in memory only (compared with rows older than fingerprints). */
  request: unknown;
}

/** The request under its key, fingerprinted (field digests computed only if needed). */
export async function idempotentRequest(vault: Vault, scope: IdempotencyScope, request: unknown): Promise<IdempotentRequest> {
  return { scope, request, fingerprint: await fingerprintOf(vault, scope.operation, request) };
}

/** What an idempotent operation answers: first time (`replayed: false`) or again. */
export interface IdempotentResult {
  replayed: boolean;
  status: number;
  body: string;
  /** When the key expires (epoch ms): the answer stands until then. */
  expiresAt: number;
}

/**
 * The work of an idempotent create, as statements built once per database: every value that
 * changes between requests is a `sql.placeholder`, bound at each run (db/prepared-batch.ts).
 */
export interface IdempotentWork {
  /** The statements that create the resource, each carrying `keyFree` in its own condition. */
  statements: (db: Db, keyFree: SQL) => Buildable[];
  /** True once the resource exists: the key row is written only then. */
  created: SQL;
}

/** Client secrets read `<id>_secret_<random>`: an answer holding one is stored sealed. */
const CARRIES_SECRET = "_secret_";

/** The answer's text as it is stored: sealed when it carries a client secret (JSON never starts with `v1.`). */
const storedBody = (vault: Vault, body: string) => (body.includes(CARRIES_SECRET) ? vault.seal(body) : body);

/** A stored answer's text as it was sent. */
const sentBody = (vault: Vault, stored: string | null) => (stored === null ? "" : stored.startsWith("v1.") ? vault.open(stored) : stored);

/** The placeholder for the key's own value `name` (prefixed so work placeholders never clash). */
const p = (name: string) => sql.placeholder(`key_${name}`);

/**
 * The batch of a kind of idempotent work, prepared once per database: run the work while the key
 * has no live row, write the key row if the work happened (over an expired or dead one), read the
 * live key row back. An expired row is not deleted first: that DELETE ran on every create and
 * almost never found anything (docs/performance.md, issue 33 item 2); one left behind by refused
 * work is the purge sweep's, as every other expired row is.
 */
export function idempotentBatch(work: IdempotentWork): (db: Db) => PreparedBatch {
  return preparedBatch((db) => {
    const k = idempotencyKeys;
    // Live: neither expired nor a claim (IN_PROGRESS, written by older versions) past its lease.
    const key = and(
      eq(k.sellerId, p("seller_id")),
      eq(k.livemode, p("livemode")),
      eq(k.key, p("key")),
      gt(k.expiresAt, p("created_at")),
      or(ne(k.status, "IN_PROGRESS"), gt(k.createdAt, p("dead"))),
    );
    const keyFree = sql`not exists (select 1 from ${idempotencyKeys} where ${key})`;
    const row = {
      sellerId: p("seller_id"),
      livemode: p("livemode"),
      key: p("key"),
      operation: p("operation"),
      token: p("token"),
      requestHash: p("request_hash"),
      fingerprint: p("fingerprint"),
      status: p("status"),
      responseStatus: p("response_status"),
      responseBody: p("response_body"),
      createdAt: p("created_at"),
      expiresAt: p("expires_at"),
    };
    return [
      ...work.statements(db, keyFree),
      // The work happened only if the key had no live row, so a row this replaces is dead.
      insertWhere(db, idempotencyKeys, row as never, work.created, { replace: true }),
      db.select().from(idempotencyKeys).where(key),
    ];
  });
}

const pk = (s: IdempotencyScope) =>
  and(eq(idempotencyKeys.sellerId, s.sellerId), eq(idempotencyKeys.livemode, s.livemode), eq(idempotencyKeys.key, s.key));

/**
 * Commits the work of `batch` under the key in one round trip, binding `values` (the work's
 * placeholders). Returns the outcome, or null when the work's own condition refused it (nothing
 * was written; the caller re-reads to say why).
 */
export async function commitIdempotently(
  platform: Platform,
  request: IdempotentRequest,
  batch: (db: Db) => PreparedBatch,
  values: Record<string, unknown>,
  response: { status: number; body: string },
): Promise<IdempotentResult | null> {
  const { scope, fingerprint } = request;
  const now = platform.now();
  const token = crypto.randomUUID();
  const expiresAt = now.getTime() + KEY_TTL_SECONDS * 1000;
  const results = await batch(platform.db).run(values, {
    key_seller_id: scope.sellerId,
    key_livemode: scope.livemode,
    key_key: scope.key,
    key_operation: scope.operation,
    key_token: token,
    key_request_hash: fingerprint.hash,
    key_fingerprint: await fingerprint.fields(),
    key_status: "COMPLETED",
    key_response_status: response.status,
    key_response_body: await storedBody(platform.vault, response.body),
    key_created_at: now.toISOString(),
    key_expires_at: new Date(expiresAt).toISOString(),
    key_dead: new Date(now.getTime() - CLAIM_LEASE_SECONDS * 1000).toISOString(),
  });
  const row = results[results.length - 1]!.rows[0];
  if (!row) return null;
  // Ours (every create but a race or a replay from another process): nothing of the row is needed.
  if (row.token === token) return { replayed: false, ...response, expiresAt };
  return replayOf(platform.vault, storedKey(row), request);
}

/** A key row as the batch's last statement reads it (raw, by column name). */
function storedKey(row: Record<string, unknown>): KeyRow {
  return {
    token: row.token as string,
    operation: row.operation as string,
    requestHash: row.request_hash as string,
    fingerprint: row.fingerprint ? (JSON.parse(row.fingerprint as string) as Record<string, string>) : null,
    status: row.status as KeyRow["status"],
    responseStatus: row.response_status as number | null,
    responseBody: row.response_body as string | null,
    expiresAt: row.expires_at as string,
  };
}

type KeyRow = Pick<
  typeof idempotencyKeys.$inferSelect,
  "token" | "operation" | "requestHash" | "fingerprint" | "status" | "responseStatus" | "responseBody" | "expiresAt"
>;

/** The stored answer for a key used before, or the 409 that says why it cannot be replayed. */
async function replayOf(vault: Vault, stored: KeyRow, { scope, fingerprint, request }: IdempotentRequest): Promise<IdempotentResult> {
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
    const fields = stored.fingerprint ? differingFields(stored.fingerprint, await fingerprint.fields()) : [];
    throw new ApiError(
      "IDEMPOTENCY_KEY_REUSED",
      `This Idempotency-Key was used with different parameters${fields.length ? ` (${fields.join(", ")})` : ""}; use a new key for a new request.`,
      { extensions: { differingFields: fields } },
    );
  }
  return { replayed: true, status: stored.responseStatus ?? 200, body: await sentBody(vault, stored.responseBody), expiresAt: Date.parse(stored.expiresAt) };
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
