/**
 * readRedeSettings (worker/connectors/rede/config.ts): all of REDE_API_URL, REDE_PV and REDE_KEY or
 * none, REDE_TOKEN_URL optional; a ConfigError names the variable and never carries its value.
 */
import { describe, expect, it } from "vitest";
import { readRedeSettings, type RedeEnv } from "../../worker/connectors/rede/config";
import { ConfigError } from "../../worker/config-rules";

const KEY = "eb3c322b84ff475c95abb16673659664";
const FULL: RedeEnv = { REDE_API_URL: "https://api.userede.com.br/erede/v1/", REDE_PV: "10000850", REDE_KEY: KEY };

/** The ConfigError reading `env` throws (its message must not carry the key). */
function refusal(env: RedeEnv): string {
  try {
    readRedeSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toContain(KEY);
    return (err as Error).message;
  }
  throw new Error("no ConfigError");
}

describe("readRedeSettings", () => {
  it("none set (or blank) is no Rede", () => {
    expect(readRedeSettings({})).toBeNull();
    expect(readRedeSettings({ REDE_PV: "  ", REDE_KEY: "" })).toBeNull();
  });

  it("Basic: the three, the URL without its trailing slash; OAuth2 with REDE_TOKEN_URL", () => {
    expect(readRedeSettings(FULL)).toEqual({ apiUrl: "https://api.userede.com.br/erede/v1", pv: "10000850", integrationKey: KEY });
    const tokenUrl = "https://api.userede.com.br/redelabs/oauth2/token";
    expect(readRedeSettings({ ...FULL, REDE_TOKEN_URL: tokenUrl })).toMatchObject({ tokenUrl });
  });

  it("some set: each missing one is named", () => {
    expect(refusal({ ...FULL, REDE_KEY: undefined })).toMatch(/^REDE_KEY is not set/);
    expect(refusal({ REDE_TOKEN_URL: "https://example.com/token" })).toMatch(/^REDE_API_URL is not set/);
    expect(refusal({ ...FULL, REDE_PV: undefined })).toMatch(/^REDE_PV is not set/);
  });

  it("malformed values are refused by name, never echoed", () => {
    expect(refusal({ ...FULL, REDE_API_URL: "http://api.userede.com.br/erede/v1" })).toMatch(/^REDE_API_URL must be an absolute https:\/\/ URL/);
    expect(refusal({ ...FULL, REDE_API_URL: "https://api.userede.com.br" })).toMatch(/with its version/);
    expect(refusal({ ...FULL, REDE_API_URL: `https://x:${KEY}@api.userede.com.br/erede/v1` })).toMatch(/credentials/);
    expect(refusal({ ...FULL, REDE_PV: "PV-123" })).toMatch(/^REDE_PV must be the affiliation number/);
    expect(refusal({ ...FULL, REDE_KEY: `${KEY} x` })).toMatch(/^REDE_KEY must not contain spaces/);
    expect(refusal({ ...FULL, REDE_TOKEN_URL: "not a url" })).toMatch(/^REDE_TOKEN_URL must be/);
  });

  it("plain http only to a simulator on this machine", () => {
    expect(readRedeSettings({ ...FULL, REDE_API_URL: "http://127.0.0.1:8791/v1", REDE_TOKEN_URL: "http://localhost:8791/oauth2/token" })).toMatchObject({ apiUrl: "http://127.0.0.1:8791/v1" });
  });
});
