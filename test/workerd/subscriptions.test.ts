/**
 * Subscriptions in workerd, over the libSQL HTTP database, on a test clock: a PIX subscription is
 * INCOMPLETE with one OPEN invoice whose charge is a PENDING PIX with a due date (its signed
 * location payload a cobv: `dataDeVencimento`, `validadeAposVencimento` 5); paying it makes the
 * subscription ACTIVE and the invoice PAID; advancing the clock issues each month's invoice at its
 * period; the events feed shows SUBSCRIPTION_CREATED and SUBSCRIPTION_RENEWED. A card subscription
 * (a token that paid with 3DS) is charged at once and then merchant-initiated each period. A
 * malformed id or query is 400 VALIDATION_FAILED here as on Node (docs/errors.md).
 */
import { describe, expect, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { expectInvalidParameter } from "../support/problem";
import { api, apiJson } from "./api";
import { authenticateBody, card } from "./card-sale";

type Subscription = { id: string; status: string; paymentMethod: string; testClockId: string | null; latestInvoiceId: string | null; currentPeriodStart: string; currentPeriodEnd: string };
type Invoice = { id: string; subscriptionId: string; status: string; periodStart: string; periodEnd: string; amount: number; dueAt: string; transactionId: string | null };
type Transaction = {
  id: string;
  status: string;
  paymentMethod: string;
  amount: number;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentDetails: { qrCode: string; qrCodeUrl: string };
};
type Event = { type: string; data: { details: { id: string; status: string } } };

/** Next year's `month`/`day` at noon UTC: a clock must not be in the past, and the Worker runs on the wall clock. */
const nextYear = (month: number, day: number) => `${new Date().getUTCFullYear() + 1}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}T12:00:00.000Z`;

const plan = (paymentMethods: string[]) =>
  apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Mensal", amount: 4990, billingInterval: "MONTH", paymentMethods });
const buyer = () => apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
const clock = (frozenTime: string) => apiJson<{ id: string; frozenTime: string }>("POST", "/v1/sandbox/test-clocks", 201, { frozenTime });
const advance = (id: string, frozenTime: string) => apiJson<{ frozenTime: string; status: string }>("POST", `/v1/sandbox/test-clocks/${id}/advance`, 200, { frozenTime });
const invoicesOf = async (id: string) => [...(await apiJson<{ items: Invoice[] }>("GET", `/v1/subscriptions/${id}/invoices?size=100`, 200)).items].reverse();
const subscription = (id: string) => apiJson<Subscription>("GET", `/v1/subscriptions/${id}`, 200);

/** The events of `type` about subscription `id` (the feed holds every workerd test's events). */
async function eventsAbout(id: string, type: string) {
  const page = await apiJson<{ items: Event[] }>("GET", `/v1/events?type=${type}&size=100`, 200);
  return page.items.filter((e) => e.data.details.id === id);
}

/** The payload of a compact JWS (not verified here: test/api covers the signature). */
function jwsPayload(jws: string): Record<string, any> {
  const part = jws.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(part), (ch) => ch.charCodeAt(0))));
}

