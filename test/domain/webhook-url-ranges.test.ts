/**
 * Webhook URLs against every special-purpose block of IANA's IPv4 and IPv6 Special-Purpose Address
 * Registries (RFC 6890 and its updates), plus the multicast blocks and the IPv6 addresses that
 * carry an IPv4 one. Each is refused for a live key (which takes no IP literal at all, but the
 * classifier is asserted on its own so that rule does not hide a gap) and for a test key, except
 * loopback, which test keys may use for a receiver on the developer's machine.
 */
import { describe, expect, it } from "vitest";
import { normalizeWebhookUrl, refusedDestination, specialAddressRange } from "../../worker/domain/webhooks/url";
import { createTestContext, requester } from "../support/platform";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { webhooks } from "../../worker/db/schema";

interface Row {
  block: string;
  name: string;
  addresses: string[];
  /** Test keys may use it (loopback only). */
  testKeyMay?: boolean;
}

const IPV4: Row[] = [
  { block: "0.0.0.0/8", name: "this network", addresses: ["0.0.0.0", "0.1.2.3"] },
  { block: "10.0.0.0/8", name: "private-use", addresses: ["10.0.0.1", "10.255.255.254"] },
  { block: "100.64.0.0/10", name: "shared address space (CGN)", addresses: ["100.64.0.1", "100.127.255.254"] },
  { block: "127.0.0.0/8", name: "loopback", addresses: ["127.0.0.1", "127.255.0.9"], testKeyMay: true },
  { block: "169.254.0.0/16", name: "link local", addresses: ["169.254.169.254", "169.254.0.1"] },
  { block: "172.16.0.0/12", name: "private-use", addresses: ["172.16.0.1", "172.31.255.254"] },
  { block: "192.0.0.0/24", name: "IETF protocol assignments (incl. 192.0.0.8, .9, .10, .170, .171)", addresses: ["192.0.0.1", "192.0.0.9", "192.0.0.170"] },
  { block: "192.0.0.0/29", name: "IPv4 service continuity prefix", addresses: ["192.0.0.2"] },
  { block: "192.0.2.0/24", name: "documentation (TEST-NET-1)", addresses: ["192.0.2.1"] },
  { block: "192.31.196.0/24", name: "AS112-v4", addresses: ["192.31.196.1"] },
  { block: "192.52.193.0/24", name: "AMT", addresses: ["192.52.193.1"] },
  { block: "192.88.99.0/24", name: "deprecated 6to4 relay anycast", addresses: ["192.88.99.1"] },
  { block: "192.168.0.0/16", name: "private-use", addresses: ["192.168.0.1", "192.168.255.254"] },
  { block: "192.175.48.0/24", name: "direct delegation AS112 service", addresses: ["192.175.48.1"] },
  { block: "198.18.0.0/15", name: "benchmarking", addresses: ["198.18.0.1", "198.19.255.254"] },
  { block: "198.51.100.0/24", name: "documentation (TEST-NET-2)", addresses: ["198.51.100.1"] },
  { block: "203.0.113.0/24", name: "documentation (TEST-NET-3)", addresses: ["203.0.113.1"] },
  { block: "240.0.0.0/4", name: "reserved", addresses: ["240.0.0.1", "255.255.255.254"] },
  { block: "255.255.255.255/32", name: "limited broadcast", addresses: ["255.255.255.255"] },
  { block: "224.0.0.0/4", name: "multicast", addresses: ["224.0.0.1", "239.255.255.250"] },
];

