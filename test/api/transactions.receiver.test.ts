/**
 * Who receives a PIX charge, and which modes may charge at all: the signed payload names a real
 * DICT key (the seller's, else the installation's, else in test mode the sandbox's), and a live
 * key is refused with a clear code when nothing could ever settle its charge.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellers, transactions } from "../../worker/db/schema";
import { KEY_CACHE_TTL_SECONDS } from "../../worker/domain/api-keys";
import { verifyJws } from "../support/jws-verify";
import { SANDBOX_PIX_KEY } from "../../worker/domain/pix/receiver-key";
import { rotateSellerKeys } from "../../worker/domain/sellers";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { createPix, pixBody, type Ctx } from "../support/transactions";

/** The signed cob payload behind a charge's location. */
async function cobOf(ctx: Ctx, tx: { paymentDetails: { qrCodeUrl: string } }) {
  const jws = await (await ctx.app.request(new URL(tx.paymentDetails.qrCodeUrl).pathname.replace("/qr/", "/loc/"))).text();
  const jwks = await (await ctx.app.request("/pix/jwks.json")).json();
  return (await verifyJws(jwks.keys[0], jws)) as { chave: string; infoAdicionais?: unknown };
}

const txCount = async (ctx: Ctx) => (await ctx.platform.db.select({ n: count() }).from(transactions))[0]!.n;

describe("the receiving PIX key", () => {
  it("is the installation's PIX_RECEIVER_KEY when the seller has none", async () => {
    const ctx = await createTestContext({ config: { pixReceiverKey: "+5511987654321" } });
    expect((await cobOf(ctx, await createPix(ctx))).chave).toBe("+5511987654321");
  });

  it("is the seller's own key when it has one, and a charge keeps the key it was made with", async () => {
    const ctx = await createTestContext({ config: { pixReceiverKey: "+5511987654321" } });
    await ctx.platform.db.update(sellers).set({ pixKey: "11222333000181" }).where(eq(sellers.id, ctx.seller.sellerId));
    ctx.platform.clock.advance(KEY_CACHE_TTL_SECONDS);
    const tx = await createPix(ctx);
    await ctx.platform.db.update(sellers).set({ pixKey: "financeiro@loja.example.com" }).where(eq(sellers.id, ctx.seller.sellerId));
    expect((await cobOf(ctx, tx)).chave).toBe("11222333000181");
  });

  it("falls back to the sandbox key only for test charges, which say SANDBOX in the signed payload", async () => {
    const ctx = await createTestContext();
    const cob = await cobOf(ctx, await createPix(ctx));
    expect(cob.chave).toBe(SANDBOX_PIX_KEY);
    expect(cob.infoAdicionais).toEqual([{ nome: "Ambiente", valor: "SANDBOX - cobranca de teste, nao pague" }]);
  });
});

describe("live mode is gated", () => {
  it("without a live acquirer, a live key's charge is refused with LIVE_MODE_UNAVAILABLE and nothing is stored", async () => {
    const ctx = await createTestContext({ config: { pixReceiverKey: "+5511987654321" } });
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const res = await live.post("/v1/transactions", pixBody());
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect((await res.json()).code).toBe("LIVE_MODE_UNAVAILABLE");
    expect(await txCount(ctx)).toBe(0);
  });

  it("with a live acquirer but no receiving key anywhere, a live charge is refused with PIX_KEY_NOT_CONFIGURED", async () => {
    const ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER } });
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const res = await live.post("/v1/transactions", pixBody());
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("PIX_KEY_NOT_CONFIGURED");
    expect(await txCount(ctx)).toBe(0);
  });

  it("a live charge left from before the gate cannot be refunded without a live acquirer: 422, nothing written", async () => {
    const ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const tx = await createPix({ post: live.post });
    await ctx.platform.db.update(transactions).set({ status: "PAID" }).where(eq(transactions.id, tx.id));
    ctx.platform.acquirers.live = null; // the installation loses its live acquirer
    const res = await live.post(`/v1/transactions/${tx.id}/refunds`, {});
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("LIVE_MODE_UNAVAILABLE");
    expect((await ctx.platform.client.execute("select count(*) as n from refunds")).rows[0]!.n).toBe(0);
  });

  it("a configured live charge names its key and carries no sandbox notice", async () => {
    const ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
    const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
    const tx = await createPix({ post: live.post });
    const cob = await cobOf(ctx, tx);
    expect(cob.chave).toBe("pix@loja.example.com");
    expect(cob.infoAdicionais).toBeUndefined();
  });
});
