/**
 * shared/webhooks.ts against independent implementations: node:crypto's HMAC for the spec's
 * `X-Service-Signature`, and the `standardwebhooks` npm package (the reference library of
 * https://www.standardwebhooks.com/) for the Standard Webhooks headers. That the comparison runs
 * in constant time cannot be observed here; these tests check its logic only.
 */
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  isWebhookSecret,
  newWebhookSecret,
  serviceSignature,
  standardWebhookHeaders,
  verifySignature,
} from "../../shared/webhooks";
import { nodeWebhookHmac } from "../../worker/node/webhook-egress";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"; // 24 bytes, Svix's documentation example
// Compact JSON with non-ASCII text, as the service sends it: the bytes differ from the characters.
const body = JSON.stringify({
  id: "0c3b4f5e-6d7a-4b8c-9d0e-1f2a3b4c5d6e",
  type: "TRANSACTION_PAID",
  occurredAt: "2026-05-01T12:00:00.000Z",
  data: { transaction: { id: "5a1d7c2e-3b4f-4e6a-8c9d-0e1f2a3b4c5d", description: "Pedido nº 1001 — São Paulo ✓" } },
});
const nodeHmac = (data: string | Uint8Array, key: string) => createHmac("sha256", key).update(data).digest("hex");

describe("X-Service-Signature", () => {
  it("is node:crypto's HMAC-SHA256 of the raw body bytes, keyed with the whole secret string", async () => {
    const expected = nodeHmac(Buffer.from(body, "utf8"), secret);
    expect(await serviceSignature(body, secret)).toBe(expected);
    expect(await serviceSignature(new TextEncoder().encode(body), secret)).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("matches RFC 4231 test case 2", async () => {
    expect(await serviceSignature("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("signs bytes as they are, even bytes that are not UTF-8", async () => {
    const bytes = Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]);
    expect(await serviceSignature(bytes, secret)).toBe(nodeHmac(bytes, secret));
    expect(await verifySignature(Buffer.from(bytes), nodeHmac(bytes, secret), secret)).toBe(true);
  });

  it("verifySignature accepts the signature of the exact body, as text or bytes", async () => {
    const header = nodeHmac(body, secret);
    expect(await verifySignature(body, header, secret)).toBe(true);
    expect(await verifySignature(Buffer.from(body), header, secret)).toBe(true);
  });

  it("verifySignature refuses a re-serialized body and a wrong secret", async () => {
    const header = await serviceSignature(body, secret);
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect(await verifySignature(reserialized, header, secret)).toBe(false);
    expect(await verifySignature(body, header, newWebhookSecret())).toBe(false);
    expect(await verifySignature(body, header, secret.slice(0, -1))).toBe(false);
  });

  it("verifySignature refuses malformed headers without throwing", async () => {
    const header = await serviceSignature(body, secret);
    const flip = (c: string) => (c === "0" ? "1" : "0");
    const firstFlipped = flip(header[0]!) + header.slice(1);
    const lastFlipped = header.slice(0, -1) + flip(header.at(-1)!);
    for (const bad of [
      header.slice(0, 63),
      header.slice(0, 32),
      header.toUpperCase(),
      `${header}0`,
      ` ${header}`,
      `sha256=${header}`,
      "z".repeat(64),
      "0".repeat(64),
      firstFlipped,
      lastFlipped,
      "",
      null,
      undefined,
    ]) {
      expect(await verifySignature(body, bad, secret), String(bad)).toBe(false);
    }
    // A caller that passes parsed JSON by mistake gets false, not an exception.
    expect(await verifySignature(JSON.parse(body) as never, header, secret)).toBe(false);
  });

  it("an empty secret is a configuration error, reported loudly", async () => {
    await expect(serviceSignature(body, "")).rejects.toThrow(TypeError);
    await expect(verifySignature(body, "0".repeat(64), "")).rejects.toThrow(TypeError);
  });
});

describe("webhook secrets", () => {
  it("newWebhookSecret is whsec_ + base64 of 32 random bytes, new each call", () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    expect(secrets.size).toBe(20);
    for (const s of secrets) {
      expect(isWebhookSecret(s)).toBe(true);
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(s.slice(6), "base64")).toHaveLength(32);
    }
  });

  it("isWebhookSecret accepts 24 to 64 bytes of canonical standard base64 after whsec_", () => {
    const of = (n: number) => `whsec_${Buffer.alloc(n, 7).toString("base64")}`;
    expect([of(24), of(32), of(64), secret].map(isWebhookSecret)).toEqual([true, true, true, true]);
    for (const bad of [
      of(23),
      of(65),
      of(32).slice(6), // no prefix
      `WHSEC_${of(32).slice(6)}`,
      of(32).replace(/=$/, ""), // unpadded
      `whsec_${Buffer.alloc(32, 0xfb).toString("base64url")}`, // base64url alphabet
      `${of(32).slice(0, 20)} ${of(32).slice(20)}`,
      `whsec_${"A".repeat(42)}B=`, // 32 bytes, but with non-zero padding bits
      "whsec_",
      "",
      null,
      32,
    ]) {
      expect(isWebhookSecret(bad), String(bad)).toBe(false);
    }
  });
});

