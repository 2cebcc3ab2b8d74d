/**
 * The HTTP side of idempotency for creating routes: run the operation under the request's
 * Idempotency-Key (domain/idempotency/run.ts) and answer. A repeat answers the stored response
 * with `Idempotent-Replayed: true`. The rules are in domain/idempotency/.
 */
import type { Context } from "hono";
import type { IdempotentRequest, IdempotentResult } from "../domain/idempotency/commit";
import { runIdempotently, type KeyScope } from "../domain/idempotency/run";
import type { AppEnv } from "../http/context";

export type { KeyScope } from "../domain/idempotency/run";

/**
 * Runs `work` under the request's Idempotency-Key in `keyScope`. Without the header a key is
 * generated, so the response always names one and a client may retry with it.
 */
export async function idempotently(
  c: Context<AppEnv>,
  keyScope: KeyScope,
  request: unknown,
  work: (request: IdempotentRequest) => Promise<IdempotentResult>,
): Promise<Response> {
  const { key, result } = await runIdempotently(c.get("platform"), keyScope, request, work);
  const headers: Record<string, string> = { "Content-Type": "application/json", "Idempotency-Key": key };
  // The spec: a replay is a 200 whatever the first status was; the body is the first one's.
  if (result.replayed) return c.body(result.body, 200, { ...headers, "Idempotent-Replayed": "true" });
  return c.body(result.body, result.status as 201, headers);
}
