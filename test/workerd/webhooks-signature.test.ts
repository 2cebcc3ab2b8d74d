/**
 * shared/webhooks.ts inside workerd, where the Worker signs deliveries: a pure unit test against
 * vectors this file computes with WebCrypto directly (no Node modules here). The same functions
 * against node:crypto and the `standardwebhooks` package: test/shared/webhooks.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  isWebhookSecret,
  newWebhookSecret,
  serviceSignature,
  standardWebhookHeaders,
  verifySignature,
} from "../../shared/webhooks";

const encoder = new TextEncoder();
const body = JSON.stringify({ id: "evt-1", type: "TRANSACTION_PAID", data: { transaction: { id: "tx-1", city: "São Paulo" } } });

/** HMAC-SHA256 straight from WebCrypto, as the test's own reference. */
async function hmac(key: Uint8Array, data: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey("raw", new Uint8Array(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(data)));
}
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe("webhook signatures in workerd", () => {
  it("X-Service-Signature equals WebCrypto's HMAC of the body keyed with the whole secret", async () => {
    const secret = newWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    const expected = hex(await hmac(encoder.encode(secret), body));
    expect(await serviceSignature(body, secret)).toBe(expected);
    expect(await serviceSignature(encoder.encode(body), secret)).toBe(expected);
    expect(await serviceSignature("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", // RFC 4231 test case 2
    );
  });

  it("verifySignature round-trips and refuses a changed body, secret or header", async () => {
    const secret = newWebhookSecret();
    const header = await serviceSignature(body, secret);
    expect(await verifySignature(body, header, secret)).toBe(true);
    expect(await verifySignature(encoder.encode(body), header, secret)).toBe(true);
    expect(await verifySignature(JSON.stringify(JSON.parse(body), null, 2), header, secret)).toBe(false);
    expect(await verifySignature(body, header, newWebhookSecret())).toBe(false);
    expect(await verifySignature(body, header.toUpperCase(), secret)).toBe(false);
    expect(await verifySignature(body, header.slice(1), secret)).toBe(false);
    expect(await verifySignature(body, null, secret)).toBe(false);
  });

  it("Standard Webhooks headers sign `${id}.${seconds}.${body}` with the key after whsec_", async () => {
    const secret = newWebhookSecret();
    const timestamp = new Date("2026-05-01T12:00:00.999Z");
    const headers = await standardWebhookHeaders({ id: "evt-1", timestamp, rawBody: body, secret });
    const key = Uint8Array.from(atob(secret.slice("whsec_".length)), (c) => c.charCodeAt(0));
    expect(key).toHaveLength(32);
    expect(headers).toEqual({
      "webhook-id": "evt-1",
      "webhook-timestamp": "1777636800",
      "webhook-signature": `v1,${base64(await hmac(key, `evt-1.1777636800.${body}`))}`,
    });
  });
});
