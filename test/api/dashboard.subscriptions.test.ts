/**
 * The dashboard's subscriptions name people and money: the list and one subscription answer the
 * buyer (name, e-mail) and the plan (name, amount, cadence) beside /v1's fields, and `nextChargeAt`,
 * the next invoice's due day (a card's charge; a PIX invoice's due date, 3 days after it is
 * issued); none once the subscription is cancelled or ends at the period's end. Another seller's
 * subscription is 404, and its buyers never appear.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { otherCompany, signedInMember } from "../support/dashboard-members";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { plan, subscribe, subscriber } from "../support/subscriptions";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-05-04T15:00:00Z");
});

const json = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
};
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

describe("the dashboard's subscriptions, named", () => {
  it("the list and the detail name the buyer and the plan, with the amount and the next charge", async () => {
    const monthly = await plan(ctx, { name: "Clube do Café", amount: 5990 });
    const yearly = await plan(ctx, { name: "Anuidade", amount: 49900, billingInterval: "YEAR" });
    const joana = await subscriber(ctx, "4111111111111111", "Joana Souza");
    const card = await subscribe(ctx, { planId: monthly.id, buyerId: joana.buyerId, paymentMethod: "CREDIT_CARD", cardToken: joana.cardToken });
    ctx.platform.clock.advance(1);
    const carlos = await subscriber(ctx, undefined, "Carlos Pereira");
    const pix = await subscribe(ctx, { planId: yearly.id, buyerId: carlos.buyerId, paymentMethod: "PIX" });
    const theirs = await otherCompany(ctx);
    await subscribe(theirs, { planId: (await plan(theirs)).id, buyerId: (await subscriber(theirs, undefined, "Cliente de Outra Loja")).buyerId, paymentMethod: "PIX" });

    const reader = await signedInMember(ctx, "OPERATION");
    const list = await json(await reader.request("GET", "/dashboard/api/subscriptions"));
    const v1 = await json(await ctx.get("/v1/subscriptions"));
    expect(list.items.map((s: { id: string }) => s.id)).toEqual([pix.id, card.id]);
    expect(list.items[0]).toEqual({
      ...v1.items[0],
      buyer: { id: carlos.buyerId, name: "Carlos Pereira", email: "maria@example.com" },
      plan: { id: yearly.id, name: "Anuidade", amount: 49900, currency: "BRL", billingInterval: "YEAR", intervalCount: 1 },
      // The PIX invoice of the next period is issued 3 days before it falls due.
      nextChargeAt: addDays(pix.nextBillingAt, 3),
    });
    expect(list.items[1]).toMatchObject({ buyer: { name: "Joana Souza" }, plan: { name: "Clube do Café", amount: 5990 }, nextChargeAt: card.nextBillingAt });
    expect(card.nextBillingAt.slice(0, 10)).toBe("2026-06-04");
    expect(JSON.stringify(list)).not.toContain("Cliente de Outra Loja");
    expect((await json(await reader.request("GET", `/dashboard/api/subscriptions?planId=${monthly.id}`))).items).toEqual([list.items[1]]);

    const one = await json(await reader.request("GET", `/dashboard/api/subscriptions/${card.id}`));
    expect(one).toMatchObject({ id: card.id, buyer: { name: "Joana Souza" }, plan: { name: "Clube do Café" }, nextChargeAt: card.nextBillingAt });
    // Each invoice names its charge: the payment's page opens it.
    const [invoice] = one.invoices.items;
    expect(invoice.transactionId).toEqual(expect.any(String));
    expect(await json(await reader.request("GET", `/dashboard/api/payments/${invoice.transactionId}`))).toMatchObject({ id: invoice.transactionId, status: "PAID", amount: 5990 });
  });

  it("no next charge once cancelled or ending at the period's end; another seller's subscription is 404", async () => {
    const p = await plan(ctx);
    const a = await subscribe(ctx, { planId: p.id, buyerId: (await subscriber(ctx)).buyerId, paymentMethod: "PIX" });
    const joana = await subscriber(ctx, "4111111111111111");
    const b = await subscribe(ctx, { planId: p.id, buyerId: joana.buyerId, paymentMethod: "CREDIT_CARD", cardToken: joana.cardToken });
    const theirs = await otherCompany(ctx);
    const foreign = await subscribe(theirs, { planId: (await plan(theirs)).id, buyerId: (await subscriber(theirs)).buyerId, paymentMethod: "PIX" });
    const finance = await signedInMember(ctx, "FINANCE");
    await json(await finance.request("POST", `/dashboard/api/subscriptions/${a.id}/cancel`, {}));
    await json(await finance.request("POST", `/dashboard/api/subscriptions/${b.id}/cancel`, { atPeriodEnd: true }));
    const list = await json(await finance.request("GET", "/dashboard/api/subscriptions"));
    const byId = new Map(list.items.map((s: { id: string; status: string; nextChargeAt: string | null }) => [s.id, [s.status, s.nextChargeAt]]));
    expect(Object.fromEntries(byId)).toEqual({ [a.id]: ["CANCELLED", null], [b.id]: ["ACTIVE", null] });
    await expectProblem(await finance.request("GET", `/dashboard/api/subscriptions/${foreign.id}`), 404, "RESOURCE_NOT_FOUND");
    await expectProblem(await finance.request("GET", `/dashboard/api/subscriptions/${foreign.id}?mode=live`), 404, "RESOURCE_NOT_FOUND");
  });
});
