/** base64url without padding (RFC 4648 §5), via btoa/atob so it runs the same in workerd and Node. */

/** Encodes bytes as unpadded base64url. */
export function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  // Chunked: String.fromCharCode(...bigArray) would overflow the argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes unpadded base64url; throws on characters outside the alphabet. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error("invalid base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Encodes UTF-8 text as unpadded base64url. */
export function textToBase64url(text: string): string {
  return toBase64url(new TextEncoder().encode(text));
}

/** Decodes unpadded base64url to UTF-8 text (invalid UTF-8 throws). */
export function base64urlToText(text: string): string {
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(fromBase64url(text));
}
