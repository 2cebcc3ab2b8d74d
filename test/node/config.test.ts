import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importSigningKey } from "../../worker/domain/pix/jws";
import { readNodeConfig } from "../../worker/node/config";
import { TEST_PIX_SIGNING_JWK, TEST_VAULT_KEY } from "../support/platform";

const dir = mkdtempSync(join(tmpdir(), "pay-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Node config: the PIX signing key", () => {
  it("is generated once beside a local database (mode 0600) and reused on the next start", async () => {
    const env = { DATABASE_URL: `file:${join(dir, "pay.db")}` };
    const first = readNodeConfig(env);
    const file = join(dir, "pix-signing.jwk");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(first.pixSigningJwk);
    expect(readNodeConfig(env).pixSigningJwk).toEqual(first.pixSigningJwk);
    await expect(importSigningKey(first.pixSigningJwk)).resolves.toMatchObject({ alg: "ES256" });
  });

  it("comes from PIX_SIGNING_JWK when set, and a remote database requires it", () => {
    const env = { DATABASE_URL: "libsql://db.example.turso.io", VAULT_KEY: TEST_VAULT_KEY };
    expect(() => readNodeConfig(env)).toThrow(/PIX_SIGNING_JWK must be set/);
    const config = readNodeConfig({ ...env, PIX_SIGNING_JWK: JSON.stringify(TEST_PIX_SIGNING_JWK) });
    expect(config.pixSigningJwk).toEqual(TEST_PIX_SIGNING_JWK);
  });

  it("refuses a JWK that is not a P-256 private key", () => {
    const env = { DATABASE_URL: "file::memory:" };
    expect(() => readNodeConfig({ ...env, PIX_SIGNING_JWK: "nope" })).toThrow(/PIX_SIGNING_JWK is not JSON/);
    const { d: _d, ...publicOnly } = TEST_PIX_SIGNING_JWK;
    expect(() => readNodeConfig({ ...env, PIX_SIGNING_JWK: JSON.stringify(publicOnly) })).toThrow(/private EC P-256 JWK/);
  });

  it("refuses a VAULT_KEY that is not base64 of 32 bytes, as the Worker does", () => {
    const env = { DATABASE_URL: "file::memory:" };
    expect(() => readNodeConfig({ ...env, VAULT_KEY: "x" })).toThrow(/VAULT_KEY is not base64/);
    expect(() => readNodeConfig({ ...env, VAULT_KEY: btoa("too short") })).toThrow(/32 bytes, not 9/);
    expect(readNodeConfig({ ...env, VAULT_KEY: TEST_VAULT_KEY }).vaultKey).toBe(TEST_VAULT_KEY);
  });

  it("refuses a public base URL too long for a BR Code's location field", () => {
    const env = { DATABASE_URL: "file::memory:", PUBLIC_BASE_URL: `https://${"a".repeat(40)}.example.com` };
    expect(() => readNodeConfig(env)).toThrow(/would not fit a BR Code, which allows a base of at most 43/);
    // The longest that fits works, and so does a path prefix within the limit.
    expect(readNodeConfig({ ...env, PUBLIC_BASE_URL: `https://${"a".repeat(31)}.example.com` }).baseUrl).toHaveLength(51);
    expect(readNodeConfig({ ...env, PUBLIC_BASE_URL: "https://pay.example.com/gateway/" }).baseUrl).toBe("https://pay.example.com/gateway");
  });

  it("refuses a PUBLIC_BASE_URL that is not an absolute http(s) URL, or carries a query", () => {
    for (const url of ["pay.example.com", "ftp://pay.example.com", "https://pay.example.com/?a=1"]) {
      expect(() => readNodeConfig({ DATABASE_URL: "file::memory:", PUBLIC_BASE_URL: url }), url).toThrow(/PUBLIC_BASE_URL/);
    }
  });

  it("checks PIX_RECEIVER_KEY against the DICT formats", () => {
    const env = { DATABASE_URL: "file::memory:" };
    for (const key of ["2f1c5a0e-7b7d-4c1e-9a3f-5b0d5a4db0c5", "+5511987654321", "52998224725", "11222333000181", "pix@loja.example.com"]) {
      expect(readNodeConfig({ ...env, PIX_RECEIVER_KEY: key }).pixReceiverKey).toBe(key);
    }
    for (const key of ["seller-123", "11987654321", "52998224700", "Pix@Loja.com", "+1 555 0100"]) {
      expect(() => readNodeConfig({ ...env, PIX_RECEIVER_KEY: key }), key).toThrow(/PIX_RECEIVER_KEY must be/);
    }
  });
});

describe("Node config: PORT, HOST, DATABASE_URL and MAX_BODY_BYTES", () => {
  const base = { DATABASE_URL: "file::memory:" };

  it("refuses a MAX_BODY_BYTES that is not a positive integer (NaN would switch the limit off)", () => {
    expect(() => readNodeConfig({ ...base, MAX_BODY_BYTES: "100kb" })).toThrow(/MAX_BODY_BYTES must be a positive integer/);
    expect(() => readNodeConfig({ ...base, MAX_BODY_BYTES: "0" })).toThrow(/MAX_BODY_BYTES/);
    expect(() => readNodeConfig({ ...base, MAX_BODY_BYTES: "-1" })).toThrow(/MAX_BODY_BYTES/);
    expect(readNodeConfig({ ...base, MAX_BODY_BYTES: "" }).maxBodyBytes).toBe(100 * 1024);
    expect(readNodeConfig({ ...base, MAX_BODY_BYTES: "2048" }).maxBodyBytes).toBe(2048);
  });

  it("takes empty PORT and HOST as unset, and refuses port 0 (links would name port 0)", () => {
    const config = readNodeConfig({ ...base, PORT: "", HOST: "" });
    expect(config).toMatchObject({ port: 8787, host: "127.0.0.1", baseUrl: "http://127.0.0.1:8787" });
    expect(() => readNodeConfig({ ...base, PORT: "0" })).toThrow(/PORT must be a port number/);
  });

  it("brackets an IPv6 HOST in the base URL", () => {
    const { baseUrl } = readNodeConfig({ ...base, HOST: "::1", PORT: "9000" });
    expect(baseUrl).toBe("http://[::1]:9000");
    expect(new URL(baseUrl).port).toBe("9000");
  });

  it("accepts a bare :memory: DATABASE_URL as local (secrets generated, not demanded)", () => {
    expect(readNodeConfig({ DATABASE_URL: ":memory:" }).vaultKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe("Node config: the demo shop", () => {
  const env = { DATABASE_URL: `file:${join(dir, "demo", "pay.db")}` };
  it("listens on 8789 beside the default port, on any free port when PORT is set, nowhere when off or in production", () => {
    expect(readNodeConfig(env).demo).toEqual({ port: 8789, secretsFile: join(dir, "demo", "demo-shop.json") });
    expect(readNodeConfig({ ...env, PORT: "9000" }).demo?.port).toBe(0);
    expect(readNodeConfig({ ...env, PORT: "9000", DEMO_PORT: "9100" }).demo?.port).toBe(9100);
    expect(readNodeConfig({ ...env, DEMO_PORT: "off" }).demo).toBeNull();
    expect(readNodeConfig({ ...env, NODE_ENV: "production", VAULT_KEY: TEST_VAULT_KEY }).demo).toBeNull();
    expect(() => readNodeConfig({ ...env, DEMO_PORT: "http" })).toThrow(/DEMO_PORT must be a port number/);
  });
});
