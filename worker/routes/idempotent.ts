/**
 * The HTTP side of idempotency for creating routes: read (or generate) the key, fingerprint the
 * validated request, answer from this process's memory of completed keys or let the operation
 * commit it, and answer. A repeat answers the stored response with `Idempotent-Replayed: true`.
 * The rules are in domain/idempotency/.
 */
import type { Context } from "hono";
import { idempotentRequest, type IdempotentRequest, type IdempotentResult } from "../domain/idempotency/commit";
import { recall, remember } from "../domain/idempotency/memory";
import { scopeOf } from "../http/auth";
import type { AppEnv } from "../http/context";

/**
 * Runs `operation` under the request's Idempotency-Key. Without the header a key is generated,
 * so the response always names one and a client may retry with it.
 */
export async function idempotently(
  c: Context<AppEnv>,
  operation: string,
  key: string | undefined,
  request: unknown,
  work: (request: IdempotentRequest) => Promise<IdempotentResult>,
): Promise<Response> {
  const platform = c.get("platform");
  const scope = { ...scopeOf(c), key: key ?? crypto.randomUUID(), operation };
  const idempotent = await idempotentRequest(platform.vault, scope, request);
  let result = await recall(platform, idempotent);
  if (!result) {
    result = await work(idempotent);
    await remember(platform, idempotent, result);
  }
  const headers: Record<string, string> = { "Content-Type": "application/json", "Idempotency-Key": scope.key };
  // The spec: a replay is a 200 whatever the first status was; the body is the first one's.
  if (result.replayed) return c.body(result.body, 200, { ...headers, "Idempotent-Replayed": "true" });
  return c.body(result.body, result.status as 201, headers);
}
