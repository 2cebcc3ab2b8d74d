/** Helpers for transaction tests: bodies, and driving a charge through its life. */
import { expect } from "vitest";
import { buyerBody, pixBody } from "./fixtures";
import type { createTestContext } from "./platform";

export { pixBody };
export type Ctx = Awaited<ReturnType<typeof createTestContext>>;

/** Creates a buyer and returns its id. */
export async function createBuyer(ctx: Pick<Ctx, "post">, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await ctx.post("/v1/buyers", buyerBody(overrides));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

/** Creates a PIX charge (201) and returns its body. */
export async function createPix(ctx: Pick<Ctx, "post">, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const res = await ctx.post("/v1/transactions", pixBody(overrides), headers);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Pays a charge through the sandbox (200) and returns the transaction. */
export async function pay(ctx: Pick<Ctx, "post">, id: string) {
  const res = await ctx.post(`/v1/sandbox/transactions/${id}/pay`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** Requests a refund and returns the response. */
export function refund(ctx: Pick<Ctx, "post">, id: string, amount?: number, headers?: Record<string, string>) {
  return ctx.post(`/v1/transactions/${id}/refunds`, amount === undefined ? {} : { amount }, headers);
}

/** Lets the sandbox acquirer conclude every refund due: moves the clock past the job delay and drains the queue. */
export async function concludeRefunds(ctx: Ctx) {
  ctx.platform.clock.advance(2);
  await ctx.platform.drainQueue();
}

/** A paid charge of `amount`. */
export async function paidCharge(ctx: Ctx, amount = 1000) {
  const created = await createPix(ctx, { amount });
  return pay(ctx, created.id);
}

/** GET a transaction (200). */
export async function getTx(ctx: Pick<Ctx, "get">, id: string) {
  const res = await ctx.get(`/v1/transactions/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}
