/**
 * The Rede connector's settings from the host's environment:
 *
 *   REDE_API_URL    the e.Rede API base with its version, e.g. https://api.userede.com.br/erede/v1
 *   REDE_PV         the affiliation number (PV, filiação): digits
 *   REDE_KEY        the integration key (chave de integração), secret
 *   REDE_TOKEN_URL  optional: OAuth2 client credentials at this URL (client id = PV, secret = key),
 *                   e.g. https://api.userede.com.br/redelabs/oauth2/token; unset: HTTP Basic PV:key
 *
 * None set: null (no Rede). Some set: each missing or malformed one is a ConfigError naming the
 * variable, never its value, so a half-configured acquirer fails at start, not at the first sale.
 */
import { parseUrl } from "../http/url";
import { ConfigError } from "../../config-rules";

/** The variables, as both hosts spell them. */
export interface RedeEnv {
  REDE_API_URL?: string;
  REDE_PV?: string;
  REDE_KEY?: string;
  REDE_TOKEN_URL?: string;
}

/** The checked settings; with a transport they make a client (createRedeAcquirer). */
export interface RedeSettings {
  apiUrl: string;
  pv: string;
  integrationKey: string;
  tokenUrl?: string;
}

const NAMES = ["REDE_API_URL", "REDE_PV", "REDE_KEY", "REDE_TOKEN_URL"] as const;

/** Reads Rede's settings, or null when none of the variables is set. */
export function readRedeSettings(env: RedeEnv): RedeSettings | null {
  const value = (name: keyof RedeEnv) => env[name]?.trim() || undefined;
  if (NAMES.every((name) => value(name) === undefined)) return null;
  const required = (name: keyof RedeEnv) => {
    const v = value(name);
    if (!v) throw new ConfigError(`${name} is not set, while other REDE_ variables are: the Rede acquirer needs REDE_API_URL, REDE_PV and REDE_KEY.`);
    return v;
  };
  const apiUrl = httpsUrl("REDE_API_URL", required("REDE_API_URL"));
  // Rede's paths hang below the version (…/v1/transactions): a bare host would 404 every sale.
  if (!/\/v\d+$/.test(new URL(apiUrl).pathname)) {
    throw new ConfigError("REDE_API_URL must be the API base with its version, e.g. https://api.userede.com.br/erede/v1.");
  }
  const pv = required("REDE_PV");
  if (!/^\d{1,15}$/.test(pv)) throw new ConfigError("REDE_PV must be the affiliation number (digits only).");
  const integrationKey = required("REDE_KEY");
  if (/\s/.test(integrationKey)) throw new ConfigError("REDE_KEY must not contain spaces.");
  const tokenUrl = value("REDE_TOKEN_URL");
  return { apiUrl, pv, integrationKey, ...(tokenUrl && { tokenUrl: httpsUrl("REDE_TOKEN_URL", tokenUrl) }) };
}

/** An absolute https URL, without query, fragment or credentials (plain http only to this machine). */
function httpsUrl(name: string, raw: string): string {
  const url = parseUrl(raw);
  const loopback = url !== null && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && loopback))) {
    throw new ConfigError(`${name} must be an absolute https:// URL (http:// only for a simulator on 127.0.0.1 or localhost).`);
  }
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`${name} must not carry a query, a fragment or credentials.`);
  return raw.replace(/\/+$/, "");
}
