/**
 * The HTTP side of idempotency for creating routes: read (or generate) the key, fingerprint the
 * validated request, answer from this process's memory of completed keys or let the operation
 * commit it, and answer. A repeat answers the stored response with `Idempotent-Replayed: true`.
 * The rules are in domain/idempotency/.
 */
import type { Context } from "hono";
import { idempotentRequest, type IdempotentRequest, type IdempotentResult } from "../domain/idempotency/commit";
import { recall, remember } from "../domain/idempotency/memory";
import type { Scope } from "../domain/scope";
import type { AppEnv } from "../http/context";

/**
 * Whose keys, for what: the caller's scope (`scopeOf(c)`) on a keyed route; on a public route
 * (no key: a buyer paying a checkout), the scope of the resource paid, with a `namespace` so a
 * buyer's keys can never meet the seller's own.
 */
export interface KeyScope extends Scope {
  operation: string;
  /** The Idempotency-Key header; absent: one is generated. */
  key: string | undefined;
  /** Prefixes the stored key (e.g. `checkout-session:{id}`) for keys chosen by someone else than the seller. */
  namespace?: string;
}

/**
 * Runs `operation` under the request's Idempotency-Key in `keyScope`. Without the header a key is
 * generated, so the response always names one and a client may retry with it.
 */
export async function idempotently(
  c: Context<AppEnv>,
  keyScope: KeyScope,
  request: unknown,
  work: (request: IdempotentRequest) => Promise<IdempotentResult>,
): Promise<Response> {
  const platform = c.get("platform");
  const key = keyScope.key ?? crypto.randomUUID();
  const scope = {
    sellerId: keyScope.sellerId,
    livemode: keyScope.livemode,
    operation: keyScope.operation,
    key: keyScope.namespace ? `${keyScope.namespace}:${key}` : key,
  };
  const idempotent = await idempotentRequest(platform.vault, scope, request);
  let result = await recall(platform, idempotent);
  if (!result) {
    result = await work(idempotent);
    await remember(platform, idempotent, result);
  }
  const headers: Record<string, string> = { "Content-Type": "application/json", "Idempotency-Key": key };
  // The spec: a replay is a 200 whatever the first status was; the body is the first one's.
  if (result.replayed) return c.body(result.body, 200, { ...headers, "Idempotent-Replayed": "true" });
  return c.body(result.body, result.status as 201, headers);
}
