/**
 * PIX Automático subscriptions in workerd (issue 32; Node's side: test/api/subscriptions.pix-
 * automatico*.test.ts), in the sandbox over the libSQL HTTP database: journey 3 from creation
 * (INCOMPLETE, a CREATED recurrence, the composite BR Code on its first charge) to ACTIVE with
 * invoice 0 PAID once the sandbox's payer approves, with SUBSCRIPTION_AUTHORIZATION_APPROVED;
 * journey 2 (a trial) to TRIALING; a rejection to INCOMPLETE_EXPIRED with its invoice VOID; the
 * payer's cancellation to a cancel at the period's end; the settings' new fields and their 422.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { api, apiJson } from "./api";

type PixAutomatico = { recurrenceId: string; status: string; journey: string; brCode: string | null; firstTransactionId: string | null; ending: { code: string | null; by: string | null } | null };
type Subscription = { id: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string; nextBillingAt: string | null; pixAutomatico: PixAutomatico };
type Invoice = { status: string; transactionId: string };
type Event = { type: string; data: { details: { id: string; pixAutomatico: PixAutomatico | null } } };

const subscribe = async (body: Record<string, unknown> = {}) => {
  const plan = await apiJson<{ id: string }>("POST", "/v1/subscriptions/plans", 201, { name: "Plano Mensal", amount: 4990, billingInterval: "MONTH", paymentMethods: ["PIX"] });
  const buyer = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
  return apiJson<Subscription>("POST", "/v1/subscriptions", 201, { planId: plan.id, buyerId: buyer.id, paymentMethod: "PIX_AUTOMATICO", ...body });
};
const payer = (id: string, action: string) => apiJson<Subscription>("POST", `/v1/sandbox/pix-automatico/${id}/${action}`, 200);
const invoicesOf = async (id: string) => (await apiJson<{ items: Invoice[] }>("GET", `/v1/subscriptions/${id}/invoices`, 200)).items;
async function eventsAbout(id: string, type: string) {
  const page = await apiJson<{ items: Event[] }>("GET", `/v1/events?type=${type}&size=100`, 200);
  return page.items.filter((e) => e.data.details.id === id);
}

// The file's first request starts the Worker (seconds on a loaded machine): not any test's time.
beforeAll(async () => void (await api("GET", "/v1/subscriptions/settings")), 60_000);

describe("PIX Automático in workerd", () => {
  it("journey 3: INCOMPLETE with the composite QR, then ACTIVE with invoice 0 PAID once the payer approves", async () => {
    const sub = await subscribe();
    expect(sub).toMatchObject({ status: "INCOMPLETE", pixAutomatico: { status: "CREATED", journey: "JORNADA_3" } });
    const charge = await apiJson<{ status: string; paymentDetails: { qrCode: string } }>("GET", `/v1/transactions/${sub.pixAutomatico.firstTransactionId}`, 200);
    expect(charge.paymentDetails.qrCode).toBe(sub.pixAutomatico.brCode);
    expect(charge.paymentDetails.qrCode).toMatch(/80\d\d0014br\.gov\.bcb\.pix25/);
    expect(await payer(sub.id, "approve")).toMatchObject({ status: "ACTIVE", pixAutomatico: { status: "APPROVED", brCode: null } });
    expect((await invoicesOf(sub.id))[0]!.status).toBe("PAID");
    const [approved] = await eventsAbout(sub.id, "SUBSCRIPTION_AUTHORIZATION_APPROVED");
    expect(approved!.data.details.pixAutomatico!.status).toBe("APPROVED");
    expect(await eventsAbout(sub.id, "SUBSCRIPTION_RENEWED")).toHaveLength(1);

    const cancelled = await payer(sub.id, "cancel");
    expect(cancelled).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true, nextBillingAt: cancelled.currentPeriodEnd, pixAutomatico: { status: "CANCELLED", ending: { by: "PAYER" } } });
    expect(await eventsAbout(sub.id, "SUBSCRIPTION_AUTHORIZATION_CANCELLED_BY_PAYER")).toHaveLength(1);
  });

  it("journey 2 (a trial) is TRIALING once approved; a rejection ends another INCOMPLETE_EXPIRED with its invoice VOID", async () => {
    const trial = await subscribe({ trialDays: 7 });
    expect(trial.pixAutomatico.journey).toBe("JORNADA_2");
    expect((await payer(trial.id, "approve")).status).toBe("TRIALING");

    const sub = await subscribe();
    expect(await payer(sub.id, "reject")).toMatchObject({ status: "INCOMPLETE_EXPIRED", pixAutomatico: { status: "REJECTED", ending: { code: "AP13" } } });
    expect((await invoicesOf(sub.id))[0]!.status).toBe("VOID");
    expect(await eventsAbout(sub.id, "SUBSCRIPTION_AUTHORIZATION_REJECTED")).toHaveLength(1);
    expect((await api("POST", `/v1/sandbox/pix-automatico/${sub.id}/approve`)).status).toBe(409);
  });

  it("the settings carry pixRetryPolicy and pixChargeLeadDays; 11 days is a 422 naming it", async () => {
    const bad = await api("PUT", "/v1/subscriptions/settings", { pixChargeLeadDays: 11 });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Array<{ path: string }> }).errors.map((e) => e.path)).toEqual(["pixChargeLeadDays"]);
    const settings = await apiJson<Record<string, unknown>>("GET", "/v1/subscriptions/settings", 200);
    expect(settings).toMatchObject({ pixRetryPolicy: expect.stringMatching(/^(PERMITE_3R_7D|NAO_PERMITE)$/), pixChargeLeadDays: expect.any(Number) });
  });
});
