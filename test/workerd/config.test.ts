/**
 * The Worker's configuration from its bindings: secrets are checked before the first request
 * uses them, a misconfigured Worker answers problem+json without revealing why, and the public
 * base URL is required and must fit a PIX BR Code (never taken from a request's Host).
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { readCloudflareConfig } from "../../worker/cloudflare/config";
import type { Env } from "../../worker/cloudflare/env";
import worker from "../../worker/index";
import { captureLogs } from "./console-log";

const logged = captureLogs();

function withEnv(overrides: Partial<Env>): Env {
  return { ...env, ...overrides };
}

describe("the Worker's config", () => {
  it("reads every PlatformConfig field from the bindings", () => {
    const config = readCloudflareConfig(env);
    expect(config).toEqual({
      baseUrl: "http://pay.test",
      vaultKey: env.VAULT_KEY,
      vaultPreviousKeys: [],
      // The PSP simulator's DICT key (global-setup.ts): the workerd run has live PIX configured.
      pixReceiverKey: inject("pspReceiverKey"),
      maxBodyBytes: 102400,
      pixSigningJwk: JSON.parse(env.PIX_SIGNING_JWK),
    });
  });

  it.each([
    [{ VAULT_KEY: "" }, /VAULT_KEY is not set/],
    [{ VAULT_KEY: btoa("too short") }, /VAULT_KEY must be base64 of 32 bytes/],
    [{ PIX_SIGNING_JWK: "{not json" }, /PIX_SIGNING_JWK is not JSON/],
    [{ PIX_SIGNING_JWK: JSON.stringify({ kty: "EC", crv: "P-256", x: "x", y: "y" }) }, /private EC P-256 JWK/],
    [{ MAX_BODY_BYTES: "lots" }, /MAX_BODY_BYTES must be a positive integer/],
    [{ TURSO_DATABASE_URL: "" }, /TURSO_DATABASE_URL is not set/],
    [{ TURSO_DATABASE_URL: "pay-org.turso.io" }, /TURSO_DATABASE_URL must be a libsql:\/\/, https:\/\/ or http:\/\/ URL/],
  ])("rejects %o", (overrides, message) => {
    expect(() => readCloudflareConfig(withEnv(overrides))).toThrow(message);
  });

  it("requires PUBLIC_BASE_URL, and refuses one too long for a BR Code's location field", () => {
    expect(() => readCloudflareConfig(withEnv({ PUBLIC_BASE_URL: "" }))).toThrow(/PUBLIC_BASE_URL is not set/);
    const long = withEnv({ PUBLIC_BASE_URL: `https://${"pay".repeat(12)}.example.workers.dev` });
    expect(() => readCloudflareConfig(long)).toThrow(/would not fit a BR Code/);
  });

  it("half a live-card set-up is refused naming the variable: a Cybersource variable missing, or acquirers without Cybersource", () => {
    expect(() => readCloudflareConfig(withEnv({ CYBERSOURCE_SECRET: "" }))).toThrow(/CYBERSOURCE_SECRET/);
    const noThreeDs = withEnv({ CYBERSOURCE_HOST: "", CYBERSOURCE_MERCHANT_ID: "", CYBERSOURCE_KEY_ID: "", CYBERSOURCE_SECRET: "", CYBERSOURCE_PAGES_ORIGIN: "" });
    expect(() => readCloudflareConfig(noThreeDs)).toThrow(/without CYBERSOURCE_HOST/);
    // The simulators' full set (vitest.workers.config.ts) is accepted.
    expect(readCloudflareConfig(withEnv({})).baseUrl).toBe(inject("baseUrl"));
  });

  it("a Worker shipped with an empty PUBLIC_BASE_URL answers 500 problem+json, never a charge with a request-made link", async () => {
    const res = await worker.fetch(
      new Request(`https://${"x".repeat(40)}.example.com/v1/transactions`, { method: "POST" }),
      withEnv({ PUBLIC_BASE_URL: "" }),
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(logged.some((l) => String(l.error).includes("PUBLIC_BASE_URL"))).toBe(true);
  });

  it("answers 500 problem+json when a secret is missing, naming it only in the log", async () => {
    const res = await worker.fetch(new Request("http://pay.test/v1/buyers"), withEnv({ VAULT_KEY: "" }), createExecutionContext());
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ status: 500, code: "INTERNAL_ERROR", instance: "/v1/buyers" });
    expect(body).not.toContain("VAULT_KEY");
    expect(logged).toContainEqual(expect.objectContaining({ msg: "config.invalid", error: expect.stringContaining("VAULT_KEY") }));
  });

  it("answers 500 problem+json, naming the binding in the log, when the database URL is missing", async () => {
    const res = await worker.fetch(
      new Request("http://pay.test/v1/buyers"),
      withEnv({ TURSO_DATABASE_URL: undefined as unknown as string }),
      createExecutionContext(),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ code: "INTERNAL_ERROR" });
    expect(logged).toContainEqual(
      expect.objectContaining({ msg: "config.invalid", error: expect.stringContaining("TURSO_DATABASE_URL") }),
    );
  });
});
