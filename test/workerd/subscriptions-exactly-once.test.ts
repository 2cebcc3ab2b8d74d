/**
 * Billing exactly once in workerd (issue 17): three concurrent advances of one test clock, and
 * two scheduled runs at once over a due real-time subscription, bill each period once: one
 * invoice and one charge per period, over the libSQL HTTP database the Worker uses.
 */
import { createClient } from "@libsql/client/web";
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { buyerBody } from "../support/fixtures";
import { api, apiJson } from "./api";
import { authenticateBody, card } from "./card-sale";

type Invoice = { id: string; status: string; periodStart: string; transactionId: string | null };

const nextYear = (month: number, day: number) => `${new Date().getUTCFullYear() + 1}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00.000Z`;
const invoicesOf = async (id: string) => [...(await apiJson<{ items: Invoice[] }>("GET", `/v1/subscriptions/${id}/invoices?size=100`, 200)).items].reverse();

/** A buyer and a token of a card that paid with 3DS (ready for merchant-initiated charges). */
async function cardSubscriber() {
  const b = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
  const visa = card("4111111111111111");
  const setup = await apiJson<{ requestId: string; referenceId: string }>("POST", "/v1/transactions/threeds/setup", 200, { card: visa });
  const auth = await apiJson<Record<string, string>>("POST", "/v1/transactions/threeds/authenticate", 200, authenticateBody(setup, visa, 100));
  const threeDs = { cavv: auth.cavv, xid: auth.xid, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId };
  const sale = await apiJson<{ cardToken: string }>("POST", "/v1/transactions", 201, {
    paymentMethod: "CREDIT_CARD", amount: 100, currency: "BRL", buyerId: b.id, card: { ...visa, tokenize: true }, threeDs,
  });
  return { buyerId: b.id, cardToken: sale.cardToken };
}

describe("billing exactly once in workerd", () => {
  it("three concurrent advances of one clock: one invoice and one charge per period", async () => {
    const { buyerId, cardToken } = await cardSubscriber();
    const plan = await apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Mensal", amount: 4990, billingInterval: "MONTH", paymentMethods: ["CREDIT_CARD"] });
    const start = nextYear(1, 31);
    const tc = await apiJson<{ id: string }>("POST", "/v1/sandbox/test-clocks", 201, { frozenTime: start });
    const sub = await apiJson<{ id: string }>("POST", "/v1/subscriptions", 201, { planId: plan.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken, testClockId: tc.id });
    // Racing over the same months. An advance that finds the clock already moved to (or past) its
    // time is a 422 (a clock only moves forward); whichever win, every period is billed once.
    const targets = [nextYear(6, 1), nextYear(6, 1), nextYear(5, 15)];
    const statuses = await Promise.all(
      targets.map((frozenTime) => api("POST", `/v1/sandbox/test-clocks/${tc.id}/advance`, { frozenTime }).then(async (r) => (await r.text(), r.status))),
    );
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 422)).toBe(true);
    expect(await apiJson<{ frozenTime: string; status: string }>("GET", `/v1/sandbox/test-clocks/${tc.id}`, 200)).toMatchObject({ frozenTime: nextYear(6, 1), status: "READY" });
    const invoices = await invoicesOf(sub.id);
    const year = start.slice(0, 4);
    const leap = Number(year) % 4 === 0 && (Number(year) % 100 !== 0 || Number(year) % 400 === 0);
    expect(invoices.map((i) => i.periodStart.slice(5, 10))).toEqual(["01-31", leap ? "02-29" : "02-28", "03-31", "04-30", "05-31"]);
    expect(invoices.every((i) => i.status === "PAID")).toBe(true);
    expect(new Set(invoices.map((i) => i.transactionId)).size).toBe(invoices.length);
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const charges = await db.execute({ sql: "select count(*) as n from transactions where subscription_id = ?", args: [sub.id] });
    db.close();
    expect(Number(charges.rows[0]!.n)).toBe(invoices.length);
  }, 60_000);

  it("two scheduled runs at once over a due real-time subscription: its period is billed once", async () => {
    const { buyerId, cardToken } = await cardSubscriber();
    const plan = await apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Diário", amount: 990, billingInterval: "DAY", paymentMethods: ["CREDIT_CARD"] });
    const sub = await apiJson<{ id: string }>("POST", "/v1/subscriptions", 201, { planId: plan.id, buyerId, paymentMethod: "CREDIT_CARD", cardToken });
    // Due now: the Worker runs on the wall clock, so move the subscription's anchor a day back rather than the clock.
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const dayAgo = new Date(Date.now() - 86_400_000 - 60_000).toISOString();
    await db.execute({ sql: "update subscriptions set billing_anchor = ?, next_billing_at = ? where id = ?", args: [dayAgo, new Date(Date.now() - 60_000).toISOString(), sub.id] });
    await Promise.all([0, 1].map(() => worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, createExecutionContext())));
    const invoices = await db.execute({ sql: "select period_index, status from invoices where subscription_id = ? order by period_index", args: [sub.id] });
    const charges = await db.execute({ sql: "select count(*) as n from transactions where subscription_id = ?", args: [sub.id] });
    db.close();
    expect(invoices.rows.map((r) => [Number(r.period_index), r.status])).toEqual([[0, "PAID"], [1, "PAID"]]);
    expect(Number(charges.rows[0]!.n)).toBe(2);
  }, 60_000);
});
