/**
 * The Cielo connector's pure parts: the settings read from the environment (config.ts), the
 * holder and 3DS fields of a sale (sale-request.ts) and the return codes the sandbox never answers
 * (sale-outcome.ts: brand-dependent ABECS codes, Amex's own two-character codes).
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../worker/config-rules";
import { readCieloSettings, type CieloEnv } from "../../worker/connectors/cielo/config";
import { declineOf } from "../../worker/connectors/cielo/sale-outcome";
import { externalAuthenticationOf, holderOf, NAME_PLACEHOLDER } from "../../worker/connectors/cielo/sale-request";

const KEY = "SECRETKEY0123456789ABCDEFGHIJKLMNOPQRSTU";
const FULL: CieloEnv = {
  CIELO_API_URL: "https://api.cieloecommerce.cielo.com.br/",
  CIELO_QUERY_URL: "https://apiquery.cieloecommerce.cielo.com.br",
  CIELO_MERCHANT_ID: "a1b2c3d4-e5f6-4789-8abc-def012345678",
  CIELO_MERCHANT_KEY: KEY,
  PUBLIC_BASE_URL: "https://pay.example.com",
};

/** The ConfigError reading `env` throws. */
function configError(env: CieloEnv): ConfigError {
  try {
    readCieloSettings(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("no ConfigError");
}

describe("readCieloSettings", () => {
  it("none of the CIELO_ variables: null (PUBLIC_BASE_URL alone configures nothing)", () => {
    expect(readCieloSettings({ PUBLIC_BASE_URL: "https://pay.example.com" })).toBeNull();
  });

  it("all of them: the settings, trailing slash dropped, ReturnUrl defaulting to PUBLIC_BASE_URL", () => {
    expect(readCieloSettings(FULL)).toEqual({
      apiUrl: "https://api.cieloecommerce.cielo.com.br",
      queryUrl: "https://apiquery.cieloecommerce.cielo.com.br",
      merchantId: FULL.CIELO_MERCHANT_ID,
      merchantKey: KEY,
      returnUrl: "https://pay.example.com",
    });
    expect(readCieloSettings({ ...FULL, CIELO_RETURN_URL: "https://pay.example.com/cards/return" })?.returnUrl).toBe("https://pay.example.com/cards/return");
  });

  for (const name of ["CIELO_API_URL", "CIELO_QUERY_URL", "CIELO_MERCHANT_ID", "CIELO_MERCHANT_KEY"] as const) {
    it(`${name} missing while the others are set: a ConfigError naming it`, () => {
      expect(configError({ ...FULL, [name]: " " }).message).toContain(`${name} is not set`);
    });
  }

  it("malformed values are named, never quoted", () => {
    const cases: Array<[CieloEnv, string]> = [
      [{ ...FULL, CIELO_MERCHANT_ID: "merchant-42" }, "CIELO_MERCHANT_ID"],
      [{ ...FULL, CIELO_MERCHANT_KEY: "short key" }, "CIELO_MERCHANT_KEY"],
      [{ ...FULL, CIELO_API_URL: "http://api.cieloecommerce.cielo.com.br" }, "CIELO_API_URL"],
      [{ ...FULL, CIELO_QUERY_URL: "https://apiquery.example?x=1" }, "CIELO_QUERY_URL"],
      [{ ...FULL, CIELO_RETURN_URL: "ftp://pay.example.com" }, "CIELO_RETURN_URL"],
      [{ ...FULL, PUBLIC_BASE_URL: undefined }, "CIELO_RETURN_URL"],
    ];
    for (const [env, name] of cases) {
      const message = configError(env).message;
      expect(message).toContain(name);
      for (const value of Object.values(env)) if (value && value.length > 8) expect(message).not.toContain(value);
    }
  });

  it("http is allowed on this machine only (the simulator)", () => {
    expect(readCieloSettings({ ...FULL, CIELO_API_URL: "http://127.0.0.1:8791", CIELO_QUERY_URL: "http://localhost:8792" })?.apiUrl).toBe("http://127.0.0.1:8791");
  });
});

describe("the sale's fields", () => {
  it("the holder: accents stripped, letters and spaces only, at most 25; nothing left is the placeholder", () => {
    expect(holderOf("  Ana Luísa O'Connor-Brandão ")).toBe("Ana Luisa O Connor Branda");
    expect(holderOf("Maximiliano Conceição de Albuquerque")).toBe("Maximiliano Conceicao de");
    expect(holderOf("李小龍")).toBe(NAME_PLACEHOLDER);
    expect(holderOf(null)).toBe(NAME_PLACEHOLDER);
  });

  it("the 3DS result: one-digit Eci, major version, the DS transaction id as ReferenceId; 3DS 1 needs its Xid", () => {
    const ds = "3f1f2a4e-8b0c-4d6e-9a1b-2c3d4e5f6a7b";
    expect(externalAuthenticationOf({ cavv: "AJkBBkhgQQAAAE4gSEJydQAAAAA=", eci: "06", version: "2.1.0", dsTransactionId: ds })).toEqual({ Cavv: "AJkBBkhgQQAAAE4gSEJydQAAAAA=", Eci: "6", Version: "2", ReferenceId: ds });
    expect(externalAuthenticationOf({ cavv: "AAAB", eci: "05", version: "1.0.2", xid: "eGlk" })).toEqual({ Cavv: "AAAB", Xid: "eGlk", Eci: "5", Version: "1" });
    expect(externalAuthenticationOf({ cavv: "AAAB", eci: "05", version: "1.0.2" })).toBeNull();
    expect(externalAuthenticationOf({ cavv: "AAAB", eci: null, version: "2.2.0", dsTransactionId: ds })).toBeNull();
    expect(externalAuthenticationOf({ cavv: "AAAB", eci: "105", version: "2.2.0", dsTransactionId: ds })).toBeNull();
  });
});

describe("return codes the sandbox does not answer", () => {
  const CASES: Array<[string, string, string, boolean]> = [
    ["51", "VISA", "insufficient_funds", false],
    ["5", "VISA", "do_not_honor", false],
    ["54", "MASTERCARD", "expired_card", true],
    ["41", "ELO", "card_blocked", true],
    ["43", "VISA", "card_blocked", true],
    ["62", "ELO", "card_blocked", false],
    ["59", "VISA", "suspected_fraud", false],
    ["63", "ELO", "suspected_fraud", true],
    ["63", "MASTERCARD", "suspected_fraud", false],
    ["57", "HIPERCARD", "card_declined", false],
    ["57", "ELO", "card_declined", true],
    ["14", "VISA", "card_declined", true],
    ["N7", "VISA", "card_declined", true],
    ["91", "VISA", "processing_error", false],
    ["96", "ELO", "processing_error", false],
    ["AB", "ELO", "card_declined", false],
    // Amex: Cielo's "From/To" codes. "5" is insufficient funds there, not the generic 05.
    ["5", "AMEX", "insufficient_funds", false],
    ["FA", "AMEX", "do_not_honor", false],
    ["FD", "AMEX", "card_blocked", true],
    ["BV", "AMEX", "expired_card", true],
    ["AE", "AMEX", "processing_error", false],
    ["51", "AMEX", "insufficient_funds", false],
  ];
  for (const [returnCode, brand, code, hard] of CASES) {
    it(`${brand} ${returnCode} → ${code}${hard ? ", hard" : ""}`, () => {
      expect(declineOf(returnCode, brand)).toMatchObject({ status: "DECLINED", code, hard });
    });
  }
});
