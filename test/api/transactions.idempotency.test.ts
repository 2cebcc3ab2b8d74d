import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { idempotencyKeys, refunds, transactions } from "../../worker/db/schema";
import { CLAIM_LEASE_SECONDS, KEY_TTL_SECONDS } from "../../worker/domain/idempotency/commit";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { createApp } from "../../worker/app";
import { createDb } from "../../worker/db/client";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { paidCharge, pixBody, refund, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

const KEY = { "Idempotency-Key": "order-42-attempt" };
const txCount = async () => (await ctx.platform.db.select({ n: count() }).from(transactions))[0]!.n;

describe("Idempotency-Key on POST /v1/transactions", () => {
  it("same key + same body → 200 with the first response's exact body, marked as a replay", async () => {
    const first = await ctx.post("/v1/transactions", pixBody(), KEY);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstText = await first.text();
    ctx.platform.clock.advance(60);
    const again = await ctx.post("/v1/transactions", pixBody(), KEY);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("idempotency-key")).toBe("order-42-attempt");
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await again.text()).toBe(firstText);
    expect(JSON.parse(firstText).idempotencyKey).toBe("order-42-attempt");
    expect(await txCount()).toBe(1);
  });

  it("replays the original response even after the transaction has moved on", async () => {
    const first = await (await ctx.post("/v1/transactions", pixBody(), KEY)).json();
    await ctx.post(`/v1/sandbox/transactions/${first.id}/pay`);
    const again = await (await ctx.post("/v1/transactions", pixBody(), KEY)).json();
    expect(again).toEqual(first);
    expect(again.status).toBe("PENDING");
  });

  it("key order and whitespace do not matter: the request is compared canonically", async () => {
    await ctx.post("/v1/transactions", pixBody(), KEY);
    const { paymentMethod, amount, ...rest } = pixBody();
    const again = await ctx.post("/v1/transactions", JSON.stringify({ ...rest, amount, paymentMethod }, null, 2), KEY);
    expect(again.status).toBe(200);
  });

  it("same key + different body → 409 IDEMPOTENCY_KEY_REUSED naming each differing field", async () => {
    await ctx.post("/v1/transactions", pixBody(), KEY);
    const res = await ctx.post("/v1/transactions", pixBody({ amount: 2000, buyer: { ...pixBody().buyer, name: "Outra Pessoa" } }), KEY);
    expect(res.status).toBe(409);
    const problem = await res.json();
    expect(problem.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(problem.differingFields).toEqual(["amount", "buyer.name"]);
    expect(problem.detail).toContain("amount, buyer.name");
    expect(await txCount()).toBe(1);
  });

  it("a field added or removed counts as different", async () => {
    await ctx.post("/v1/transactions", pixBody(), KEY);
    const res = await ctx.post("/v1/transactions", pixBody({ description: undefined, expirationSeconds: 600 }), KEY);
    expect((await res.json()).differingFields).toEqual(["description", "expirationSeconds"]);
  });

  it("20 concurrent requests with one key create exactly one transaction; the 19 others replay it", async () => {
    // Each database call yields first, so the 20 requests really overlap.
    ctx = await createTestContext({ dbLatency: true });
    const responses = await Promise.all(Array.from({ length: 20 }, () => ctx.post("/v1/transactions", pixBody(), KEY)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The key is claimed and the charge written in one commit: the losers read the winner's answer.
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const created = await responses[statuses.indexOf(201)]!.text();
    for (const res of responses) if (res.status === 200) expect(await res.text()).toBe(created);
    expect(await txCount()).toBe(1);
  });

  it("a retry reaching the process that answered first is replayed from memory, with no database round trip", async () => {
    const first = await (await ctx.post("/v1/transactions", pixBody(), KEY)).text();
    let batches = 0;
    const batch = ctx.platform.client.batch.bind(ctx.platform.client);
    ctx.platform.client.batch = (async (...args: Parameters<typeof batch>) => (batches++, batch(...args))) as typeof batch;
    const again = await ctx.post("/v1/transactions", pixBody(), KEY);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(first);
    expect(batches).toBe(0);
    // A different request under the remembered key is still a 409 naming the fields.
    const other = await ctx.post("/v1/transactions", pixBody({ amount: 77 }), KEY);
    expect(other.status).toBe(409);
    expect((await other.json()).differingFields).toEqual(["amount"]);
    expect(batches).toBe(0);
  });

  it("sending a default explicitly is the same request: a replay, not a 409", async () => {
    expect((await ctx.post("/v1/transactions", pixBody(), KEY)).status).toBe(201);
    expect((await ctx.post("/v1/transactions", pixBody({ expirationSeconds: 3600 }), KEY)).status).toBe(200);
  });

  it("keeps no request values at rest: field digests name the differences", async () => {
    await ctx.post("/v1/transactions", pixBody(), KEY);
    const [row] = await ctx.platform.db.select().from(idempotencyKeys);
    const stored = JSON.stringify({ ...row, responseBody: null });
    expect(stored).not.toContain("52998224725");
    expect(stored).not.toContain("Maria");
    expect(Object.keys(row!.fingerprint!)).toEqual(expect.arrayContaining(["amount", "buyer.documentNumber", "buyer.name", "currency"]));
  });

  it("an answer holding the transaction's client secret is stored sealed; a replay from the database answers it byte for byte", async () => {
    const first = await ctx.post("/v1/transactions", pixBody(), KEY);
    const text = await first.text();
    const secret = (JSON.parse(text) as { clientSecret: string }).clientSecret;
    expect(secret).toMatch(/_secret_/);
    const [row] = await ctx.platform.db.select().from(idempotencyKeys);
    expect(row!.responseBody).toMatch(/^v1\./);
    expect(row!.responseBody).not.toContain(secret);
    expect(row!.responseBody).not.toContain("_secret_");
    // Another process over the same database: no memory of the key, the row answers.
    const elsewhere = requester(createApp({ ...ctx.platform, db: createDb(ctx.platform.client) }), ctx.seller);
    const again = await elsewhere.post("/v1/transactions", pixBody(), KEY);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(text);
  });

  it("a key still held by a request of an older version gets 409 IN_PROGRESS with Retry-After", async () => {
    // Versions before single-commit creates claimed a key (IN_PROGRESS) before working.
    const at = ctx.platform.now().toISOString();
    await ctx.platform.db.insert(idempotencyKeys).values({
      sellerId: ctx.seller.sellerId, livemode: false, key: "slow-1", operation: "transactions.create", token: "t",
      requestHash: "unknown", fingerprint: null, status: "IN_PROGRESS", createdAt: at, expiresAt: "2099-01-01T00:00:00.000Z",
    });
    const res = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "slow-1" });
    expect(res.status).toBe(409);
    expect(res.headers.get("retry-after")).toBe("1");
    expect((await res.json()).code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    // A claim older than the lease belonged to a request that died: the retry takes it over.
    ctx.platform.clock.advance(CLAIM_LEASE_SECONDS);
    expect((await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "slow-1" })).status).toBe(201);
  });

  it("a failed attempt releases the key, so a corrected retry can use it", async () => {
    const bad = await ctx.post("/v1/transactions", pixBody({ buyer: undefined, buyerId: crypto.randomUUID() }), KEY);
    expect(bad.status).toBe(400);
    expect((await ctx.post("/v1/transactions", pixBody(), KEY)).status).toBe(201);
  });

  it("keys are kept 24 h: after that the same key creates a new transaction", async () => {
    const first = await (await ctx.post("/v1/transactions", pixBody(), KEY)).json();
    ctx.platform.clock.advance(KEY_TTL_SECONDS - 1);
    expect((await ctx.post("/v1/transactions", pixBody(), KEY)).status).toBe(200);
    ctx.platform.clock.advance(1);
    const res = await ctx.post("/v1/transactions", pixBody({ amount: 999 }), KEY);
    expect(res.status).toBe(201);
    expect((await res.json()).id).not.toBe(first.id);
  });

  it("the scheduled job purges expired keys", async () => {
    await ctx.post("/v1/transactions", pixBody(), KEY);
    ctx.platform.clock.advance(KEY_TTL_SECONDS);
    const report = await ctx.platform.runScheduled();
    expect(report.sweeps["idempotency.purge"]).toBe(1);
    expect(await ctx.platform.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it("without a key, the generated one can be sent back to retry safely", async () => {
    const first = await (await ctx.post("/v1/transactions", pixBody())).json();
    const again = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": first.idempotencyKey });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(first.id);
  });

  it("keys are per seller and per mode", async () => {
    ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
    const other = requester(ctx.app, await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com", city: "Recife" }, ctx.platform.now()));
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    expect((await ctx.post("/v1/transactions", pixBody(), KEY)).status).toBe(201);
    expect((await other.post("/v1/transactions", pixBody({ amount: 5 }), KEY)).status).toBe(201);
    expect((await live.post("/v1/transactions", pixBody({ amount: 7 }), KEY)).status).toBe(201);
    expect(await txCount()).toBe(3);
  });
});

describe("Idempotency-Key on refunds", () => {
  it("a retried refund is replayed, never refunded twice", async () => {
    const tx = await paidCharge(ctx, 1000);
    const key = { "Idempotency-Key": "refund-1" };
    const first = await refund(ctx, tx.id, 300, key);
    expect(first.status).toBe(201);
    const again = await refund(ctx, tx.id, 300, key);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    const rows = await ctx.platform.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(rows).toHaveLength(1);
  });

  it("a key past its 24 h whose new request is refused answers the refusal, not the expired answer", async () => {
    // The expired row is no longer deleted before the work (issue 33, item 2): it must still never be replayed.
    const tx = await paidCharge(ctx, 1000);
    const key = { "Idempotency-Key": "refund-3" };
    expect((await refund(ctx, tx.id, 1000, key)).status).toBe(201);
    ctx.platform.clock.advance(KEY_TTL_SECONDS);
    const again = await refund(ctx, tx.id, 1000, key);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("REFUND_EXCEEDS_AMOUNT");
    expect(await ctx.platform.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toHaveLength(1);
    // A new request under the key takes it over: one row, the new answer's.
    const other = await paidCharge(ctx, 1000);
    const taken = await refund(ctx, other.id, 400, key);
    expect(taken.status).toBe(201);
    const rows = await ctx.platform.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "refund-3"));
    expect(rows.map((r) => r.responseStatus)).toEqual([201]);
    expect((await refund(ctx, other.id, 400, key)).status).toBe(200);
  });

  it("the same key for another amount, another transaction or another operation is a 409", async () => {
    const tx = await paidCharge(ctx, 1000);
    const key = { "Idempotency-Key": "refund-2" };
    await refund(ctx, tx.id, 300, key);
    expect((await (await refund(ctx, tx.id, 400, key)).json()).differingFields).toEqual(["amount"]);
    const other = await paidCharge(ctx, 1000);
    expect((await (await refund(ctx, other.id, 300, key)).json()).differingFields).toEqual(["transactionId"]);
    const create = await ctx.post("/v1/transactions", pixBody(), key);
    expect(create.status).toBe(409);
    expect((await create.json()).detail).toContain("refunds.create");
    const held = await ctx.platform.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.key, "refund-2")));
    expect(held).toHaveLength(1);
  });
});
