import { createHash, createPrivateKey, createPublicKey, randomBytes, sign as nodeSign, verify as nodeVerify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyJws } from "../../../test/support/jws-verify";
import { fromBase64url as base64urlDecode, toBase64url as base64urlEncode } from "../../lib/base64url";
import { generateSigningKeyJwk, importSigningKey, jwkThumbprint, publicJwks, signJws, type PublishedJwk, type SigningKey } from "./jws";

const CHARGE = {
  txid: "7f3c2a9e4b1d4e0c8a6f5b2d",
  revisao: 0,
  calendario: { criacao: "2026-01-02T03:04:05Z", apresentacao: "2026-01-02T03:04:06Z", expiracao: 3600 },
  valor: { original: "1234.56" },
  chave: "123e4567-e12b-12d1-a456-426655440000",
  solicitacaoPagador: "Pedido nº 42 — pão de queijo",
  status: "ATIVA",
};

let privateJwk: JsonWebKey;
let key: SigningKey;
let publicJwk: PublishedJwk;

beforeAll(async () => {
  privateJwk = await generateSigningKeyJwk();
  key = await importSigningKey(privateJwk);
  publicJwk = publicJwks(key).keys[0]!;
});

/** Splits a compact JWS and decodes header and payload with Node's own base64url. */
function decodeParts(jws: string) {
  const [h, p, s] = jws.split(".") as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(h, "base64url").toString("utf8")),
    payload: JSON.parse(Buffer.from(p, "base64url").toString("utf8")),
    h,
    p,
    s,
  };
}