describe("Standard Webhooks headers, checked by the standardwebhooks package", () => {
  const id = "0c3b4f5e-6d7a-4b8c-9d0e-1f2a3b4c5d6e";

  it("verify, and equal the library's own signature", async () => {
    const fresh = newWebhookSecret();
    const now = new Date();
    const headers = await standardWebhookHeaders({ id, timestamp: now, rawBody: body, secret: fresh });
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(headers["webhook-signature"]).toBe(new Webhook(fresh).sign(id, now, body));
    // Seconds are truncated, as the library does, never rounded up.
    const late = new Date("2026-05-01T12:00:00.999Z");
    const fixed = await standardWebhookHeaders({ id, timestamp: late, rawBody: body, secret: fresh });
    expect(fixed["webhook-timestamp"]).toBe("1777636800");
    expect(fixed["webhook-signature"]).toBe(new Webhook(fresh).sign(id, late, body));
    // A 24-byte secret of another provider's kind works too.
    const other = await standardWebhookHeaders({ id, timestamp: now, rawBody: body, secret });
    expect(new Webhook(secret).verify(body, other)).toEqual(JSON.parse(body));
  });

  it("are refused for a tampered body, another secret, or a timestamp over 5 minutes old", async () => {
    const fresh = newWebhookSecret();
    const headers = await standardWebhookHeaders({ id, timestamp: new Date(), rawBody: body, secret: fresh });
    expect(() => new Webhook(fresh).verify(body.replace("1001", "1002"), headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(fresh).verify(JSON.stringify(JSON.parse(body), null, 2), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(/No matching signature/);

    const old = new Date(Date.now() - 6 * 60 * 1000);
    const stale = await standardWebhookHeaders({ id, timestamp: old, rawBody: body, secret: fresh });
    expect(() => new Webhook(fresh).verify(body, stale)).toThrow(/too old/);
  });

  it("signed with the Node host's node:crypto primitive: the same headers as WebCrypto's, verified by the library", async () => {
    const fresh = newWebhookSecret();
    const now = new Date();
    const headers = await standardWebhookHeaders({ id, timestamp: now, rawBody: body, secret: fresh, hmac: nodeWebhookHmac });
    expect(headers).toEqual(await standardWebhookHeaders({ id, timestamp: now, rawBody: body, secret: fresh }));
    expect(new Webhook(fresh).verify(body, headers)).toEqual(JSON.parse(body));
    expect(await serviceSignature(body, fresh, nodeWebhookHmac)).toBe(nodeHmac(body, fresh));
    await expect(serviceSignature(body, "", nodeWebhookHmac)).rejects.toThrow(TypeError);
  });

  it("refuse to sign with a secret that is not whsec_ base64, or an invalid date", async () => {
    const input = { id, timestamp: new Date(), rawBody: body, secret };
    await expect(standardWebhookHeaders({ ...input, secret: "not-a-secret" })).rejects.toThrow(TypeError);
    await expect(standardWebhookHeaders({ ...input, timestamp: new Date(Number.NaN) })).rejects.toThrow(TypeError);
  });
});
