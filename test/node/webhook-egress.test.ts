/**
 * The Node host's webhook egress (worker/node/webhook-egress.ts), issue 28 finding 3: a webhook
 * whose host resolves to a private or loopback address is refused at send time, before any
 * connection, with the attempt recorded as refused and no excerpt kept; a connection goes only to
 * the address that was checked (no second lookup to rebind). Names resolve through a scripted
 * resolver (there is no DNS here), and every connection that is allowed is real HTTP to a receiver
 * on 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { webhookAttempts, webhookDeliveries, webhooks } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { WebhookRefusedError } from "../../worker/domain/webhooks/url";
import { applyMigrations } from "../../worker/node/migrate";
import { createNodePlatform } from "../../worker/node/platform";
import { SqliteClient } from "../../worker/node/sqlite-client";
import { createWebhookEgress, type ResolvedAddress } from "../../worker/node/webhook-egress";
import type { WebhookPost } from "../../worker/platform";
import { createTestContext, requester, TEST_PIX_SIGNING_JWK, TEST_VAULT_KEY } from "../support/platform";
import { startWebhookReceiver } from "../support/webhook-receiver";

const TIMEOUT_MS = 1_000;

/**
 * A resolver that answers from a script: each name's answers in turn (the last one repeats), and
 * counts its calls. An unknown name is ENOTFOUND, as getaddrinfo says it.
 */
function scriptedResolver(script: Record<string, string[][]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const answers = script[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { lookup, calls };
}

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: ReturnType<typeof requester>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let port: number;

beforeEach(async () => {
  ctx = await createTestContext({ config: { webhookTimeoutMs: TIMEOUT_MS } });
  live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
  receiver = await startWebhookReceiver();
  port = Number(new URL(receiver.url).port);
});
afterEach(async () => {
  await receiver.close();
});

const base = () => `/v1/sellers/${ctx.seller.sellerId}/webhooks`;

/** Registers a webhook at `url` with `as` (test key by default), sends its test event, and returns the delivery and its attempt rows. */
async function sendTestEvent(url: string, as: ReturnType<typeof requester> = ctx) {
  const res = await as.post(base(), { url, eventTypes: ["TRANSACTION_PAID"] });
  expect(res.status, await res.clone().text()).toBe(201);
  const hook = (await res.json()) as { id: string };
  const delivery = (await (await as.post(`${base()}/${hook.id}/test`)).json()) as { id: string };
  await ctx.platform.drainQueue();
  return deliveryState(delivery.id);
}

async function deliveryState(id: string) {
  const [delivery] = await ctx.platform.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  const attempts = await ctx.platform.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(webhookAttempts.attempt);
  return { delivery: delivery!, attempts };
}

describe("refused at send time: names that resolve to a non-public address", () => {
  it("a test key's http://vm:PORT/ (single label, resolving to 127.0.0.1): no connection, the attempt reads refused, no excerpt", async () => {
    const dns = scriptedResolver({ vm: [["127.0.0.1"]] });
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    const { delivery, attempts } = await sendTestEvent(`http://vm:${port}/hooks`);
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, httpStatus: null, error: "refused: vm resolves to a non-public address (loopback)", responseExcerpt: null })]);
    expect(receiver.connections).toBe(0);
    expect(dns.calls).toEqual(["vm"]);
    // Failed like any attempt: retried on the usual schedule (a DNS record may be corrected).
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1, lastHttpStatus: null, lastError: "refused: vm resolves to a non-public address (loopback)" });
    expect(ctx.platform.logs).toContainEqual(expect.objectContaining({ msg: "webhook.attempt_failed", error: "refused: vm resolves to a non-public address (loopback)", host: `vm:${port}` }));
  });

  it("a live key's https://localtest.me/ and https://127.0.0.1.nip.io/ are accepted by name, refused when sent", async () => {
    const dns = scriptedResolver({ "localtest.me": [["127.0.0.1"]], "127.0.0.1.nip.io": [["127.0.0.1"]] });
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    for (const host of ["localtest.me", "127.0.0.1.nip.io"]) {
      const { attempts } = await sendTestEvent(`https://${host}:${port}/hooks`, live);
      expect(attempts).toEqual([expect.objectContaining({ httpStatus: null, error: `refused: ${host} resolves to a non-public address (loopback)`, responseExcerpt: null })]);
    }
    expect(receiver.connections).toBe(0);
  });

  it("every address a name resolves to is checked: one private answer among public ones refuses the send", async () => {
    const dns = scriptedResolver({
      "hooks.example.com": [["8.8.8.8", "10.0.0.7"]],
      "v6.example.com": [["2606:4700:4700::1111", "fd00::1"]],
      "mapped.example.com": [["::ffff:169.254.169.254"]],
    });
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    const errors = [];
    for (const host of ["hooks.example.com", "v6.example.com", "mapped.example.com"]) errors.push((await sendTestEvent(`https://${host}/hooks`)).attempts[0]!.error);
    expect(errors).toEqual([
      "refused: hooks.example.com resolves to a non-public address (private network)",
      "refused: v6.example.com resolves to a non-public address (private network)",
      "refused: mapped.example.com resolves to a non-public address (IPv4-mapped)",
    ]);
  });

  it("a name that merely resolves to loopback is refused for a test key too; only a name that says loopback may reach it", async () => {
    const dns = scriptedResolver({ "dev.example.com": [["127.0.0.1"]], localhost: [["::ffff:10.0.0.1"]] });
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    expect((await sendTestEvent(`http://dev.example.com:${port}/hooks`)).attempts[0]!.error).toBe("refused: dev.example.com resolves to a non-public address (loopback)");
    // `localhost` is loopback by name, but what it resolves to is checked all the same.
    expect((await sendTestEvent(`http://localhost:${port}/hooks`)).attempts[0]!.error).toBe("refused: localhost resolves to a non-public address (private network)");
    expect(receiver.connections).toBe(0);
  });

  it("a refused delivery follows the retry schedule and fails after its 5 attempts, never connecting", async () => {
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: scriptedResolver({ vm: [["127.0.0.1"]] }).lookup });
    let { delivery } = await sendTestEvent(`http://vm:${port}/hooks`);
    for (let i = 0; i < 4; i++) {
      ctx.platform.clock.advance(60);
      await ctx.platform.drainQueue();
    }
    const state = await deliveryState(delivery.id);
    delivery = state.delivery;
    expect(delivery).toMatchObject({ status: "FAILED", attempts: 5 });
    expect(state.attempts.map((a) => [a.error, a.responseExcerpt])).toEqual(Array(5).fill(["refused: vm resolves to a non-public address (loopback)", null]));
    expect(receiver.connections).toBe(0);
  });
});