describe("keys", () => {
  it("generates a P-256 private JWK", () => {
    expect(privateJwk).toMatchObject({ kty: "EC", crv: "P-256" });
    expect(Buffer.from(privateJwk.d!, "base64url")).toHaveLength(32);
    expect(Buffer.from(privateJwk.x!, "base64url")).toHaveLength(32);
  });

  it("derives kid as the RFC 7638 thumbprint, computed here independently", () => {
    const canonical = `{"crv":"P-256","kty":"EC","x":"${privateJwk.x}","y":"${privateJwk.y}"}`;
    expect(key.kid).toBe(createHash("sha256").update(canonical).digest("base64url"));
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("gives the thumbprint of the public members only, in fixed order", async () => {
    const shuffled: JsonWebKey = { y: privateJwk.y, x: privateJwk.x, kty: "EC", crv: "P-256", d: privateJwk.d, key_ops: ["sign"] };
    expect(await jwkThumbprint(shuffled)).toBe(key.kid);
  });

  it("publishes only public members, with kid, use and alg", () => {
    const jwks = publicJwks(key);
    expect(jwks.keys).toHaveLength(1);
    expect(publicJwk).toEqual({ kty: "EC", crv: "P-256", x: privateJwk.x, y: privateJwk.y, kid: key.kid, use: "sig", alg: "ES256" });
    expect(publicJwk).not.toHaveProperty("d");
    expect(key.publicJwk).not.toHaveProperty("d");
    expect(JSON.stringify(jwks)).not.toContain(privateJwk.d!);
  });

  it("keeps the imported private key non-extractable", async () => {
    expect(key.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("jwk", key.privateKey)).rejects.toThrow();
  });

  it("refuses a public-only or non-P-256 JWK", async () => {
    await expect(importSigningKey({ kty: "EC", crv: "P-256", x: privateJwk.x, y: privateJwk.y })).rejects.toThrow(/private/);
    await expect(importSigningKey({ ...privateJwk, crv: "P-384" })).rejects.toThrow(/P-256/);
  });

  it("imports a JWK carrying extra members (key_ops, ext, alg)", async () => {
    const k = await importSigningKey({ ...privateJwk, key_ops: ["sign", "verify"], ext: true, alg: "ES256" });
    expect(k.kid).toBe(key.kid);
  });
});

describe("signJws / verifyJws", () => {
  it("round-trips a charge payload with an {alg, kid, jku} header", async () => {
    const jws = await signJws(key, CHARGE, { jku: "https://pay.example.com/pix/jwks" });
    expect(jws.split(".")).toHaveLength(3);
    const { header, payload, s } = decodeParts(jws);
    expect(header).toEqual({ alg: "ES256", kid: key.kid, jku: "https://pay.example.com/pix/jwks" });
    expect(payload).toEqual(CHARGE);
    expect(Buffer.from(s, "base64url")).toHaveLength(64);
    expect(await verifyJws(publicJwk, jws)).toEqual(CHARGE);
  });

  it("omits jku when not given", async () => {
    expect(decodeParts(await signJws(key, { a: 1 })).header).toEqual({ alg: "ES256", kid: key.kid });
  });

  it("produces signatures Node's crypto verifies (interop, P1363 encoding)", async () => {
    const jws = await signJws(key, CHARGE);
    const { h, p, s } = decodeParts(jws);
    const pub = createPublicKey({ key: { kty: "EC", crv: "P-256", x: privateJwk.x!, y: privateJwk.y! }, format: "jwk" });
    const ok = nodeVerify("sha256", Buffer.from(`${h}.${p}`), { key: pub, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"));
    expect(ok).toBe(true);
  });

  it("verifies a JWS signed by Node's crypto", async () => {
    const h = Buffer.from(JSON.stringify({ alg: "ES256", kid: key.kid })).toString("base64url");
    const p = Buffer.from(JSON.stringify(CHARGE)).toString("base64url");
    const { x, y, d } = privateJwk;
    const priv = createPrivateKey({ key: { kty: "EC", crv: "P-256", x: x!, y: y!, d: d! }, format: "jwk" });
    const sig = nodeSign("sha256", Buffer.from(`${h}.${p}`), { key: priv, dsaEncoding: "ieee-p1363" });
    expect(await verifyJws(publicJwk, `${h}.${p}.${sig.toString("base64url")}`)).toEqual(CHARGE);
  });

  it("rejects a tampered payload", async () => {
    const { h, s } = decodeParts(await signJws(key, CHARGE));
    const forged = Buffer.from(JSON.stringify({ ...CHARGE, valor: { original: "0.01" } })).toString("base64url");
    await expect(verifyJws(publicJwk, `${h}.${forged}.${s}`)).rejects.toThrow(/verification failed/);
  });

  it("rejects a flipped signature bit", async () => {
    const { h, p, s } = decodeParts(await signJws(key, CHARGE));
    const sig = Buffer.from(s, "base64url");
    sig[10]! ^= 1;
    await expect(verifyJws(publicJwk, `${h}.${p}.${sig.toString("base64url")}`)).rejects.toThrow(/verification failed/);
  });

  it("rejects a signature from another key", async () => {
    const other = await importSigningKey(await generateSigningKeyJwk());
    const jws = await signJws(other, CHARGE);
    // Same kid header check would trip first; drop kid to reach the signature check.
    const { p, s } = decodeParts(jws);
    const h = Buffer.from(JSON.stringify({ alg: "ES256" })).toString("base64url");
    await expect(verifyJws(publicJwk, `${h}.${p}.${s}`)).rejects.toThrow(/verification failed/);
    await expect(verifyJws(publicJwk, jws)).rejects.toThrow(/kid/);
  });

  it("rejects alg none and other algs", async () => {
    const { p, s } = decodeParts(await signJws(key, CHARGE));
    for (const alg of ["none", "HS256", "PS256"]) {
      const h = Buffer.from(JSON.stringify({ alg, kid: key.kid })).toString("base64url");
      await expect(verifyJws(publicJwk, `${h}.${p}.${s}`)).rejects.toThrow(/alg/);
      await expect(verifyJws(publicJwk, `${h}.${p}.`)).rejects.toThrow(/alg/);
    }
  });

  it("rejects malformed compact serialisations", async () => {
    const jws = await signJws(key, CHARGE);
    await expect(verifyJws(publicJwk, jws.split(".").slice(0, 2).join("."))).rejects.toThrow(/3/);
    await expect(verifyJws(publicJwk, jws + "=")).rejects.toThrow(/base64url/);
    await expect(verifyJws(publicJwk, "e30.e30.AAAA")).rejects.toThrow(/alg/); // {} header
  });

  it("refuses a payload that is not JSON-serialisable", async () => {
    await expect(signJws(key, undefined)).rejects.toThrow(/JSON/);
  });
});

describe("base64url", () => {
  it("matches Node's base64url for every length 0..64 and round-trips", () => {
    for (let n = 0; n <= 64; n++) {
      const bytes = new Uint8Array(randomBytes(n));
      const text = base64urlEncode(bytes);
      expect(text).toBe(Buffer.from(bytes).toString("base64url"));
      expect(base64urlDecode(text)).toEqual(bytes);
    }
  });

  it("handles inputs above the chunk size", () => {
    const bytes = new Uint8Array(randomBytes(100_000));
    expect(base64urlEncode(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
  });

  it("rejects standard-base64 characters, padding and impossible lengths", () => {
    expect(() => base64urlDecode("ab+/")).toThrow();
    expect(() => base64urlDecode("YQ==")).toThrow();
    expect(() => base64urlDecode("abcde")).toThrow();
  });
});
