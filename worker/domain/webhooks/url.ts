/**
 * Where a webhook may point. The service POSTs to the URL from inside its own network, so a URL
 * naming an internal address would let a seller make it call that address (SSRF). Live keys may
 * only name public https hosts; test keys may also use http, localhost and public IP literals, so a
 * developer can receive events on their machine. Cloud metadata and link-local addresses are
 * refused in both. An IP literal is classified by ipaddr.js against IANA's special-purpose
 * registries: only its "unicast" range (and, for IPv6, inside global unicast 2000::/3) passes, and
 * an IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64, 6to4, Teredo, IPv4-compatible) is
 * judged by that IPv4 address too.
 * A name cannot be judged by its spelling alone (`localtest.me`, `127.0.0.1.nip.io` resolve to
 * loopback): the same rules are applied again at send time, to the stored URL
 * (normalizeWebhookUrl) and, by the Node host's egress, to every address its host resolves to
 * (refusedDestination); the Worker's egress reaches no private address (docs/webhooks.md).
 */
import ipaddr from "ipaddr.js";

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
  if (ip) {
    const special = specialAddressRange(host);
    if (special) return refuse(special.private ? `must not name a private network address (${special.describe})` : `must name a public unicast address (${special.describe})`);
    if (livemode) return refuse("must be a host name, not an IP address, with a live key");
  }
  if (!ip && /\.(internal|local|localdomain|lan|home\.arpa|intranet|corp)$/.test(host)) return refuse("must be a public host name");
  if (!ip && livemode && !host.includes(".")) return refuse("must be a public host name");
  return { url: url.href, problem: null };
}

/**
 * A webhook POST refused before a byte was sent: where it would have gone is not a public
 * address. Thrown by a host's egress (Platform.webhookFetch); the message is shown to the seller
 * in the attempt's error, so it names the kind of address but not the address itself (a test key
 * would otherwise read the internal network's names and numbers through its delivery history).
 */
export class WebhookRefusedError extends Error {
  override name = "WebhookRefusedError";
}

/**
 * Why a webhook POST to `host` may not connect to `address`, one of the addresses `host` resolved
 * to at send time, or null when it may: the classification of an IP literal at registration
 * (specialAddressRange), loopback passing only for a test webhook whose URL names loopback
 * (`localhost`, `127.x`, `::1`: the developer named their own machine). A name that merely
 * resolves to loopback (`localtest.me`, `vm`) is refused, whatever the key.
 */
export function refusedDestination(host: string, address: string, livemode: boolean): string | null {
  const special = specialAddressRange(address);
  if (!special) return null;
  if (special.range === "loopback" && !livemode && isLoopbackHost(host)) return null;
  const kind = special.private ? "private network" : special.range === "unparsable" ? "unparsable" : named(special.range);
  const name = host.replace(/^\[|\]$/g, "");
  return name === address ? `${name} is not a public address (${kind})` : `${name} resolves to a non-public address (${kind})`;
}

/** True for this machine's own names and addresses (allowed to test keys, for local development). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  return h === "localhost" || h.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(h) || h === "::1";
}

/** Why an IP address may not be a webhook's destination: the range it falls in. */
export interface SpecialRange {
  /** ipaddr.js's name of the range (`private`, `multicast`, `6to4`…), or `unparsable`. */
  range: string;
  /** A private network (RFC 1918, carrier-grade NAT, unique local), reported as such. */
  private: boolean;
  /** For messages: `224.0.0.1 is multicast`, `2002:a00:1:: is 6to4 embedding 10.0.0.1 (private)`. */
  describe: string;
}

const PRIVATE_RANGES = new Set(["private", "carrierGradeNat", "uniqueLocal"]);
/** Readable names of ipaddr.js's ranges, for the problem's message. */
const RANGE_NAMES: Record<string, string> = {
  carrierGradeNat: "carrier-grade NAT",
  linkLocal: "link-local",
  uniqueLocal: "unique local",
  ipv4Mapped: "IPv4-mapped",
  rfc6145: "IPv4-translated",
  rfc6052: "NAT64",
  teredo: "Teredo",
  as112: "AS112",
  as112v6: "AS112",
  amt: "AMT",
  orchid2: "ORCHIDv2",
  deprecatedOrchid: "deprecated ORCHID",
  deprecatedSiteLocal: "deprecated site-local",
  droneRemoteIdProtocolEntityTags: "drone remote ID",
  segmentRouting: "segment routing",
};
const named = (range: string) => RANGE_NAMES[range] ?? range;
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * The special-purpose range `address` (an IPv4 dotted quad or an IPv6 address, no brackets) falls
 * in, or null for a globally routable unicast address. Loopback is special here too: the caller
 * decides whether a test key may use it.
 */
export function specialAddressRange(address: string): SpecialRange | null {
  const text = address.replace(/^\[|\]$/g, "");
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = /^\d+\.\d+\.\d+\.\d+$/.test(text) ? ipaddr.IPv4.parse(text) : ipaddr.IPv6.parse(text);
  } catch {
    return { range: "unparsable", private: false, describe: `${text} is not an IP address` };
  }
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? null : { range, private: PRIVATE_RANGES.has(range), describe: `${parsed.toString()} is ${named(range)}` };
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  for (const v4 of embeddedIPv4(v6)) {
    const inner = v4.range();
    if (inner !== "unicast") return { range, private: PRIVATE_RANGES.has(inner), describe: `${v6.toString()} is ${range === "unicast" ? "an address" : named(range)} embedding ${v4.toString()} (${named(inner)})` };
  }
  if (range !== "unicast") return { range, private: PRIVATE_RANGES.has(range), describe: `${v6.toString()} is ${named(range)}` };
  // ipaddr.js calls "unicast" whatever no special range holds, e.g. ::a00:1 (IPv4-compatible,
  // deprecated) or 4000::1; only 2000::/3 is allocated as global unicast (IANA).
  if (!v6.match(GLOBAL_UNICAST_V6)) return { range: "reserved", private: false, describe: `${v6.toString()} is outside global unicast 2000::/3` };
  return null;
}

/** The IPv4 addresses an IPv6 one carries by a translation or tunnelling scheme. */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zeroTo = (n: number) => p.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (RFC 6145), ::a.b.c.d (IPv4-compatible, deprecated).
  if (zeroTo(5) && (p[5] === 0xffff || p[5] === 0)) return [v4(p[6]!, p[7]!)];
  if (zeroTo(4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)];
  // NAT64: 64:ff9b::/96 (RFC 6052) and the local-use 64:ff9b:1::/48 (RFC 8215), suffix form.
  if (p[0] === 0x64 && p[1] === 0xff9b) return [v4(p[6]!, p[7]!)];
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD.
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)];
  // Teredo: 2001:0:server(32 bits):flags:port:client (32 bits, inverted).
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(~p[6]! & 0xffff, ~p[7]! & 0xffff)];
  return [];
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
