/**
 * URLs of a connector's vendor: parsing (URL.canParse is not in workers-types yet) and the one
 * rule every connector's settings follow for the vendor's URLs.
 */
import { ConfigError } from "../../config-rules";
import { isLoopbackHost } from "../../domain/webhooks/url";

/** `raw` as a URL, or null when it is not one. */
export function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/**
 * The vendor URL in variable `name`: absolute, https (plain http only to this machine, where the
 * vendor's simulator runs), without query, fragment or credentials. Anything else is a
 * ConfigError naming the variable, never quoting its value.
 */
export function vendorUrl(name: string, raw: string, example: string): URL {
  const url = parseUrl(raw);
  if (!url) throw new ConfigError(`${name} must be an absolute URL such as ${example}.`);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new ConfigError(`${name} must be an https:// URL (http:// only for a simulator on this machine).`);
  }
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`${name} must not carry a query, a fragment or credentials.`);
  return url;
}
