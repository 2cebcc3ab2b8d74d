/**
 * The HTTP side of idempotency for creating routes: read (or generate) the key, claim it, run the
 * work, answer, and on a repeat answer the stored response with `Idempotent-Replayed: true`.
 * The rules themselves are in domain/transactions/idempotency.ts.
 */
import type { Context } from "hono";
import { claimKey, releaseClaim, type Claim } from "../domain/transactions/idempotency";
import { scopeOf } from "../lib/auth";
import type { AppEnv } from "../lib/context";

/** What the work answers: a status and the exact JSON text (stored for replays). */
export interface StoredResponse {
  status: 200 | 201;
  body: string;
}

/**
 * Runs `work` once per (seller, mode, key). Without an Idempotency-Key header a key is generated,
 * so the response always names one and a client may retry with it.
 */
export async function idempotently(
  c: Context<AppEnv>,
  operation: string,
  key: string | undefined,
  request: unknown,
  work: (claim: Claim) => Promise<StoredResponse>,
): Promise<Response> {
  const { platform } = c.var;
  const scope = { ...scopeOf(c), key: key ?? crypto.randomUUID(), operation };
  const outcome = await claimKey(platform, scope, request);
  const headers = { "Content-Type": "application/json", "Idempotency-Key": scope.key };
  if (outcome.kind === "replay") {
    // The spec: a replay is a 200 whatever the first status was; the body is the first one's.
    return c.body(outcome.body, 200, { ...headers, "Idempotent-Replayed": "true" });
  }
  try {
    const response = await work(outcome.claim);
    return c.body(response.body, response.status, headers);
  } catch (err) {
    // Let a corrected retry use the key; a failure to release must not hide the real error.
    await releaseClaim(platform.db, outcome.claim).catch((e) => platform.log({ msg: "idempotency.release_failed", error: String(e) }));
    throw err;
  }
}
