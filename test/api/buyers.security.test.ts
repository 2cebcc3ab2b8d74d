import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { apiKeys } from "../../worker/db/schema";
import { KEY_CACHE_TTL_SECONDS } from "../../worker/domain/api-keys";
import { createCompanySeller, rotateSellerKeys } from "../../worker/domain/sellers";
import { buyerBody } from "../support/fixtures";
import { createTestContext, requester } from "../support/platform";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let buyerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  buyerId = (await (await ctx.post("/v1/buyers", buyerBody())).json()).id;
});

async function expect401(res: Response, code = "UNAUTHENTICATED") {
  expect(res.status).toBe(401);
  expect(res.headers.get("content-type")).toBe("application/problem+json");
  expect(res.headers.get("www-authenticate")).toContain("ApiKey");
  const body = await res.json();
  expect(body.code).toBe(code);
  return body;
}

describe("buyers: authentication", () => {
  it("accepts X-Api-Key", async () => {
    const res = await ctx.app.request(`/v1/buyers/${buyerId}`, { headers: { "X-Api-Key": ctx.seller.apiKey } });
    expect(res.status).toBe(200);
  });

  it("accepts Authorization: ApiKey <key>", async () => {
    const res = await ctx.app.request(`/v1/buyers/${buyerId}`, { headers: { Authorization: `ApiKey ${ctx.seller.apiKey}` } });
    expect(res.status).toBe(200);
  });

  it("401 without a key", async () => {
    await expect401(await ctx.app.request(`/v1/buyers/${buyerId}`));
  });

  it("401 for an unknown key of the right shape", async () => {
    await expect401(await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": `sk_test_${"a".repeat(32)}` } }));
  });

  it("401 for garbage and for a wrong Authorization scheme", async () => {
    await expect401(await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": "hello" } }));
    await expect401(await ctx.app.request("/v1/buyers", { headers: { Authorization: `Bearer ${ctx.seller.apiKey}` } }));
  });

  it("401 for a revoked key at once, even just after it was used (cached), while the rotated key works", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Rotating Ltda", email: "r@example.com" }, ctx.platform.now());
    expect((await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": other.apiKey } })).status).toBe(200);
    const rotated = await rotateSellerKeys(ctx.platform.db, other.sellerId, ctx.platform.now());
    await expect401(await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": other.apiKey } }));
    const fresh = await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": rotated!.apiKey } });
    expect(fresh.status).toBe(200);
  });

  it("a key revoked by another process stops working here once the key cache entry expires", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Elsewhere Ltda", email: "e@example.com" }, ctx.platform.now());
    const as = requester(ctx.app, other);
    expect((await as.get("/v1/buyers")).status).toBe(200); // cached now
    // As the admin CLI would, straight in the database, without this process's knowledge.
    await ctx.platform.db.update(apiKeys).set({ revokedAt: ctx.platform.now().toISOString() }).where(eq(apiKeys.sellerId, other.sellerId));
    expect((await as.get("/v1/buyers")).status).toBe(200);
    ctx.platform.clock.advance(KEY_CACHE_TTL_SECONDS);
    await expect401(await as.get("/v1/buyers"));
  });

  it("401 with a clear detail for a publishable key on a server route", async () => {
    for (const [method, path] of [
      ["GET", `/v1/buyers/${buyerId}`],
      ["POST", "/v1/buyers"],
      ["PATCH", `/v1/buyers/${buyerId}`],
      ["GET", "/v1/buyers"],
    ] as const) {
      const res = await ctx.app.request(path, {
        method,
        headers: { "X-Api-Key": ctx.seller.publishableKey, "Content-Type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify(buyerBody()),
      });
      const body = await expect401(res, "PUBLISHABLE_KEY_NOT_ALLOWED");
      expect(body.detail).toMatch(/publishable key/i);
      expect(body.detail).toMatch(/secret key/i);
    }
  });

  it("never logs the key", async () => {
    await ctx.app.request("/v1/buyers", { headers: { "X-Api-Key": ctx.seller.apiKey } });
    const logged = JSON.stringify(ctx.platform.logs);
    expect(logged).not.toContain(ctx.seller.apiKey);
    expect(ctx.platform.logs.at(-1)).toMatchObject({ msg: "request", method: "GET", path: "/v1/buyers", route: "/v1/buyers", status: 200, sellerId: ctx.seller.sellerId });
  });
});

describe("buyers: another seller's buyer is 404", () => {
  it("GET, PATCH and the list never show another seller's buyer", async () => {
    const stranger = await createCompanySeller(ctx.platform.db, { legalName: "Outra Loja", email: "o@example.com" }, ctx.platform.now());
    const as = requester(ctx.app, stranger);
    const get = await as.get(`/v1/buyers/${buyerId}`);
    expect(get.status).toBe(404);
    expect((await get.json()).code).toBe("RESOURCE_NOT_FOUND");
    const patch = await as.patch(`/v1/buyers/${buyerId}`, { name: "Hijacked" });
    expect(patch.status).toBe(404);
    const list = await (await as.get("/v1/buyers")).json();
    expect(list.totalItems).toBe(0);
    const mine = await (await ctx.get(`/v1/buyers/${buyerId}`)).json();
    expect(mine.name).toBe("Maria da Silva");
  });
});

describe("caching", () => {
  it("every /v1 answer, errors included, is Cache-Control: no-store", async () => {
    const created = await ctx.post("/v1/buyers", buyerBody());
    expect(created.headers.get("cache-control")).toBe("no-store");
    const { id } = await created.json();
    const read = await ctx.get(`/v1/buyers/${id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-store");
    const missing = await ctx.get(`/v1/buyers/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    const unauthenticated = await ctx.app.request("/v1/buyers");
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("cache-control")).toBe("no-store");
  });
});
