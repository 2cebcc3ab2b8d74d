/**
 * Subscription test helpers: a buyer with a card that paid with 3DS (ready for merchant-initiated
 * charges), a plan, a subscription, and test clocks. Shared by the API tests and the workerd ones
 * through `Sender` (anything with `send`).
 */
import { expect } from "vitest";
import { buyerBody } from "./fixtures";
import { payWithThreeDs } from "./cards";
import { planBody } from "./subscription-plans";

type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>;
export interface Sender {
  send: Send;
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> };
}

/** Sends and expects `status`; returns the body. */
export async function expectJson(send: Send, method: string, path: string, body: unknown, status: number) {
  const res = await send(method, path, body);
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return res.json();
}

/** A buyer (named `name`, else the fixture's); with `card`, also a token of the buyer's card that paid with 3DS. */
export async function subscriber(ctx: Sender, card?: string, name?: string): Promise<{ buyerId: string; cardToken?: string }> {
  const buyer = await expectJson(ctx.send, "POST", "/v1/buyers", buyerBody(name ? { name } : {}), 201);
  if (!card) return { buyerId: buyer.id };
  const sale = await payWithThreeDs(ctx as never, card, { buyerId: buyer.id, amount: 100 });
  return { buyerId: buyer.id, cardToken: sale.cardToken };
}

/** A plan (monthly, R$ 49,90, PIX and card unless overridden). */
export async function plan(ctx: Sender, overrides: Record<string, unknown> = {}) {
  return expectJson(ctx.send, "POST", "/v1/subscriptions/plans", planBody(overrides), 201);
}

/** A test clock frozen at `frozenTime`. */
export async function testClock(ctx: Sender, frozenTime: string) {
  return expectJson(ctx.send, "POST", "/v1/sandbox/test-clocks", { frozenTime }, 201);
}

/** Advances `clockId` to `frozenTime` (200). */
export async function advance(ctx: Sender, clockId: string, frozenTime: string) {
  return expectJson(ctx.send, "POST", `/v1/sandbox/test-clocks/${clockId}/advance`, { frozenTime }, 200);
}

/** Creates a subscription (201). */
export async function subscribe(ctx: Sender, body: Record<string, unknown>) {
  return expectJson(ctx.send, "POST", "/v1/subscriptions", body, 201);
}

/** Every invoice of a subscription, oldest period first. */
export async function invoicesOf(ctx: Sender, subscriptionId: string) {
  const page = await expectJson(ctx.send, "GET", `/v1/subscriptions/${subscriptionId}/invoices?size=100`, undefined, 200);
  return [...page.items].reverse();
}
