/**
 * readCybersourceSettings: all or none of the CYBERSOURCE_ variables, each malformed one a
 * ConfigError naming the variable and never its value, Cardinal's origin known for Cybersource's
 * two hosts and required for any other.
 */
import { languageTag } from "../../worker/connectors/cybersource/mapping";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../worker/config-rules";
import { readCybersourceSettings, type CybersourceEnv } from "../../worker/connectors/cybersource/config";

const SECRET = "yBJxy6LjM2TmcPGu+GaJrHtkke25fPpUX+UY6/L/1tE=";
const ENV: CybersourceEnv = {
  CYBERSOURCE_HOST: "https://apitest.cybersource.com",
  CYBERSOURCE_MERCHANT_ID: "gateway_br",
  CYBERSOURCE_KEY_ID: "08c94330-f618-42a3-b09d-e1e43be5efda",
  CYBERSOURCE_SECRET: SECRET,
};

/** The ConfigError `env` raises; its message must not quote the credentials (a URL's example may match the host). */
function refusal(env: CybersourceEnv): string {
  try {
    readCybersourceSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    for (const value of [env.CYBERSOURCE_SECRET, env.CYBERSOURCE_MERCHANT_ID, env.CYBERSOURCE_KEY_ID]) if (value) expect(message).not.toContain(value);
    return message;
  }
  throw new Error("expected a ConfigError");
}

describe("readCybersourceSettings", () => {
  it("none set: null (no live 3-D Secure)", () => {
    expect(readCybersourceSettings({})).toBeNull();
    expect(readCybersourceSettings({ CYBERSOURCE_HOST: "  " })).toBeNull();
  });

  it("the test host: Cardinal's staging origin by default", () => {
    expect(readCybersourceSettings(ENV)).toEqual({
      baseUrl: "https://apitest.cybersource.com",
      merchantId: "gateway_br",
      keyId: "08c94330-f618-42a3-b09d-e1e43be5efda",
      secretKey: SECRET,
      pagesOrigin: "https://centinelapistag.cardinalcommerce.com",
    });
  });

  it("the production host: Cardinal's production origin; a trailing slash is dropped; the MCC is read", () => {
    expect(readCybersourceSettings({ ...ENV, CYBERSOURCE_HOST: "https://api.cybersource.com/", CYBERSOURCE_MCC: "5999" })).toMatchObject({
      baseUrl: "https://api.cybersource.com",
      pagesOrigin: "https://centinelapi.cardinalcommerce.com",
      mcc: "5999",
    });
  });

  it("a simulator on loopback: http allowed, its pages origin required", () => {
    const local = { ...ENV, CYBERSOURCE_HOST: "http://127.0.0.1:8791" };
    expect(refusal(local)).toContain("CYBERSOURCE_PAGES_ORIGIN is not set");
    expect(readCybersourceSettings({ ...local, CYBERSOURCE_PAGES_ORIGIN: "http://127.0.0.1:8792" })).toMatchObject({ baseUrl: "http://127.0.0.1:8791", pagesOrigin: "http://127.0.0.1:8792" });
  });

  it("some set: each missing one is named", () => {
    expect(refusal({ ...ENV, CYBERSOURCE_SECRET: undefined })).toMatch(/^CYBERSOURCE_SECRET is not set/);
    expect(refusal({ CYBERSOURCE_MCC: "5999" })).toMatch(/^CYBERSOURCE_HOST is not set/);
  });

  it("malformed values are refused, naming the variable", () => {
    expect(refusal({ ...ENV, CYBERSOURCE_HOST: "http://apitest.cybersource.com" })).toContain("CYBERSOURCE_HOST must be an https:// URL");
    expect(refusal({ ...ENV, CYBERSOURCE_HOST: "https://apitest.cybersource.com/risk" })).toContain("CYBERSOURCE_HOST must be an origin only");
    expect(refusal({ ...ENV, CYBERSOURCE_HOST: "apitest.cybersource.com" })).toContain("CYBERSOURCE_HOST must be an absolute URL");
    expect(refusal({ ...ENV, CYBERSOURCE_MERCHANT_ID: "gateway\r\nx-injected: 1" })).toContain("CYBERSOURCE_MERCHANT_ID");
    expect(refusal({ ...ENV, CYBERSOURCE_KEY_ID: 'key", signature="forged' })).toContain("CYBERSOURCE_KEY_ID");
    expect(refusal({ ...ENV, CYBERSOURCE_SECRET: "not base64!" })).toContain("CYBERSOURCE_SECRET must be the shared secret as base64");
    expect(refusal({ ...ENV, CYBERSOURCE_SECRET: btoa("short") + "==" })).toContain("CYBERSOURCE_SECRET");
    expect(refusal({ ...ENV, CYBERSOURCE_PAGES_ORIGIN: "http://centinelapistag.cardinalcommerce.com" })).toContain("CYBERSOURCE_PAGES_ORIGIN must be an https:// URL");
    expect(refusal({ ...ENV, CYBERSOURCE_MCC: "59999" })).toContain("CYBERSOURCE_MCC");
  });
});

describe("the browser's language as a BCP 47 tag (mapping.ts languageTag)", () => {
  it("drops a POSIX locale's tail and turns _ into -; an unreadable one is en", () => {
    expect(languageTag("en-US@posix")).toBe("en-US");
    expect(languageTag("pt_BR.UTF-8")).toBe("pt-BR");
    expect(languageTag("pt-BR")).toBe("pt-BR");
    expect(languageTag("C")).toBe("en");
    expect(languageTag("")).toBe("en");
  });
});
