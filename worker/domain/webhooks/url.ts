/**
 * Where a webhook may point. The service POSTs to the URL from inside its own network, so a URL
 * naming an internal address would let a seller make it call that address (SSRF). Live keys may
 * only name public https hosts; test keys may also use http and localhost, so a developer can
 * receive events on their machine. Cloud metadata and link-local addresses are refused in both.
 * A public name that resolves to a private address (DNS rebinding) is not caught here: that
 * needs the egress to refuse private destinations (docs/webhooks.md).
 */

/** Control characters (C0, DEL, C1) and invisible formatting ones (bidi overrides, zero-width, BOM). */
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** A webhook URL as it is checked and stored: parsed, host lower-case and punycode, no trailing dot. */
export type WebhookUrlCheck = { url: string; problem: null } | { url: null; problem: string };

/**
 * The URL to store for `raw`, or why it is refused for the mode. The parser's own leniency is not
 * trusted: a URL with control or invisible characters is refused (the WHATWG parser would drop a
 * CR/LF silently, and bidi overrides make a URL read as another in the dashboard), and the host's
 * trailing dot (`metadata.google.internal.`, the same host to DNS) is removed before it is checked.
 */
export function normalizeWebhookUrl(raw: string, livemode: boolean): WebhookUrlCheck {
  const refuse = (problem: string): WebhookUrlCheck => ({ url: null, problem });
  if (HIDDEN_CHARACTERS.test(raw)) return refuse("must not contain control or invisible formatting characters");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("must be an absolute URL such as https://loja.example.com/webhooks");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse("must be an http(s) URL");
  if (livemode && url.protocol !== "https:") return refuse("must be https with a live key");
  if (url.username || url.password) return refuse("must not carry credentials");
  if (url.hash) return refuse("must not carry a fragment");
  url.hostname = url.hostname.toLowerCase().replace(/\.+$/, "");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) return refuse("must name a host");
  if (isMetadataOrLinkLocal(host)) return refuse("must not name a link-local or cloud metadata address");
  if (isLoopbackHost(host)) return livemode ? refuse("must be a public host with a live key (localhost is for test keys)") : { url: url.href, problem: null };
  const ip = isIpLiteral(host);
  if (ip && livemode) return refuse("must be a host name, not an IP address, with a live key");
  if (ip && isPrivateIp(host)) return refuse("must not name a private network address");
  if (!ip && /\.(internal|local|localdomain|lan|home\.arpa|intranet|corp)$/.test(host)) return refuse("must be a public host name");
  if (!ip && livemode && !host.includes(".")) return refuse("must be a public host name");
  return { url: url.href, problem: null };
}

/** True for this machine's own names and addresses (allowed to test keys, for local development). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  return h === "localhost" || h.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(h) || h === "::1";
}

function isIpLiteral(host: string): boolean {
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.includes(":");
}

function isMetadataOrLinkLocal(host: string): boolean {
  return (
    /^169\.254\./.test(host) ||
    /^fe[89ab][0-9a-f]:/i.test(host) ||
    host === "metadata.google.internal" ||
    host === "metadata" ||
    host === "100.100.100.200" || // Alibaba Cloud metadata
    host === "fd00:ec2::254" // AWS metadata over IPv6
  );
}

function isPrivateIp(host: string): boolean {
  if (host.includes(":")) return /^(f[cd][0-9a-f]{2}:|::$|::ffff:)/i.test(host);
  const [a, b] = host.split(".").map(Number) as [number, number];
  return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}