const IPV6: Row[] = [
  { block: "::/128", name: "unspecified", addresses: ["::"] },
  { block: "::1/128", name: "loopback", addresses: ["::1"], testKeyMay: true },
  { block: "::ffff:0:0/96", name: "IPv4-mapped", addresses: ["::ffff:10.0.0.1", "::ffff:127.0.0.1", "::ffff:8.8.8.8"] },
  { block: "::/96", name: "IPv4-compatible (deprecated)", addresses: ["::10.0.0.1", "::8.8.8.8"] },
  { block: "::ffff:0:0:0/96", name: "IPv4-translated (RFC 6145)", addresses: ["::ffff:0:10.0.0.1"] },
  { block: "64:ff9b::/96", name: "IPv4-IPv6 translation (NAT64)", addresses: ["64:ff9b::a00:1", "64:ff9b::8.8.8.8"] },
  { block: "64:ff9b:1::/48", name: "IPv4-IPv6 translation, local use", addresses: ["64:ff9b:1::a00:1", "64:ff9b:1::808:808"] },
  { block: "100::/64", name: "discard-only", addresses: ["100::1"] },
  { block: "2001::/23", name: "IETF protocol assignments", addresses: ["2001:1ff::1"] },
  { block: "2001::/32", name: "Teredo", addresses: ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001::a00:1"] },
  { block: "2001:1::1/128", name: "port control protocol anycast", addresses: ["2001:1::1"] },
  { block: "2001:1::2/128", name: "TURN anycast", addresses: ["2001:1::2"] },
  { block: "2001:1::3/128", name: "DNS-SD service registration protocol anycast", addresses: ["2001:1::3"] },
  { block: "2001:2::/48", name: "benchmarking", addresses: ["2001:2::1"] },
  { block: "2001:3::/32", name: "AMT", addresses: ["2001:3::1"] },
  { block: "2001:4:112::/48", name: "AS112-v6", addresses: ["2001:4:112::1"] },
  { block: "2001:10::/28", name: "deprecated ORCHID", addresses: ["2001:10::1"] },
  { block: "2001:20::/28", name: "ORCHIDv2", addresses: ["2001:20::1"] },
  { block: "2001:30::/28", name: "drone remote ID protocol entity tags", addresses: ["2001:30::1"] },
  { block: "2001:db8::/32", name: "documentation", addresses: ["2001:db8::1", "2001:db8:ffff::1"] },
  { block: "2002::/16", name: "6to4", addresses: ["2002:a00:1::", "2002:808:808::1"] },
  { block: "2620:4f:8000::/48", name: "direct delegation AS112 service", addresses: ["2620:4f:8000::1"] },
  { block: "3fff::/20", name: "documentation (RFC 9637)", addresses: ["3fff::1"] },
  { block: "5f00::/16", name: "segment routing SIDs", addresses: ["5f00::1"] },
  { block: "fc00::/7", name: "unique local", addresses: ["fc00::1", "fd00:ec2::254", "fdff::1"] },
  { block: "fe80::/10", name: "link local", addresses: ["fe80::1", "febf::1"] },
  { block: "fec0::/10", name: "deprecated site local", addresses: ["fec0::1"] },
  { block: "ff00::/8", name: "multicast", addresses: ["ff02::1", "ff05::1:3", "ff0e::1"] },
];

const PUBLIC_IPS = ["8.8.8.8", "1.1.1.1", "9.9.9.9", "2606:4700:4700::1111", "2001:4860:4860::8888"];
const PUBLIC_HOSTS = ["loja.example.com", "hooks.stripe.com"];

const hostOf = (address: string) => (address.includes(":") ? `[${address}]` : address);
const ROWS = [...IPV4, ...IPV6];
const CASES = ROWS.flatMap((row) => row.addresses.map((address) => ({ ...row, address })));

describe(`special-purpose address ranges (${ROWS.length} blocks, ${CASES.length} addresses)`, () => {
  it.each(CASES)("$block ($name): $address is special and refused for a live key", ({ address }) => {
    expect(specialAddressRange(address), address).not.toBeNull();
    const live = normalizeWebhookUrl(`https://${hostOf(address)}/hooks`, true);
    expect(live.url, address).toBeNull();
  });

  it.each(CASES)("$block ($name): $address with a test key", ({ address, testKeyMay }) => {
    const test = normalizeWebhookUrl(`http://${hostOf(address)}:4000/hooks`, false);
    if (testKeyMay) expect(test.problem, address).toBeNull();
    else expect(test.url, address).toBeNull();
  });

  it("names the embedded private IPv4 and the range in the message", () => {
    expect(normalizeWebhookUrl("http://[64:ff9b::a00:1]/", false).problem).toMatch(/private.*NAT64 embedding 10\.0\.0\.1/);
    expect(normalizeWebhookUrl("http://[2002:a00:1::]/", false).problem).toMatch(/private.*6to4 embedding 10\.0\.0\.1/);
    expect(normalizeWebhookUrl("http://224.0.0.1/", false).problem).toMatch(/public unicast.*multicast/);
    expect(normalizeWebhookUrl("http://198.18.0.1/", false).problem).toMatch(/public unicast/);
  });

  it("hex, octal and short IPv4 forms are read as the address they name", () => {
    // The URL parser turns them into dotted quads before the check.
    expect(normalizeWebhookUrl("http://0x0a000001/", false).url).toBeNull();
    expect(normalizeWebhookUrl("http://012.0.0.1/", false).url).toBeNull();
    expect(normalizeWebhookUrl("http://10.1/", false).url).toBeNull();
    expect(normalizeWebhookUrl("http://0xe0.0.0.1/", false).url).toBeNull();
  });
});

describe("public addresses pass", () => {
  it.each(PUBLIC_IPS)("%s: not special; a test key may use it; a live key still needs a host name", (address) => {
    expect(specialAddressRange(address)).toBeNull();
    expect(normalizeWebhookUrl(`https://${hostOf(address)}/hooks`, false).problem).toBeNull();
    expect(normalizeWebhookUrl(`https://${hostOf(address)}/hooks`, true).problem).toMatch(/host name, not an IP address/);
  });

  it.each(PUBLIC_HOSTS)("%s passes for both keys", (host) => {
    expect(normalizeWebhookUrl(`https://${host}/hooks`, true)).toEqual({ url: `https://${host}/hooks`, problem: null });
    expect(normalizeWebhookUrl(`https://${host}/hooks`, false)).toEqual({ url: `https://${host}/hooks`, problem: null });
  });
});

describe("host names (issue 28): what a name says is judged at registration, where it resolves at send time", () => {
  it("live keys refuse single-label names and internal suffixes; test keys refuse the suffixes only", () => {
    for (const url of ["https://vm/hooks", "https://vm:18799/", "https://intranet./x", "https://db.internal/", "https://printer.local/", "https://nas.home.arpa/"]) {
      expect(normalizeWebhookUrl(url, true).url, url).toBeNull();
    }
    for (const url of ["http://db.internal/", "http://printer.local/", "http://router.lan/", "http://nas.home.arpa/"]) expect(normalizeWebhookUrl(url, false).url, url).toBeNull();
    // Allowed by name for a test key: where `vm` resolves is checked when the POST is sent.
    expect(normalizeWebhookUrl("http://vm:18799/", false).problem).toBeNull();
  });

  it("names that only DNS knows to be loopback pass by name, for the send-time check to refuse", () => {
    for (const host of ["localtest.me", "127.0.0.1.nip.io"]) expect(normalizeWebhookUrl(`https://${host}/hooks`, true).problem, host).toBeNull();
  });

  it("refusedDestination: public addresses pass; loopback only for a test webhook whose URL names loopback; the message names the kind, not the address", () => {
    expect(refusedDestination("hooks.example.com", "8.8.8.8", true)).toBeNull();
    expect(refusedDestination("hooks.example.com", "2606:4700:4700::1111", true)).toBeNull();
    expect(refusedDestination("localhost", "127.0.0.1", false)).toBeNull();
    expect(refusedDestination("dev.localhost", "::1", false)).toBeNull();
    expect(refusedDestination("127.0.0.1", "127.0.0.1", false)).toBeNull();
    expect(refusedDestination("localhost", "127.0.0.1", true)).toBe("localhost resolves to a non-public address (loopback)");
    expect(refusedDestination("vm", "127.0.0.1", false)).toBe("vm resolves to a non-public address (loopback)");
    expect(refusedDestination("localtest.me", "127.0.0.1", true)).toBe("localtest.me resolves to a non-public address (loopback)");
    expect(refusedDestination("localhost", "10.0.0.1", false)).toBe("localhost resolves to a non-public address (private network)");
    expect(refusedDestination("hooks.example.com", "::ffff:127.0.0.1", false)).toBe("hooks.example.com resolves to a non-public address (IPv4-mapped)");
    expect(refusedDestination("hooks.example.com", "169.254.169.254", false)).toBe("hooks.example.com resolves to a non-public address (link-local)");
    expect(refusedDestination("[fd00::1]", "fd00::1", false)).toBe("fd00::1 is not a public address (private network)");
  });

  it.each(CASES)("refusedDestination: $block ($name): $address resolved from a public name is refused for both keys", ({ address }) => {
    expect(refusedDestination("hooks.example.com", address, false), address).not.toBeNull();
    expect(refusedDestination("hooks.example.com", address, true), address).not.toBeNull();
  });
});

describe("through the API", () => {
  it("the issue's examples are 400 naming url for a test key and a live key, and nothing is stored", async () => {
    const ctx = await createTestContext();
    const base = `/v1/sellers/${ctx.seller.sellerId}/webhooks`;
    const liveKeys = await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live");
    const live = requester(ctx.app, liveKeys!);
    for (const host of ["224.0.0.1", "198.18.0.1", "[64:ff9b::a00:1]", "[2002:a00:1::]"]) {
      for (const [who, url] of [[ctx, `http://${host}/hooks`], [live, `https://${host}/hooks`]] as const) {
        const res = await who.post(base, { url, eventTypes: ["ALL"] });
        expect(res.status, url).toBe(400);
        const problem = (await res.json()) as { code: string; errors: { path: string }[] };
        expect(problem.code).toBe("VALIDATION_FAILED");
        expect(problem.errors[0]!.path).toBe("url");
      }
    }
    expect(await ctx.platform.db.select().from(webhooks)).toEqual([]);
    expect((await ctx.post(base, { url: "http://8.8.8.8/hooks", eventTypes: ["ALL"] })).status).toBe(201);
  });
});
