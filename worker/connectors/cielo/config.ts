/**
 * The Cielo connector's settings from the host's environment:
 *
 *   CIELO_API_URL       the transaction host, e.g. https://api.cieloecommerce.cielo.com.br
 *                       (sandbox: https://apisandbox.cieloecommerce.cielo.com.br)
 *   CIELO_QUERY_URL     the query host, e.g. https://apiquery.cieloecommerce.cielo.com.br
 *   CIELO_MERCHANT_ID   the merchant's MerchantId, a GUID
 *   CIELO_MERCHANT_KEY  its MerchantKey (secret)
 *   CIELO_RETURN_URL    optional: Payment.ReturnUrl, which Cielo requires with Authenticate; the
 *                       3DS happened at Cybersource, so nobody is sent there. Default: the
 *                       gateway's PUBLIC_BASE_URL.
 *
 * None set: null (no Cielo). Some set: each missing or malformed one is a ConfigError naming the
 * variable, never its value, so a half-configured acquirer fails at start, not at the first sale.
 * URLs are https, except on this machine (the simulator). Portable: it reads text.
 */
import { ConfigError } from "../../config-rules";
import { parseUrl, vendorUrl } from "../http/url";

/** The variables, as both hosts spell them. */
export interface CieloEnv {
  CIELO_API_URL?: string;
  CIELO_QUERY_URL?: string;
  CIELO_MERCHANT_ID?: string;
  CIELO_MERCHANT_KEY?: string;
  CIELO_RETURN_URL?: string;
  /** The gateway's own base URL, the ReturnUrl's default. */
  PUBLIC_BASE_URL?: string;
}

/** The checked settings; with a transport they make a client (createCieloAcquirer). */
export interface CieloSettings {
  apiUrl: string;
  queryUrl: string;
  merchantId: string;
  merchantKey: string;
  returnUrl: string;
}

const OWN: (keyof CieloEnv)[] = ["CIELO_API_URL", "CIELO_QUERY_URL", "CIELO_MERCHANT_ID", "CIELO_MERCHANT_KEY", "CIELO_RETURN_URL"];
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads Cielo's settings, or null when none of the CIELO_ variables is set. */
export function readCieloSettings(env: CieloEnv): CieloSettings | null {
  const value = (name: keyof CieloEnv) => env[name]?.trim() || undefined;
  if (OWN.every((name) => value(name) === undefined)) return null;
  const required = (name: keyof CieloEnv) => {
    const v = value(name);
    if (!v) throw new ConfigError(`${name} is not set, while other CIELO_ variables are: the Cielo acquirer needs CIELO_API_URL, CIELO_QUERY_URL, CIELO_MERCHANT_ID and CIELO_MERCHANT_KEY.`);
    return v;
  };
  const apiUrl = cieloHost("CIELO_API_URL", required("CIELO_API_URL"));
  const queryUrl = cieloHost("CIELO_QUERY_URL", required("CIELO_QUERY_URL"));
  const merchantId = required("CIELO_MERCHANT_ID");
  if (!GUID.test(merchantId)) throw new ConfigError("CIELO_MERCHANT_ID must be a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), as Cielo issues it.");
  const merchantKey = required("CIELO_MERCHANT_KEY");
  // Cielo's keys are 40 characters; anything with spaces or control characters is a paste gone wrong.
  if (!/^[\x21-\x7e]{16,100}$/.test(merchantKey)) throw new ConfigError("CIELO_MERCHANT_KEY must be the MerchantKey Cielo issued: printable characters, no spaces.");
  const returnUrl = returnUrlOf(value("CIELO_RETURN_URL"), value("PUBLIC_BASE_URL"));
  return { apiUrl, queryUrl, merchantId, merchantKey, returnUrl };
}

/** A Cielo host (connectors/http/url.ts's rule); no trailing slash. */
function cieloHost(name: string, raw: string): string {
  vendorUrl(name, raw, "https://api.cieloecommerce.cielo.com.br");
  return raw.replace(/\/+$/, "");
}

/** CIELO_RETURN_URL, else PUBLIC_BASE_URL: an absolute http(s) URL of at most 1024 characters. */
function returnUrlOf(own: string | undefined, base: string | undefined): string {
  const raw = own ?? base;
  const name = own ? "CIELO_RETURN_URL" : "PUBLIC_BASE_URL";
  if (!raw) throw new ConfigError("CIELO_RETURN_URL is not set, nor PUBLIC_BASE_URL: Cielo requires a ReturnUrl on every authenticated sale.");
  const url = parsed(name, raw, "https://pay.example.com");
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigError(`${name} must be an http:// or https:// URL to serve as Cielo's ReturnUrl.`);
  if (raw.length > 1024) throw new ConfigError(`${name} is longer than the 1024 characters Cielo's ReturnUrl takes.`);
  return raw;
}

function parsed(name: string, raw: string, example: string): URL {
  const url = parseUrl(raw);
  if (!url) throw new ConfigError(`${name} must be an absolute URL such as ${example}.`);
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`${name} must not carry a query, a fragment or credentials.`);
  return url;
}
