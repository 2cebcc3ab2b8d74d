/**
 * The BR Code's merchant name and city are plain ASCII: seller names that do not reduce to it
 * must fall back (or be refused clearly), never make every charge of the seller a 500.
 */
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { sellers } from "../../worker/db/schema";
import { KEY_CACHE_TTL_SECONDS } from "../../worker/domain/api-keys";
import { readBrCode } from "../support/brcode-reader";
import { createTestContext } from "../support/platform";
import { createPix, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});
/** Changes the seller and waits out the key cache, which carries the seller's profile. */
async function setSeller(values: Partial<typeof sellers.$inferInsert>) {
  await ctx.platform.db.update(sellers).set(values).where(eq(sellers.id, ctx.seller.sellerId));
  ctx.platform.clock.advance(KEY_CACHE_TTL_SECONDS);
}

it("a fantasy name without Latin characters falls back to the legal name; the city is the seller's", async () => {
  await setSeller({ fantasyName: "🙂🙂", city: "Belo Horizonte" });
  const code = readBrCode((await createPix(ctx)).paymentDetails.qrCode);
  expect(code.merchantName).toBe("Loja Teste Ltda");
  expect(code.merchantCity).toBe("Belo Horizonte");
});

it("no usable name at all is a 422 saying why, and the key is free for a retry", async () => {
  await setSeller({ legalName: "株式会社テスト", fantasyName: null });
  const res = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "jp-1" });
  expect(res.status).toBe(422);
  expect(await res.json()).toMatchObject({ code: "SELLER_PROFILE_INCOMPLETE", missing: ["fantasyName"] });
  await setSeller({ fantasyName: "Loja JP" });
  expect((await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "jp-1" })).status).toBe(201);
});

it("a seller without a usable city cannot charge by PIX: 422 naming the city, never a made-up one", async () => {
  for (const city of [null, "東京"]) {
    await setSeller({ city });
    const res = await ctx.post("/v1/transactions", pixBody());
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "SELLER_PROFILE_INCOMPLETE", missing: ["city"] });
  }
});