describe("allowed sends connect only to the address that was checked", () => {
  it("a test key's loopback name is delivered to the one address its lookup answered; a later answer (rebinding) is never used", async () => {
    // The first lookup of dev.localhost answers 127.0.0.1, every later one 10.0.0.9: a second
    // lookup at connect time would take the POST to 10.0.0.9 and it would not arrive.
    const dns = scriptedResolver({ "dev.localhost": [["127.0.0.1"], ["10.0.0.9"]] });
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    const { delivery, attempts } = await sendTestEvent(`http://dev.localhost:${port}/hooks`);
    expect(delivery.status).toBe("DELIVERED");
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers["x-webhook-delivery-id"]).toBe(delivery.id);
    expect(receiver.received[0]!.headers.host).toBe(`dev.localhost:${port}`);
    expect(dns.calls).toEqual(["dev.localhost"]);
    // The developer's own machine keeps its status but not its answer (docs/webhooks.md).
    expect(attempts).toEqual([expect.objectContaining({ httpStatus: 200, error: null, responseExcerpt: null })]);
  });

  it("an IP literal is checked as written and needs no lookup", async () => {
    const dns = scriptedResolver({});
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: dns.lookup });
    const { delivery } = await sendTestEvent(receiver.url);
    expect(delivery.status).toBe("DELIVERED");
    expect(dns.calls).toEqual([]);
  });

  it("a name that does not resolve is a network error, not a refusal", async () => {
    ctx.platform.webhookFetch = createWebhookEgress({ lookup: scriptedResolver({}).lookup });
    const { attempts } = await sendTestEvent("https://nowhere.example.com/hooks");
    expect(attempts[0]).toMatchObject({ httpStatus: null, error: "network error: getaddrinfo ENOTFOUND nowhere.example.com", responseExcerpt: null });
  });
});

describe("the stored URL is checked again at send time (both hosts)", () => {
  it("a live webhook stored with a URL today's rules refuse is refused without a connection, whatever the egress", async () => {
    // Through the plain fetch (as the Worker and the test platform send), not the guarded egress.
    ctx.platform.fetch = (input, init) => fetch(input, init);
    const hook = (await (await ctx.post(base(), { url: receiver.url, eventTypes: ["TRANSACTION_PAID"] })).json()) as { id: string };
    // As if registered before the rule existed: a live webhook on a loopback http URL.
    await ctx.platform.db.update(webhooks).set({ livemode: true }).where(eq(webhooks.id, hook.id));
    const delivery = (await (await live.post(`${base()}/${hook.id}/test`)).json()) as { id: string };
    await ctx.platform.drainQueue();
    const { attempts } = await deliveryState(delivery.id);
    expect(attempts).toEqual([expect.objectContaining({ httpStatus: null, error: "refused: the URL must be https with a live key", responseExcerpt: null })]);
    expect(receiver.connections).toBe(0);
  });
});

