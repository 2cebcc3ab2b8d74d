/**
 * The BR Code's merchant name and city are plain ASCII: seller names that do not reduce to it
 * must fall back (or be refused clearly), never make every charge of the seller a 500.
 */
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { sellers } from "../../worker/db/schema";
import { readBrCode } from "../../worker/domain/pix/brcode";
import { createTestContext } from "../support/platform";
import { createPix, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});
const setSeller = (values: Partial<typeof sellers.$inferInsert>) =>
  ctx.platform.db.update(sellers).set(values).where(eq(sellers.id, ctx.seller.sellerId));

it("a fantasy name without Latin characters falls back to the legal name", async () => {
  await setSeller({ fantasyName: "🙂🙂", city: "東京" });
  const code = readBrCode((await createPix(ctx)).paymentDetails.qrCode);
  expect(code.merchantName).toBe("Loja Teste Ltda");
  expect(code.merchantCity).toBe("Sao Paulo");
});

it("no usable name at all is a 422 saying why, and the key is free for a retry", async () => {
  await setSeller({ legalName: "株式会社テスト", fantasyName: null });
  const res = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "jp-1" });
  expect(res.status).toBe(422);
  expect((await res.json()).code).toBe("UNPROCESSABLE");
  await setSeller({ fantasyName: "Loja JP" });
  expect((await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "jp-1" })).status).toBe(201);
});
