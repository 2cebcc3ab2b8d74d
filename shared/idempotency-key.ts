/**
 * A fresh `Idempotency-Key` (a v4 UUID) for one payment attempt. `crypto.randomUUID` exists only in
 * secure contexts (https, localhost): on a seller's development machine opened at
 * `http://192.168.x.x:8787` it is missing, and the pay button did nothing. `getRandomValues` is
 * there in every context, so the key is built from it when `randomUUID` is not.
 */
export function newIdempotencyKey(source: Pick<Crypto, "getRandomValues"> & { randomUUID?: () => string } = crypto): string {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