describe("the egress on its own", () => {
  const postTo = (url: string, livemode = false, signal = AbortSignal.timeout(TIMEOUT_MS)): WebhookPost => ({ url, body: '{"a":1}', headers: { "Content-Type": "application/json" }, signal, livemode, excerptBytes: 1024 });
  let slow: Server;
  let slowUrl: string;
  beforeAll(async () => {
    // Answers its headers and the first bytes of a body, then never finishes it.
    slow = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("partial");
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it("refuses loopback for a live webhook by itself (not only through the domain's name check), before connecting", async () => {
    const egress = createWebhookEgress({ lookup: scriptedResolver({}).lookup });
    await expect(egress(postTo(receiver.url, true))).rejects.toThrow(new WebhookRefusedError("127.0.0.1 is not a public address (loopback)"));
    await expect(egress(postTo(`http://[::ffff:127.0.0.1]:${port}/`))).rejects.toBeInstanceOf(WebhookRefusedError);
    expect(receiver.connections).toBe(0);
  });

  it("sends the body with its length, and does not follow a redirect", async () => {
    receiver.answerWith(302);
    const res = await createWebhookEgress()(postTo(receiver.url));
    expect(res.status).toBe(302);
    expect(res.excerpt).toBe("refused with 302");
    expect(receiver.received).toEqual([expect.objectContaining({ body: '{"a":1}', headers: expect.objectContaining({ "content-length": "7" }) })]);
  });

  it("answers the status and the first excerptBytes of the body as text, reading no further; a 204 has none; connections are kept alive", async () => {
    const long = "é".repeat(1500); // 3,000 bytes: the 1,024th byte ends a character
    const answers = createServer((req, res) => {
      req.resume();
      if (req.url === "/empty") return void res.writeHead(204).end();
      res.writeHead(200, { "Content-Type": "text/plain" }).end(long);
    });
    await new Promise<void>((resolve) => answers.listen(0, "127.0.0.1", resolve));
    let connections = 0;
    answers.on("connection", () => void connections++);
    const url = `http://127.0.0.1:${(answers.address() as AddressInfo).port}`;
    try {
      const egress = createWebhookEgress();
      expect(await egress(postTo(`${url}/long`))).toEqual({ status: 200, excerpt: "é".repeat(512) });
      expect(await egress(postTo(`${url}/empty`))).toEqual({ status: 204, excerpt: null });
      expect(await egress(postTo(`${url}/empty`))).toEqual({ status: 204, excerpt: null });
      // The cut answer's connection was closed; the two 204s shared the next one.
      expect(connections).toBe(2);
      // A body that never ends is not waited for once the excerpt is full.
      expect(await egress({ ...postTo(slowUrl), excerptBytes: 4 })).toEqual({ status: 200, excerpt: "part" });
    } finally {
      answers.closeAllConnections();
      await new Promise<void>((resolve) => answers.close(() => resolve()));
    }
  });

  it("the timeout ends a POST left unanswered, and an answer whose body never ends, with a TimeoutError", async () => {
    receiver.answerWith("hang");
    const egress = createWebhookEgress();
    await expect(egress(postTo(receiver.url, false, AbortSignal.timeout(200)))).rejects.toMatchObject({ name: "TimeoutError" });
    await expect(egress(postTo(slowUrl, false, AbortSignal.timeout(200)))).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("the timeout also bounds the lookup", async () => {
    const egress = createWebhookEgress({ lookup: () => new Promise<ResolvedAddress[]>(() => {}) });
    await expect(egress(postTo("https://slow-dns.example.com/", false, AbortSignal.timeout(100)))).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

describe("the Node host's platform sends webhooks through the egress", () => {
  it("with the system's resolver: localhost is delivered for a test webhook and refused for a live one", async () => {
    const client = new SqliteClient(":memory:");
    await applyMigrations(createDb(client));
    const platform = createNodePlatform(client, { baseUrl: "http://pay.test", vaultKey: TEST_VAULT_KEY, maxBodyBytes: 100 * 1024, pixSigningJwk: TEST_PIX_SIGNING_JWK }, () => {});
    const post = (livemode: boolean): WebhookPost => ({ url: `http://localhost:${port}/hooks`, body: "{}", headers: {}, signal: AbortSignal.timeout(TIMEOUT_MS), livemode, excerptBytes: 1024 });
    await expect(platform.webhookFetch!(post(true))).rejects.toBeInstanceOf(WebhookRefusedError);
    expect(receiver.connections).toBe(0);
    expect((await platform.webhookFetch!(post(false))).status).toBe(200);
    expect(receiver.received).toHaveLength(1);
    client.close();
  });
});
