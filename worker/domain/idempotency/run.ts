/**
 * Running an operation under an idempotency key: fingerprint the request, answer from this
 * process's memory of completed keys, or let the operation commit it (commit.ts), and remember
 * the answer. The HTTP side (routes/idempotent.ts) turns the result into a response; a public
 * operation (a buyer paying a checkout session) reads the result itself.
 */
import type { Platform } from "../../platform";
import type { Scope } from "../scope";
import { idempotentRequest, type IdempotentRequest, type IdempotentResult } from "./commit";
import { recall, remember } from "./memory";

/**
 * Whose keys, for what: the caller's scope on a keyed route; on a public route (no key: a buyer
 * paying a checkout), the scope of the resource paid, with a `namespace` so a buyer's keys can
 * never meet the seller's own.
 */
export interface KeyScope extends Scope {
  operation: string;
  /** The Idempotency-Key header; absent: one is generated. */
  key: string | undefined;
  /** Prefixes the stored key (e.g. `checkout-session:{id}`) for keys chosen by someone other than the seller. */
  namespace?: string;
}

/** The outcome, and the key as the client knows it (generated when it sent none). */
export async function runIdempotently(
  platform: Platform,
  keyScope: KeyScope,
  request: unknown,
  work: (request: IdempotentRequest) => Promise<IdempotentResult>,
): Promise<{ key: string; result: IdempotentResult }> {
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
  return { key, result };
}
