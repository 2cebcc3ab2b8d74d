/**
 * The answers of completed idempotency keys this process has written or read, kept in memory.
 * A completed key's answer never changes until the key expires (the database row is written once,
 * with the response, and only the expiry purge deletes it), so a retry that reaches the same
 * process or isolate is answered without a database round trip, a re-seal or a re-build; on
 * the Worker that removes the round trip to Turso. A key this process has not seen, or has
 * forgotten (LRU of MEMORY_SIZE keys), goes to the database as usual, which stays the authority.
 */
import type { Db } from "../../db/client";
import { LRU } from "../../lib/lru";
import { ApiError } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { IdempotentRequest, IdempotentResult } from "./commit";
import { differingFields } from "./fingerprint";

/** Completed keys remembered per process (answers are ~2 KB: about 2 MB at most). */
export const MEMORY_SIZE = 1000;

interface Remembered {
  operation: string;
  hash: string;
  fields: Record<string, string>;
  status: number;
  body: string;
  expiresAt: number;
}

const memories = new WeakMap<Db, LRU<string, Remembered>>();

function memoryOf(db: Db): LRU<string, Remembered> {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new LRU(MEMORY_SIZE)));
  return memory;
}

const slot = ({ scope }: IdempotentRequest) => `${scope.sellerId}\n${scope.livemode ? 1 : 0}\n${scope.key}`;

/**
 * The remembered answer to a repeat of `request`: its replay, or the 409 for a different request
 * under the same key. Null when this process does not know the key (ask the database).
 */
export async function recall(platform: Platform, request: IdempotentRequest): Promise<IdempotentResult | null> {
  const memory = memoryOf(platform.db);
  const known = memory.get(slot(request));
  if (!known) return null;
  if (known.expiresAt <= platform.now().getTime()) {
    memory.delete(slot(request));
    return null;
  }
  if (known.operation !== request.scope.operation) {
    throw new ApiError("IDEMPOTENCY_KEY_REUSED", `This Idempotency-Key was used for another operation (${known.operation}); use a new key.`, {
      extensions: { differingFields: [] },
    });
  }
  if (known.hash !== request.fingerprint.hash) {
    const fields = differingFields(known.fields, await request.fingerprint.fields());
    throw new ApiError(
      "IDEMPOTENCY_KEY_REUSED",
      `This Idempotency-Key was used with different parameters (${fields.join(", ")}); use a new key for a new request.`,
      { extensions: { differingFields: fields } },
    );
  }
  return { replayed: true, status: known.status, body: known.body, expiresAt: known.expiresAt };
}

/** Remembers the answer of a completed key (created now, or replayed from the database). */
export async function remember(platform: Platform, request: IdempotentRequest, result: IdempotentResult): Promise<void> {
  memoryOf(platform.db).set(slot(request), {
    operation: request.scope.operation,
    hash: request.fingerprint.hash,
    fields: await request.fingerprint.fields(),
    status: result.status,
    body: result.body,
    expiresAt: result.expiresAt,
  });
}
