/**
 * PIX Automático billing inside workerd (issue 32, item 3; Node's side:
 * test/api/subscriptions.pix-automatico.test.ts), over the libSQL HTTP database, on test clocks:
 * a monthly subscription advanced a year gets eleven charge instructions, each sent 3 days before
 * its due date and paid once by the sandbox's payer's bank, the first one after a failed attempt
 * and its retry (RETRIED_THEN_PAID, PERMITE_3R_7D); under NAO_PERMITE a failure is PAST_DUE at
 * once and its dunning ends CANCELLED. The year's subscription is made through the API (journey
 * 3) and approved by the sandbox's payer; the NAO_PERMITE one is written straight into the
 * database (test/support/pix-automatico-db.ts), because the retry policy is a seller-wide setting
 * and the workerd files share one seller while they run in parallel.
 */
import { createClient } from "@libsql/client/web";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { pixChargeInstructions } from "../../worker/db/schema";
import { buyerBody } from "../support/fixtures";
import { approvedPixAutomaticoSubscription } from "../support/pix-automatico-db";
import { apiJson } from "./api";

type Plan = { id: string; amount: number; billingInterval: "MONTH"; intervalCount: number };
type Invoice = { id: string; status: string; periodStart: string; paidAt: string | null; transactionId: string };

const db = () => createDb(createClient({ url: env.TURSO_DATABASE_URL }));
/** Next year's `month`/`day` at noon UTC: a clock must not be in the past. */
const nextYear = (month: number, day: number, years = 1) => `${new Date().getUTCFullYear() + years}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00.000Z`;
const invoicesOf = async (id: string) => [...(await apiJson<{ items: Invoice[] }>("GET", `/v1/subscriptions/${id}/invoices?size=100`, 200)).items].reverse();
const instructionsOf = (id: string) => db().select().from(pixChargeInstructions).where(eq(pixChargeInstructions.subscriptionId, id)).orderBy(pixChargeInstructions.dueDate);
const days = (from: string, to: string) => Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);

/** An approved subscription written straight into the database, with `retryPolicy` on its recurrence. */
async function automatico(start: string, retryPolicy: "PERMITE_3R_7D" | "NAO_PERMITE") {
  const clock = await apiJson<{ id: string; frozenTime: string }>("POST", "/v1/sandbox/test-clocks", 201, { frozenTime: start });
  const plan = await apiJson<Plan>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Automático", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
  const buyer = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
  const sub = await approvedPixAutomaticoSubscription(db(), { sellerId: inject("sellerId"), buyerId: buyer.id, plan, at: clock.frozenTime, testClockId: clock.id, retryPolicy });
  return { ...sub, clock };
}

/** Journey 3 through the API on a new clock at `start`, approved by the sandbox's payer (which pays the first period). */
async function approvedThroughApi(start: string) {
  const clock = await apiJson<{ id: string; frozenTime: string }>("POST", "/v1/sandbox/test-clocks", 201, { frozenTime: start });
  const plan = await apiJson<Plan>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Automático", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
  const buyer = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
  const sub = await apiJson<{ id: string; status: string }>("POST", "/v1/subscriptions", 201, { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX_AUTOMATICO", testClockId: clock.id });
  expect(sub).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { journey: "JORNADA_3", status: "CREATED" } });
  expect(await apiJson("POST", `/v1/sandbox/pix-automatico/${sub.id}/approve`, 200)).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED" } });
  return { subscriptionId: sub.id, clock };
}

describe("PIX Automático billing in workerd", () => {
  it("journey 3, then a year on a test clock: eleven instructions 3 days ahead, each paid once, the first after a retry; the payer cancels", { timeout: 90_000 }, async () => {
    const { subscriptionId, clock } = await approvedThroughApi(nextYear(1, 10));
    await apiJson("POST", `/v1/sandbox/pix-automatico/${subscriptionId}/next-charge`, 200, { outcome: "RETRIED_THEN_PAID" });
    await apiJson("POST", `/v1/sandbox/test-clocks/${clock.id}/advance`, 200, { frozenTime: nextYear(1, 6, 2) });
    const invoices = await invoicesOf(subscriptionId);
    const instructions = await instructionsOf(subscriptionId);
    expect(invoices).toHaveLength(12);
    expect(instructions).toHaveLength(11);
    expect(instructions.map((i) => days(i.createdAt, i.dueDate))).toEqual(Array(11).fill(3));
    expect(instructions.every((i) => i.status === "PAID" && i.endToEndId)).toBe(true);
    expect(instructions.map((i) => i.attempts)).toEqual([2, ...Array(10).fill(1)]);
    expect(instructions[0]).toMatchObject({ retries: 1, failureCode: "AM04" });
    expect(invoices.every((i) => i.status === "PAID")).toBe(true);
    const payment = await apiJson<{ status: string; paymentMethod: string; invoiceId: string }>("GET", `/v1/transactions/${invoices[5]!.transactionId}`, 200);
    expect(payment).toMatchObject({ status: "PAID", paymentMethod: "PIX", invoiceId: invoices[5]!.id });
    expect(await apiJson("GET", `/v1/subscriptions/${subscriptionId}`, 200)).toMatchObject({ status: "ACTIVE" });
    const cancelled = await apiJson("POST", `/v1/sandbox/pix-automatico/${subscriptionId}/cancel`, 200);
    expect(cancelled).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, pixAutomatico: { status: "CANCELLED", ending: { by: "PAYER" } } });
    const events = await apiJson<{ items: Array<{ data: { details: { id: string } } }> }>("GET", "/v1/events?type=SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER&limit=100", 200);
    expect(events.items.filter((e) => e.data.details.id === subscriptionId)).toHaveLength(1);
    await apiJson("POST", `/v1/sandbox/test-clocks/${clock.id}/advance`, 200, { frozenTime: nextYear(3, 1, 2) });
    expect(await apiJson("GET", `/v1/subscriptions/${subscriptionId}`, 200)).toMatchObject({ status: "CANCELLED" });
    expect(await instructionsOf(subscriptionId)).toHaveLength(11);
  });

  it("NAO_PERMITE: a failed attempt is PAST_DUE at once, and its dunning ends CANCELLED", { timeout: 60_000 }, async () => {
    const { subscriptionId, clock } = await automatico(nextYear(2, 1), "NAO_PERMITE");
    await apiJson("POST", `/v1/sandbox/pix-automatico/${subscriptionId}/next-charge`, 200, { outcome: "INSUFFICIENT_FUNDS" });
    await apiJson("POST", `/v1/sandbox/test-clocks/${clock.id}/advance`, 200, { frozenTime: nextYear(3, 1).replace("T12:00:00.000Z", "T23:00:00.000Z") });
    expect((await instructionsOf(subscriptionId))[0]).toMatchObject({ status: "FAILED", attempts: 1, retries: 0 });
    expect(await apiJson("GET", `/v1/subscriptions/${subscriptionId}`, 200)).toMatchObject({ status: "PAST_DUE" });
    await apiJson("POST", `/v1/sandbox/test-clocks/${clock.id}/advance`, 200, { frozenTime: nextYear(3, 12) });
    expect(await apiJson("GET", `/v1/subscriptions/${subscriptionId}`, 200)).toMatchObject({ status: "CANCELLED" });
    expect((await invoicesOf(subscriptionId))[1]).toMatchObject({ status: "UNCOLLECTIBLE" });
  });
});