describe("subscriptions in workerd", () => {
  // The first request of the file waits for the Worker to load: more than the default 20 s may pass.
  it("PIX on a test clock: INCOMPLETE until paid, then ACTIVE, and each month's invoice at its period", { timeout: 60_000 }, async () => {
    const start = nextYear(1, 10);
    const tc = await clock(start);
    const p = await plan(["PIX"]);
    const b = await buyer();
    const sub = await apiJson<Subscription>("POST", "/v1/subscriptions", 201, { planId: p.id, buyerId: b.id, paymentMethod: "PIX", testClockId: tc.id });
    expect(sub).toMatchObject({ status: "INCOMPLETE", paymentMethod: "PIX", testClockId: tc.id, currentPeriodStart: start });

    const [first, ...rest] = await invoicesOf(sub.id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ id: sub.latestInvoiceId, status: "OPEN", amount: 4990, periodStart: start, dueAt: start });
    const charge = await apiJson<Transaction>("GET", `/v1/transactions/${first!.transactionId}`, 200);
    expect(charge).toMatchObject({ status: "PENDING", paymentMethod: "PIX", amount: 4990, subscriptionId: sub.id, invoiceId: first!.id });
    expect(charge.paymentDetails.qrCode).toMatch(/^000201/);

    // The location a payer's bank reads: a cobv with the invoice's due date (Brasília) and 5 days after it.
    const locationId = charge.paymentDetails.qrCodeUrl.split("/").at(-1)!;
    const loc = await api("GET", `/pix/loc/${locationId}`, undefined, {});
    expect(loc.status).toBe(200);
    expect(loc.headers.get("content-type")).toContain("application/jose");
    const payload = jwsPayload(new TextDecoder().decode(await loc.arrayBuffer()));
    expect(payload.calendario).toMatchObject({ dataDeVencimento: start.slice(0, 10), validadeAposVencimento: 5 });
    expect(payload.calendario).not.toHaveProperty("expiracao");
    expect(payload.valor).toEqual({ original: "49.90" });

    // The buyer pays (the sandbox stands in for the bank).
    expect((await api("POST", `/v1/sandbox/transactions/${charge.id}/pay`, {})).status).toBe(200);
    expect(await subscription(sub.id)).toMatchObject({ status: "ACTIVE" });
    expect((await invoicesOf(sub.id))[0]).toMatchObject({ status: "PAID" });
    expect(await apiJson<Transaction>("GET", `/v1/transactions/${charge.id}`, 200)).toMatchObject({ status: "PAID" });

    // A month on (before the next due date): the second period's invoice is issued 3 days early.
    expect(await advance(tc.id, nextYear(2, 9))).toMatchObject({ status: "READY", frozenTime: nextYear(2, 9) });
    const two = await invoicesOf(sub.id);
    expect(two.map((i) => [i.periodStart, i.status])).toEqual([
      [start, "PAID"],
      [nextYear(2, 10), "OPEN"],
    ]);
    const second = await apiJson<Transaction>("GET", `/v1/transactions/${two[1]!.transactionId}`, 200);
    expect(second).toMatchObject({ status: "PENDING", paymentMethod: "PIX", subscriptionId: sub.id, invoiceId: two[1]!.id });
    expect((await api("POST", `/v1/sandbox/transactions/${second.id}/pay`, {})).status).toBe(200);

    // Another month: the third.
    await advance(tc.id, nextYear(3, 9));
    const three = await invoicesOf(sub.id);
    expect(three.map((i) => [i.periodStart, i.periodEnd, i.status])).toEqual([
      [start, nextYear(2, 10), "PAID"],
      [nextYear(2, 10), nextYear(3, 10), "PAID"],
      [nextYear(3, 10), nextYear(4, 10), "OPEN"],
    ]);
    expect(await subscription(sub.id)).toMatchObject({ status: "ACTIVE", latestInvoiceId: three[2]!.id, currentPeriodStart: nextYear(3, 10) });

    expect(await eventsAbout(sub.id, "SUBSCRIPTION_CREATED")).toHaveLength(1);
    expect((await eventsAbout(sub.id, "SUBSCRIPTION_RENEWED")).map((e) => e.data.details.status)).toEqual(["ACTIVE", "ACTIVE"]);
  });

  it("a card that paid with 3DS: charged at once (ACTIVE, invoice PAID), then merchant-initiated next month", async () => {
    const b = await buyer();
    const visa = card("4111111111111111");
    const setup = await apiJson<{ requestId: string; referenceId: string }>("POST", "/v1/transactions/threeds/setup", 200, { card: visa });
    const auth = await apiJson<Record<string, string>>("POST", "/v1/transactions/threeds/authenticate", 200, authenticateBody(setup, visa, 100));
    const threeDs = { cavv: auth.cavv, xid: auth.xid, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId };
    const sale = await apiJson<{ status: string; cardToken: string }>("POST", "/v1/transactions", 201, {
      paymentMethod: "CREDIT_CARD", amount: 100, currency: "BRL", buyerId: b.id, card: { ...visa, tokenize: true }, threeDs,
    });
    expect(sale.status).toBe("PAID");

    const start = nextYear(1, 31);
    const tc = await clock(start);
    const p = await plan(["CREDIT_CARD"]);
    const sub = await apiJson<Subscription>("POST", "/v1/subscriptions", 201, { planId: p.id, buyerId: b.id, paymentMethod: "CREDIT_CARD", cardToken: sale.cardToken, testClockId: tc.id });
    expect(sub).toMatchObject({ status: "ACTIVE", paymentMethod: "CREDIT_CARD" });
    const [first] = await invoicesOf(sub.id);
    expect(first).toMatchObject({ status: "PAID", periodStart: start });
    expect(await apiJson<Transaction>("GET", `/v1/transactions/${first!.transactionId}`, 200)).toMatchObject({ status: "PAID", paymentMethod: "CREDIT_CARD", subscriptionId: sub.id, invoiceId: first!.id });

    // Jan 31 → the end of February (the month has no 31st), then charged on the stored card.
    await advance(tc.id, nextYear(3, 1));
    const both = await invoicesOf(sub.id);
    expect(both).toHaveLength(2);
    expect(both[1]).toMatchObject({ status: "PAID" });
    expect(both[1]!.periodStart.slice(0, 7)).toBe(nextYear(2, 1).slice(0, 7));
    expect(await apiJson<Transaction>("GET", `/v1/transactions/${both[1]!.transactionId}`, 200)).toMatchObject({ status: "PAID", subscriptionId: sub.id, invoiceId: both[1]!.id });
    expect(await subscription(sub.id)).toMatchObject({ status: "ACTIVE" });
  });

  // The rule of docs/errors.md on this host too: a malformed id or query is the request's mistake,
  // 400 VALIDATION_FAILED naming it, though these routes answer a body's bad data with 422.
  it("a malformed subscription or clock id is 400 VALIDATION_FAILED naming id in the path; size=101 names size in the query", async () => {
    await expectInvalidParameter(await api("GET", "/v1/subscriptions/not-a-uuid"), "path", "id");
    await expectInvalidParameter(await api("POST", "/v1/subscriptions/not-a-uuid/cancel", { atPeriodEnd: true }), "path", "id");
    await expectInvalidParameter(await api("GET", "/v1/sandbox/test-clocks/not-a-uuid"), "path", "id");
    await expectInvalidParameter(await api("GET", "/v1/subscriptions/0b4c7a1e-5d2f-4e3a-9c8b-7a6f5e4d3c2b/invoices?size=101"), "query", "size");
  });
});
