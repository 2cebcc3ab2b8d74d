/** Helpers for settlement and chargeback tests: card sales, the sweep on a set day, the rows. */
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { chargebacks, events, refunds, settlements, transactions, webhookDeliveries } from "../../worker/db/schema";
import { cardInput, runThreeDs } from "./cards";
import { pixBody, type Ctx } from "./transactions";

/** A PAID card sale (3DS, then the sale) of `amount` by CREDIT_CARD or DEBIT_CARD; returns the transaction. */
export async function cardSale(ctx: Ctx, amount: number, method: "CREDIT_CARD" | "DEBIT_CARD" = "CREDIT_CARD", send = ctx.send) {
  const card = cardInput("4111111111111111");
  const run = await runThreeDs(send, ctx.app, card, amount);
  expect(run.ok, JSON.stringify(run)).toBe(true);
  const res = await send("POST", "/v1/transactions", { ...pixBody({ amount }), paymentMethod: method, card, threeDs: run.threeDs });
  expect(res.status, await res.clone().text()).toBe(201);
  const tx = await res.json();
  expect(tx).toMatchObject({ status: "PAID", paymentMethod: method });
  return tx;
}

/** Runs the minute job at `at` (UTC) and returns how many settlements its sweep paid. */
export async function sweepAt(ctx: Ctx, at: string): Promise<number> {
  ctx.platform.clock.set(at);
  const report = await ctx.platform.runScheduled();
  const paid = report.sweeps["settlements.pay"];
  expect(paid, "the settlements.pay sweep ran without error").toBeGreaterThanOrEqual(0);
  return paid!;
}

/** Every settlement row, oldest first. */
export const settlementRows = (ctx: Ctx) => ctx.platform.db.select().from(settlements).orderBy(settlements.createdAt, settlements.id);

/** The settlement a transaction was stamped with (null when not settled). */
export async function settlementOf(ctx: Ctx, transactionId: string): Promise<string | null> {
  const [row] = await ctx.platform.db.select({ id: transactions.settlementId }).from(transactions).where(eq(transactions.id, transactionId));
  return row!.id;
}

/** The settlement stamped on each refund and chargeback of a transaction. */
export async function deductionsOf(ctx: Ctx, transactionId: string) {
  const db = ctx.platform.db;
  return {
    refunds: (await db.select({ s: refunds.settlementId }).from(refunds).where(eq(refunds.transactionId, transactionId))).map((r) => r.s),
    chargebacks: (await db.select({ s: chargebacks.settlementId }).from(chargebacks).where(eq(chargebacks.transactionId, transactionId))).map((r) => r.s),
  };
}

/** The events of a type, oldest first, and the webhook deliveries made for each. */
export async function eventsOf(ctx: Ctx, type: string) {
  const db = ctx.platform.db;
  const rows = await db.select().from(events).where(eq(events.type, type)).orderBy(events.createdAt);
  return Promise.all(
    rows.map(async (event) => ({ event, deliveries: await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id)) })),
  );
}

/** Registers a webhook of the context's seller for `eventTypes`; returns its id. */
export async function webhookFor(ctx: Ctx, sellerId: string, eventTypes: string[], post = ctx.post): Promise<string> {
  const res = await post(`/v1/sellers/${sellerId}/webhooks`, { url: "https://hooks.example.com/pay", eventTypes });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).id;
}

/** Records every job the platform enqueues from now on (still handing them to the queue). */
export function recordJobs(ctx: Ctx): Array<Record<string, unknown>> {
  const seen: Array<Record<string, unknown>> = [];
  const enqueue = ctx.platform.enqueue.bind(ctx.platform);
  ctx.platform.enqueue = async (jobs, opts) => {
    seen.push(...(jobs as unknown as Array<Record<string, unknown>>));
    return enqueue(jobs, opts);
  };
  return seen;
}
