/**
 * Webhooks of a test clock's objects in workerd: advancing a clock a year sends that year's
 * subscription events (its first payment's renewal too) through the JOBS queue to the loopback receiver at once, each envelope
 * dated in the clock's time (docs/webhooks.md). Before, their deliveries waited for the simulated
 * dates ("next attempt" a year ahead) and never left.
 */
import { describe, expect, inject, it, vi } from "vitest";
import { buyerBody } from "../support/fixtures";
import { apiJson } from "./api";

type Received = { url: string; body: string; headers: Record<string, string> };
type Delivery = { status: string; attempts: number; nextAttemptAt: string | null };

const sellerId = inject("sellerId");

/** Next year's `month`/`day` at noon UTC: a clock must not be in the past, and the Worker runs on the wall clock. */
const nextYear = (month: number, day: number, years = 1) =>
  `${new Date().getUTCFullYear() + years}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00.000Z`;

/** What the receiver got at `path`. */
async function receivedAt(path: string): Promise<Received[]> {
  const all = (await (await fetch(`${new URL(inject("webhookReceiverUrl")).origin}/__received`)).json()) as Received[];
  return all.filter((r) => r.url === path);
}

describe("test clocks' webhooks in workerd", () => {
  it("a year's advance delivers the subscription's renewal, past due and cancellation now, dated in the clock's time", { timeout: 60_000 }, async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const url = `${new URL(inject("webhookReceiverUrl")).origin}${path}`;
    const eventTypes = ["SUBSCRIPTION_RENEWED", "SUBSCRIPTION_PAST_DUE", "SUBSCRIPTION_CANCELLED"];
    const hook = await apiJson<{ id: string }>("POST", `/v1/sellers/${sellerId}/webhooks`, 201, { url, eventTypes });

    const start = nextYear(1, 10);
    const tc = await apiJson<{ id: string }>("POST", "/v1/sandbox/test-clocks", 201, { frozenTime: start });
    const p = await apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Mensal", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
    const b = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
    const sub = await apiJson<{ id: string; latestInvoiceId: string }>("POST", "/v1/subscriptions", 201, { planId: p.id, buyerId: b.id, paymentMethod: "PIX", testClockId: tc.id });
    const [invoice] = (await apiJson<{ items: Array<{ transactionId: string }> }>("GET", `/v1/subscriptions/${sub.id}/invoices`, 200)).items;
    await apiJson("POST", `/v1/sandbox/transactions/${invoice!.transactionId}/pay`, 200);

    // A year on: February's invoice falls due unpaid and its grace ends, dates the real clock is far from.
    await apiJson("POST", `/v1/sandbox/test-clocks/${tc.id}/advance`, 200, { frozenTime: nextYear(1, 10, 2) });
    await vi.waitFor(async () => expect(await receivedAt(path)).toHaveLength(3), { timeout: 15_000, interval: 250 });
    const got = (await receivedAt(path)).map((r) => JSON.parse(r.body) as { type: string; occurredAt: string; data: { details: { id: string } } });
    // Each dated in the clock's time (between its start and February's grace end), not the real now.
    // Each dated in the clock's time, not the real now: the first invoice paid at the clock's start, the
    // second unpaid at its due date, and cancelled when its grace ends (end of day 5, Brasília).
    expect(got.map((e) => [e.type, e.data.details.id, e.occurredAt])).toEqual([
      ["SUBSCRIPTION_RENEWED", sub.id, start],
      ["SUBSCRIPTION_PAST_DUE", sub.id, nextYear(2, 10)],
      ["SUBSCRIPTION_CANCELLED", sub.id, nextYear(2, 16).replace("12:00:00.000", "02:59:59.999")],
    ]);

    await vi.waitFor(
      async () => {
        const { items } = await apiJson<{ items: Delivery[] }>("GET", `/v1/sellers/${sellerId}/webhooks/deliveries?webhookId=${hook.id}`, 200);
        expect(items).toEqual(Array(3).fill(expect.objectContaining({ status: "DELIVERED", attempts: 1, nextAttemptAt: null })));
      },
      { timeout: 10_000, interval: 250 },
    );
  });
});
