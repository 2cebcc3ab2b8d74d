/**
 * The Cybersource Payer Authentication connector's settings from the host's environment:
 *
 *   CYBERSOURCE_HOST          the REST base URL: https://apitest.cybersource.com (test) or
 *                             https://api.cybersource.com (production); http:// only on loopback
 *   CYBERSOURCE_MERCHANT_ID   the merchant id (v-c-merchant-id)
 *   CYBERSOURCE_KEY_ID        the shared-secret key's id (the signature's keyid)
 *   CYBERSOURCE_SECRET        the shared secret, base64 as the Business Center shows it
 *   CYBERSOURCE_PAGES_ORIGIN  optional: Cardinal's origin, whose pages the buyer's browser opens;
 *                             known for Cybersource's two hosts, required for any other
 *   CYBERSOURCE_MCC           optional: the merchant category code (4 digits), which Visa
 *                             Secure requires of merchants in Brazil
 *
 * None set: null (no live 3DS). Some set: each missing or malformed one is a ConfigError naming the
 * variable, never its value, so a half-configured connector fails at start, not at a buyer's card.
 */
import { ConfigError } from "../../config-rules";
import { vendorUrl } from "../http/url";

/** The variables, as both hosts spell them. */
export interface CybersourceEnv {
  CYBERSOURCE_HOST?: string;
  CYBERSOURCE_MERCHANT_ID?: string;
  CYBERSOURCE_KEY_ID?: string;
  CYBERSOURCE_SECRET?: string;
  CYBERSOURCE_PAGES_ORIGIN?: string;
  CYBERSOURCE_MCC?: string;
}

/** The checked settings; with a transport they make a client (createCybersourceThreeDs). */
export interface CybersourceSettings {
  baseUrl: string;
  merchantId: string;
  keyId: string;
  secretKey: string;
  pagesOrigin: string;
  mcc?: string;
}

/** Cardinal's origin for each of Cybersource's hosts (card-connectors.md §1.1). */
const CARDINAL_ORIGINS: Record<string, string> = {
  "apitest.cybersource.com": "https://centinelapistag.cardinalcommerce.com",
  "api.cybersource.com": "https://centinelapi.cardinalcommerce.com",
};

const NAMES: (keyof CybersourceEnv)[] = ["CYBERSOURCE_HOST", "CYBERSOURCE_MERCHANT_ID", "CYBERSOURCE_KEY_ID", "CYBERSOURCE_SECRET", "CYBERSOURCE_PAGES_ORIGIN", "CYBERSOURCE_MCC"];

/** Reads the connector's settings, or null when none of the variables is set. */
export function readCybersourceSettings(env: CybersourceEnv): CybersourceSettings | null {
  const value = (name: keyof CybersourceEnv) => env[name]?.trim() || undefined;
  if (NAMES.every((name) => value(name) === undefined)) return null;
  const required = (name: keyof CybersourceEnv) => {
    const v = value(name);
    if (!v) throw new ConfigError(`${name} is not set, while other CYBERSOURCE_ variables are: live 3-D Secure needs all of them.`);
    return v;
  };

  const base = checkOrigin("CYBERSOURCE_HOST", required("CYBERSOURCE_HOST"), "https://apitest.cybersource.com");
  // Both go into headers (the signature's keyid is quoted): a quote or a line break would forge one.
  const merchantId = required("CYBERSOURCE_MERCHANT_ID");
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(merchantId)) throw new ConfigError("CYBERSOURCE_MERCHANT_ID must be letters, digits, '_', '.' or '-' (at most 64).");
  const keyId = required("CYBERSOURCE_KEY_ID");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(keyId)) throw new ConfigError("CYBERSOURCE_KEY_ID must be letters, digits, '_' or '-' (a key id is a UUID).");
  const secretKey = required("CYBERSOURCE_SECRET");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secretKey) || secretKey.length % 4 !== 0 || atob(secretKey).length < 16) {
    throw new ConfigError("CYBERSOURCE_SECRET must be the shared secret as base64 (at least 16 bytes), as the Business Center shows it.");
  }

  const pages = value("CYBERSOURCE_PAGES_ORIGIN");
  const knownPages = CARDINAL_ORIGINS[base.host];
  if (pages === undefined && knownPages === undefined) {
    throw new ConfigError("CYBERSOURCE_PAGES_ORIGIN is not set: it is known only for apitest.cybersource.com and api.cybersource.com, so another CYBERSOURCE_HOST needs it.");
  }
  const pagesOrigin = pages === undefined ? knownPages! : checkOrigin("CYBERSOURCE_PAGES_ORIGIN", pages, "https://centinelapistag.cardinalcommerce.com").origin;

  const mcc = value("CYBERSOURCE_MCC");
  if (mcc !== undefined && !/^\d{4}$/.test(mcc)) throw new ConfigError("CYBERSOURCE_MCC must be a merchant category code of 4 digits.");

  return { baseUrl: base.origin, merchantId, keyId, secretKey, pagesOrigin, ...(mcc !== undefined && { mcc }) };
}

/** An origin (scheme, host, port; no path): https, or http on this machine (a simulator). */
function checkOrigin(name: string, raw: string, example: string): URL {
  const url = vendorUrl(name, raw, example);
  if (url.pathname !== "/") {
    throw new ConfigError(`${name} must be an origin only, such as ${example}: no path, query, fragment or credentials.`);
  }
  return url;
}
