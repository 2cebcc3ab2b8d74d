/**
 * Cybersource's HTTP Signature (worker/connectors/cybersource/signing.ts) against vectors that do
 * not come from our code: the digests and signatures below were computed by Cybersource's own Node
 * SDK, cybersource-rest-client 0.0.83 (npm), calling its
 * src/authentication/http/HTTPSigToken.js getToken() and
 * src/authentication/payloadDigest/DigestGenerator.js generateDigest() with a merchantConfig
 * stub answering the inputs below (host apitest.cybersource.com, merchant "testrest", the SDK
 * samples' public sandbox key id and secret). The GET vector was also checked with
 * `openssl dgst -sha256 -mac HMAC -macopt hexkey:<hex of the decoded secret>`. The simulator
 * verifies with the same module, so these vectors are what keep client and simulator honest.
 */
import { describe, expect, it } from "vitest";
import { digestOf, signedHeaders, verifySignature, type ReceivedRequest } from "../../worker/connectors/cybersource/signing";

const CREDENTIALS = { merchantId: "testrest", keyId: "08c94330-f618-42a3-b09d-e1e43be5efda", secretKey: "yBJxy6LjM2TmcPGu+GaJrHtkke25fPpUX+UY6/L/1tE=" };
const DATE = new Date("2026-03-13T12:00:00Z");
const HOST = "https://apitest.cybersource.com";

const VECTORS = [
  {
    what: "setup POST (the samples' body)",
    method: "POST",
    target: "/risk/v1/authentication-setups",
    body: '{"clientReferenceInformation":{"code":"cybs_test"},"paymentInformation":{"card":{"type":"002","expirationMonth":"12","expirationYear":"2025","number":"5200000000001005"}}}',
    digest: "SHA-256=oQL0J/fbVCgjuKPNa/OYWpCngGu0LaomAIAppLOZYes=",
    signature: "MftgiJ5O6mVM8pOL3maXbE6US1pSlj9yWOZC8cyim7Q=",
  },
  {
    what: "enrollment POST with non-ASCII text (the digest is over UTF-8 bytes)",
    method: "POST",
    target: "/risk/v1/authentications",
    body: '{"clientReferenceInformation":{"code":"pedido-42"},"orderInformation":{"amountDetails":{"currency":"BRL","totalAmount":"10.99"},"billTo":{"firstName":"João","locality":"São Paulo"}}}',
    digest: "SHA-256=KwkAYJHqYMKSmG2TOu9vUSzIpYSEYnHRxqNgR4VZyX4=",
    signature: "vSco20nd+pgNdtrxzrLa+6cBsRjqtli5jpH9rBfXHig=",
  },
  {
    what: "GET with a query string (no digest; the query is signed)",
    method: "GET",
    target: "/reporting/v3/report-downloads?organizationId=testrest&reportDate=2026-03-12&reportName=daily",
    body: "",
    digest: undefined,
    signature: "kIroI1GckEQN/I6mRztsz21C1TzbRIZA9Bl65y6fyJs=",
  },
] as const;

const bytes = (text: string) => new Uint8Array(new TextEncoder().encode(text));

describe("signedHeaders matches Cybersource's SDK", () => {
  for (const v of VECTORS) {
    it(v.what, async () => {
      const headers = await signedHeaders({ method: v.method, url: `${HOST}${v.target}`, body: v.body, date: DATE, ...CREDENTIALS });
      expect(headers.host).toBe("apitest.cybersource.com");
      expect(headers.date).toBe("Fri, 13 Mar 2026 12:00:00 GMT");
      expect(headers["v-c-merchant-id"]).toBe("testrest");
      expect(headers.digest).toBe(v.digest);
      const listed = v.digest ? "host date request-target digest v-c-merchant-id" : "host date request-target v-c-merchant-id";
      expect(headers.signature).toBe(`keyid="${CREDENTIALS.keyId}", algorithm="HmacSHA256", headers="${listed}", signature="${v.signature}"`);
    });
  }

  it("the digest is a plain SHA-256 of the body (the empty body's is the well-known one)", async () => {
    expect(await digestOf("")).toBe("SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });
});

describe("verifySignature", () => {
  /** The first vector as a server receives it. */
  async function received(change: Partial<ReceivedRequest> = {}, headerChange: Record<string, string> = {}): Promise<ReceivedRequest> {
    const v = VECTORS[0];
    const headers = await signedHeaders({ method: v.method, url: `${HOST}${v.target}`, body: v.body, date: DATE, ...CREDENTIALS });
    return { method: "POST", target: v.target, headers: { ...headers, ...headerChange }, body: bytes(v.body), ...change };
  }
  const verify = (request: ReceivedRequest, credentials = CREDENTIALS) => verifySignature(request, credentials, new Date(DATE.getTime() + 60_000));

  it("accepts the request as signed", async () => {
    expect(await verify(await received())).toBeNull();
  });

  it("refuses a tampered body, date, path, host or merchant", async () => {
    const v = VECTORS[0];
    expect(await verify(await received({ body: bytes(v.body.replace("1005", "1013")) }))).toBe("digest does not match the body");
    expect(await verify(await received({}, { date: "Fri, 13 Mar 2026 12:00:01 GMT" }))).toBe("signature does not match");
    expect(await verify(await received({ target: "/risk/v1/authentications" }))).toBe("signature does not match");
    expect(await verify(await received({ target: `${v.target}?x=1` }))).toBe("signature does not match");
    expect(await verify(await received({}, { host: "api.cybersource.com" }))).toBe("signature does not match");
    expect(await verify(await received({}, { "v-c-merchant-id": "other" }))).toBe("v-c-merchant-id is not this merchant");
  });

  it("refuses a digest recomputed for a tampered body (the signature covers the digest)", async () => {
    const tampered = VECTORS[0].body.replace("1005", "1013");
    expect(await verify(await received({ body: bytes(tampered) }, { digest: await digestOf(tampered) }))).toBe("signature does not match");
  });

  it("refuses another secret, another key id, and a date more than 5 minutes off", async () => {
    const request = await received();
    expect(await verify(request, { ...CREDENTIALS, secretKey: btoa("another secret of 32 bytes......") })).toBe("signature does not match");
    expect(await verify(request, { ...CREDENTIALS, keyId: "another-key" })).toBe("unknown keyid");
    expect(await verifySignature(request, CREDENTIALS, new Date(DATE.getTime() + 5 * 60_000 + 1000))).toBe("date is too far from now");
    expect(await verifySignature(request, CREDENTIALS, new Date(DATE.getTime() - 5 * 60_000 - 1000))).toBe("date is too far from now");
  });

  it("refuses a missing or malformed signature header, and a GET signed as a POST", async () => {
    expect(await verify(await received({}, { signature: "" }))).toBe("missing or malformed signature header");
    expect(await verify(await received({}, { signature: 'keyid="x" algorithm' }))).toBe("missing or malformed signature header");
    expect(await verify(await received({ method: "GET" }))).toBe("signed headers list is not the expected one");
  });
});
