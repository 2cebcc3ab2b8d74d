/**
 * shared/idempotency-key.ts: the pay button's Idempotency-Key, also where `crypto.randomUUID`
 * is missing (a page on a plain-http LAN address is not a secure context).
 */
import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "../../shared/idempotency-key";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("without randomUUID (an insecure context): a v4 UUID from getRandomValues, a new one each time", () => {
    const insecure = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => crypto.getRandomValues(array as never) as T };
    const keys = new Set(Array.from({ length: 1000 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(V4);
  });

  it("with randomUUID: that one", () => {
    expect(newIdempotencyKey({ getRandomValues: () => { throw new Error("not used"); }, randomUUID: () => "6f1c2a8e-1111-4222-8333-944455556666" })).toBe("6f1c2a8e-1111-4222-8333-944455556666");
    expect(newIdempotencyKey()).toMatch(V4);
  });
});
