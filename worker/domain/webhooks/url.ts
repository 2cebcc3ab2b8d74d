/**
 * Where a webhook may point. The service POSTs to the URL from inside its own network, so a URL
 * naming an internal address would let a seller make it call that address (SSRF). Live keys may
 * only name public https hosts; test keys may also use http and localhost, so a developer can
 * receive events on their machine. Cloud metadata and link-local addresses are refused in both.
 * A public name that resolves to a private address (DNS rebinding) is not caught here: that
 * needs the egress to refuse private destinations (docs/webhooks.md).
 */

/** Why a URL is refused, or null when it is allowed for the mode. */
export function webhookUrlProblem(raw: string, livemode: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL such as https://loja.example.com/webhooks";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http(s) URL";
  if (livemode && url.protocol !== "https:") return "must be https with a live key";
  if (url.username || url.password) return "must not carry credentials";
  if (url.hash) return "must not carry a fragment";
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (isMetadataOrLinkLocal(host)) return "must not name a link-local or cloud metadata address";
  const loopback = host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1";
  if (loopback) return livemode ? "must be a public host with a live key (localhost is for test keys)" : null;
  const ip = isIpLiteral(host);
  if (ip && livemode) return "must be a host name, not an IP address, with a live key";
  if (ip && isPrivateIp(host)) return "must not name a private network address";
  if (!ip && /\.(internal|local|localdomain|lan|home\.arpa|intranet|corp)$/.test(host)) return "must be a public host name";
  if (!ip && livemode && !host.includes(".")) return "must be a public host name";
  return null;
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
