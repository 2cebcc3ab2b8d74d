/** Test and live data never mix: a buyer belongs to the mode of the key that created it. */
import { beforeAll, describe, expect, it } from "vitest";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { buyerBody } from "../support/fixtures";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { pixBody } from "../support/transactions";

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let live: ReturnType<typeof requester>;
let testBuyerId: string;
beforeAll(async () => {
  // Live mode needs a live acquirer and a receiving PIX key; the hosts ship neither.
  ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
  // The same seller, now also holding a live key pair (its test keys stay valid).
  const liveKeys = await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live");
  live = requester(ctx.app, liveKeys!);
  testBuyerId = (await (await ctx.post("/v1/buyers", buyerBody())).json()).id;
});

describe("buyers by mode", () => {
  it("a live key cannot read, update or list a test buyer", async () => {
    expect((await live.get(`/v1/buyers/${testBuyerId}`)).status).toBe(404);
    expect((await live.patch(`/v1/buyers/${testBuyerId}`, { name: "X" })).status).toBe(404);
    expect((await (await live.get("/v1/buyers")).json()).totalItems).toBe(0);
    expect((await ctx.get(`/v1/buyers/${testBuyerId}`)).status).toBe(200);
  });

  it("a live buyer is invisible to the test key", async () => {
    const liveBuyer = await (await live.post("/v1/buyers", buyerBody({ name: "Live Buyer" }))).json();
    expect((await live.get(`/v1/buyers/${liveBuyer.id}`)).status).toBe(200);
    expect((await ctx.get(`/v1/buyers/${liveBuyer.id}`)).status).toBe(404);
    const testList = await (await ctx.get("/v1/buyers")).json();
    expect(testList.items.map((b: { id: string }) => b.id)).toEqual([testBuyerId]);
  });

  it("a live charge cannot name a test buyer", async () => {
    const res = await live.post("/v1/transactions", pixBody({ buyer: undefined, buyerId: testBuyerId }));
    expect(res.status).toBe(400);
    const problem = await res.json();
    expect(problem.errors[0]).toMatchObject({ path: "buyerId", code: "not_found" });
  });
});
