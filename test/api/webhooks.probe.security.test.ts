/**
 * Webhooks are not a probe: a loopback receiver's answer is not kept (its body, or whether its
 * port was closed), replays of one range never multiply deliveries while they are pending, and a
 * URL is normalized before it is checked and stored (trailing-dot hosts, control and bidi
 * characters).
 */
import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../../worker/db/schema";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createPix, pay, type Ctx } from "../support/transactions";
import { startWebhookReceiver } from "../support/webhook-receiver";

let ctx: Ctx;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
beforeEach(async () => {
  ctx = await createTestContext({ config: { webhookTimeoutMs: 500 } });
  ctx.platform.fetch = (input, init) => fetch(input, init);
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const base = () => `/v1/sellers/${ctx.seller.sellerId}/webhooks`;

/** The attempts of the test event sent to a webhook at `url`. */
async function testAttempts(url: string) {
  const hook = await (await ctx.post(base(), { url, eventTypes: ["TRANSACTION_PAID"] })).json();
  const delivery = await (await ctx.post(`${base()}/${hook.id}/test`)).json();
  await ctx.platform.drainQueue();
  return (await (await ctx.get(`${base()}/deliveries/${delivery.id}`)).json()).attemptsLog;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("a loopback receiver (test keys only)", () => {
  it("keeps its status for the developer, never its answer's body", async () => {
    receiver = await startWebhookReceiver([404]);
    const [attempt] = await testAttempts(receiver.url);
    expect(attempt).toMatchObject({ httpStatus: 404, responseExcerpt: null });
  });

  it("does not tell a refused connection from a timeout: both read 'no HTTP answer'", async () => {
    const [attempt] = await testAttempts(`http://127.0.0.1:${await closedPort()}/x`);
    expect(attempt).toMatchObject({ httpStatus: null, error: "no HTTP answer", responseExcerpt: null });
  });

  it("a public receiver's answer is still kept (the first 1 KB)", async () => {
    ctx.platform.fetch = async () => new Response("refused: bad signature", { status: 400 });
    const [attempt] = await testAttempts("https://hooks.example.com/pay");
    expect(attempt).toMatchObject({ httpStatus: 400, responseExcerpt: "refused: bad signature" });
  });
});

describe("replays", () => {
  it("five replays of one range create each delivery once while it is pending; once delivered, a replay sends again", async () => {
    const start = ctx.platform.now().toISOString();
    for (let i = 0; i < 3; i++) await pay(ctx, (await createPix(ctx, { amount: 1000 + i })).id);
    ctx.platform.clock.advance(1);
    ctx.platform.fetch = async () => new Response("ok");
    const hook = await (await ctx.post(base(), { url: "https://hooks.example.com/pay", eventTypes: ["TRANSACTION_PAID"] })).json();
    const replay = async () => (await ctx.post(`${base()}/${hook.id}/replay`, { from: start })).json();
    expect(await replay()).toMatchObject({ deliveries: 3, alreadyPending: 0 });
    for (let i = 0; i < 4; i++) expect(await replay()).toMatchObject({ deliveries: 0, alreadyPending: 3 });
    expect((await ctx.platform.db.select().from(webhookDeliveries)).filter((d) => d.webhookId === hook.id)).toHaveLength(3);
    await ctx.platform.drainQueue();
    expect(await replay()).toMatchObject({ deliveries: 3, alreadyPending: 0 });
  });
});

describe("webhook URLs are normalized before they are checked and stored", () => {
  it("a trailing-dot metadata host is refused in both modes", async () => {
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    for (const as of [ctx, live]) {
      for (const url of ["https://metadata.google.internal./computeMetadata/v1/", "https://METADATA.google.internal../x", "http://169.254.169.254./latest"]) {
        const problem = await expectProblem(await as.post(base(), { url, eventTypes: ["ALL"] }), 400, "VALIDATION_FAILED");
        expect(problem.errors[0]).toMatchObject({ path: "url", code: "invalid_url" });
      }
    }
  });

  it("CR, LF, other control and bidi characters are refused, on create and on update", async () => {
    for (const url of ["https://hooks.example.com/a\r\nX-Injected: 1", "https://hooks.example.com/\u0000x", "https://hooks.example.com/\u202egnp.exe", "https://hooks\u200b.example.com/x"]) {
      const problem = await expectProblem(await ctx.post(base(), { url, eventTypes: ["ALL"] }), 400, "VALIDATION_FAILED");
      expect(problem.errors[0]).toMatchObject({ path: "url", code: "invalid_url", message: "must not contain control or invisible formatting characters" });
    }
    const hook = await (await ctx.post(base(), { url: "https://hooks.example.com/x", eventTypes: ["ALL"] })).json();
    await expectProblem(await ctx.patch(`${base()}/${hook.id}`, { url: "https://hooks.example.com/\n" }), 400, "VALIDATION_FAILED");
  });

  it("stores the parsed URL: host lower-case, trailing dot removed, IDN in punycode", async () => {
    const created = await (await ctx.post(base(), { url: "HTTPS://Hooks.EXAMPLE.com./Pay?x=1", eventTypes: ["ALL"] })).json();
    expect(created.url).toBe("https://hooks.example.com/Pay?x=1");
    const idn = await (await ctx.patch(`${base()}/${created.id}`, { url: "https://lojá.example.com/hooks" })).json();
    expect(idn.url).toBe("https://xn--loj-gla.example.com/hooks");
  });
});
