/**
 * Request fingerprints: how an idempotency key tells "the same request again" from "another
 * request under a used key" without keeping the request. The whole request gets one keyed digest
 * (HMAC under a key derived from VAULT_KEY: a CPF cannot be brute-forced from it); each field,
 * by JSON path, gets one too, computed only when needed (to store with a new key, or to name
 * the fields a reused key changed).
 */
import { jsonPath } from "../../lib/validation";
import type { Vault } from "../../lib/vault";

/** A request reduced to keyed digests: the whole (`hash`) and, on demand, each field by JSON path. */
export interface Fingerprint {
  hash: string;
  fields(): Promise<Record<string, string>>;
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
  const [hash] = await vault.digests([`${operation}\n${canonicalJson(request)}`]);
  let fields: Promise<Record<string, string>> | undefined;
  return {
    hash: hash!,
    fields: () =>
      (fields ??= (async () => {
        const leafList = [...leaves(request)].sort(([a], [b]) => (a < b ? -1 : 1));
        const digests = await vault.digests(leafList.map(([p, v]) => `${operation}\n${p}\n${v}`));
        // 128 bits per field tell values apart; the whole request keeps the full digest.
        return Object.fromEntries(leafList.map(([p], i) => [p, digests[i]!.slice(0, 22)]));
      })()),
  };
}

/** The JSON paths whose digests differ between two fingerprints, sorted. */
export function differingFields(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((p) => a[p] !== b[p]).sort();
}

