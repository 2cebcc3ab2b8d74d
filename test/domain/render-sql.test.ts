/**
 * The database's rendering of a Transaction (render-sql.ts) and the stored view (the `view`
 * column) that lists send must be the same JSON, byte for byte, as `toTransaction` (serialize.ts,
 * used everywhere else), for a transaction in every state and with every optional field present
 * and absent. A field changed in one and not the others fails here.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { transactions } from "../../worker/db/schema";
import { transactionJsonSql } from "../../worker/domain/transactions/render-sql";
import { toTransaction, withBaseUrl } from "../../worker/domain/transactions/serialize";
import { findTransaction } from "../../worker/domain/transactions/store";
import { createTestContext, requester, TEST_LIVE_ACQUIRER } from "../support/platform";
import { concludeRefunds, createBuyer, createPix, pay, refund } from "../support/transactions";
import { rotateSellerKeys } from "../../worker/domain/sellers";

it("renders every transaction exactly as toTransaction does", async () => {
  const ctx = await createTestContext({ acquirers: { live: TEST_LIVE_ACQUIRER }, config: { pixReceiverKey: "pix@loja.example.com" } });
  const live = requester(ctx.app, (await rotateSellerKeys(ctx.platform.db, ctx.seller.sellerId, ctx.platform.now(), "live"))!);
  const pending = await createPix(ctx, { description: undefined, buyer: { name: "Zé \"Aspas\" Ñandú", documentType: "CNPJ", documentNumber: "11222333000181" } });
  const withBuyer = await createPix(ctx, { buyer: undefined, buyerId: await createBuyer(ctx) });
  const paid = await pay(ctx, (await createPix(ctx, { amount: 5000, description: "Pedido / 42 — ü 🎉" })).id);
  const cancelled = await createPix(ctx);
  await ctx.post(`/v1/transactions/${cancelled.id}/cancel`);
  const expired = await createPix(ctx, { expirationSeconds: 60 });
  const refunded = await pay(ctx, (await createPix(ctx, { amount: 3000 })).id);
  await refund(ctx, refunded.id, 1013); // fails in the sandbox
  await refund(ctx, refunded.id, 1000);
  const full = await pay(ctx, (await createPix(ctx, { amount: 700 })).id);
  await refund(ctx, full.id);
  await concludeRefunds(ctx);
  await refund(ctx, refunded.id, 500); // still pending
  const liveTx = await createPix({ post: live.post });
  ctx.platform.clock.advance(120);
  await ctx.get(`/v1/transactions/${expired.id}`); // expires it

  const ids = [pending.id, withBuyer.id, paid.id, cancelled.id, expired.id, refunded.id, full.id, liveTx.id];
  for (const id of ids) {
    const [rendered] = await ctx.platform.db
      .select({ json: transactionJsonSql(sql.placeholder("baseUrl")) })
      .from(transactions)
      .where(sql`${transactions.id} = ${id}`)
      .prepare()
      .all({ baseUrl: ctx.platform.config.baseUrl });
    const state = await findTransaction(ctx.platform.db, id);
    const expected = JSON.stringify(toTransaction(state!, ctx.platform.config.baseUrl));
    expect(rendered!.json, id).toBe(expected);
    // The stored view, when there is one, is the same once its QR URL is made absolute.
    if (state!.row.view !== null) expect(withBaseUrl(state!.row.view, ctx.platform.config.baseUrl), id).toBe(expected);
    // GET sends the stored view as it is, or renders the row when it has none: the same bytes.
    const res = await (id === liveTx.id ? live : ctx).get(`/v1/transactions/${id}`);
    expect(res.headers.get("content-type"), id).toBe("application/json");
    expect(await res.text(), id).toBe(expected);
  }
  // A refund request moves the revision without rendering: its view is cleared, never stale.
  expect((await findTransaction(ctx.platform.db, refunded.id))!.row.view).toBeNull();
  expect((await findTransaction(ctx.platform.db, paid.id))!.row.view).not.toBeNull();
  // The states covered, so this test keeps covering them.
  const statuses = await Promise.all(ids.map(async (id) => (await findTransaction(ctx.platform.db, id))!.row.status));
  expect(new Set(statuses)).toEqual(new Set(["PENDING", "PAID", "CANCELLED", "REFUND_PENDING", "REFUNDED"]));
});
