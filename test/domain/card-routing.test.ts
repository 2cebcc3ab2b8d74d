/**
 * Failover between a mode's card acquirers (domain/acquirers/routing.ts): a sale passes to the
 * next acquirer only when the first is known not to have authorized it. UNKNOWN, or a connector
 * that throws after it may have sent the sale, ends the routing: never two authorizations for one
 * payment. And what each outcome writes on the transaction (saleColumns): an approval's
 * authorization code, a decline's none.
 */
import { describe, expect, it } from "vitest";
import { authorizeRouted, saleColumns } from "../../worker/domain/acquirers/routing";
import type { CardAcquirer, CardSale, SaleOutcome } from "../../worker/lib/acquirer";

const sale: CardSale = {
  transactionId: "6f1c2a8e-1111-4222-8333-944455556666", amount: 5000, currency: "BRL", pan: "4111111111111111", expMonth: "12", expYear: "2030",
  holderName: "MARIA SILVA", brand: "VISA", installments: 1, initiatedBy: "CUSTOMER", recurring: false, threeDs: { cavv: "AAAB", eci: "05", version: "2.2.0" },
};

/** Two acquirers: the first answers `first`, the second approves; each counts its calls. */
function pair(first: () => Promise<SaleOutcome>) {
  const calls = { one: 0, two: 0 };
  const acquirers: CardAcquirer[] = [
    { name: "one", concludeRefund: async () => ({ status: "COMPLETED" }), authorize: async () => (calls.one++, first()) },
    { name: "two", concludeRefund: async () => ({ status: "COMPLETED" }), authorize: async () => (calls.two++, { status: "APPROVED", authorizationCode: "B1", reference: "ref-two" }) },
  ];
  return { acquirers, calls };
}

describe("failover", () => {
  it("UNAVAILABLE (known not authorized): the sale goes to the other acquirer, which records it", async () => {
    const { acquirers, calls } = pair(async () => ({ status: "UNAVAILABLE" }));
    const routed = await authorizeRouted(acquirers, sale);
    expect(calls).toEqual({ one: 1, two: 1 });
    expect(saleColumns(routed)).toEqual({ acquirer: "two", acquirerReference: "ref-two", authorizationCode: "B1", declineHard: null, failureCode: null, failureMessage: null });
  });

  it("UNKNOWN: no failover; the transaction fails acquirer_unavailable at the first", async () => {
    const { acquirers, calls } = pair(async () => ({ status: "UNKNOWN" }));
    const routed = await authorizeRouted(acquirers, sale);
    expect(calls).toEqual({ one: 1, two: 0 });
    expect(saleColumns(routed)).toMatchObject({ acquirer: "one", acquirerReference: null, failureCode: "acquirer_unavailable" });
  });

  it("a connector that throws is UNKNOWN, not UNAVAILABLE: no failover", async () => {
    const { acquirers, calls } = pair(async () => {
      throw new Error("socket hang up");
    });
    expect((await authorizeRouted(acquirers, sale)).outcome).toEqual({ status: "UNKNOWN" });
    expect(calls).toEqual({ one: 1, two: 0 });
  });

  it("a decline is final at the first: no failover; its code, message, hardness and reference are written", async () => {
    const { acquirers, calls } = pair(async () => ({ status: "DECLINED", code: "card_blocked", message: "Lost card.", hard: true, reference: "ref-one" }));
    const routed = await authorizeRouted(acquirers, sale);
    expect(calls).toEqual({ one: 1, two: 0 });
    expect(saleColumns(routed)).toEqual({ acquirer: "one", acquirerReference: "ref-one", authorizationCode: null, declineHard: true, failureCode: "card_blocked", failureMessage: "Lost card." });
  });

  it("both UNAVAILABLE: no acquirer, acquirer_unavailable", async () => {
    const acquirers: CardAcquirer[] = ["one", "two"].map((name) => ({ name, concludeRefund: async () => ({ status: "COMPLETED" }), authorize: async () => ({ status: "UNAVAILABLE" }) }));
    expect(saleColumns(await authorizeRouted(acquirers, sale))).toMatchObject({ acquirer: null, failureCode: "acquirer_unavailable" });
  });
});
