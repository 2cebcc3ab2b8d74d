/**
 * Settlements and chargebacks in workerd. The clock cannot be moved here, so the sandbox run's
 * `asOf` settles as of a later day: a PIX paid through the sandbox is not settled today and is
 * settled as of tomorrow (D+1), with SETTLEMENT_PAID in the events feed. The chargeback routes
 * answer there too. The seller is shared with the other workerd files (whose paid charges the
 * run settles as well), so the settlement is found through the transaction this test paid.
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VALID_CPF } from "../support/fixtures";
import { api, apiJson } from "./api";
import { cardSale } from "./card-sale";

type Settlement = { id: string; grossAmount: number; chargebackAmount: number; transactionCount: number; livemode: boolean; dueDate: string };

const buyer = { name: "Joana Souza", documentType: "CPF", documentNumber: VALID_CPF, email: "joana@example.com" };
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The settlement stamped on a transaction. */
async function settlementOf(id: string): Promise<string | null> {
  const db = createClient({ url: env.TURSO_DATABASE_URL });
  const result = await db.execute({ sql: "select settlement_id from transactions where id = ?", args: [id] });
  db.close();
  return (result.rows[0]?.[0] as string | null) ?? null;
}

/** Runs the sandbox settlement as of `asOf`; returns the settlements it paid. */
const runAsOf = async (asOf: string) => (await apiJson<{ items: Settlement[] }>("POST", "/v1/sandbox/settlements/run", 200, { asOf })).items;

describe("settlements in workerd", () => {
  it("a PIX paid today is settled by the sandbox run as of tomorrow, with SETTLEMENT_PAID in the events feed", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 4100, currency: "BRL", buyer });
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    await apiJson("POST", "/v1/sandbox/settlements/run", 200);
    expect(await settlementOf(charge.id)).toBeNull(); // due tomorrow
    const items = await runAsOf(daysAhead(1));
    const id = await settlementOf(charge.id);
    const settlement = items.find((s) => s.id === id);
    expect(settlement).toMatchObject({ livemode: false, dueDate: daysAhead(1).slice(0, 10) });
    expect(settlement!.grossAmount).toBeGreaterThanOrEqual(4100);
    expect(await apiJson("GET", `/v1/settlements/${id}`, 200)).toEqual(settlement);

    const feed = await apiJson<{ items: Array<{ data: { details: Settlement } }> }>("GET", `/v1/events?type=SETTLEMENT_PAID&since=${encodeURIComponent(since)}`, 200);
    expect(feed.items.map((e) => e.data.details)).toContainEqual(settlement);
    const listed = await apiJson<{ items: Settlement[] }>("GET", "/v1/settlements?size=100", 200);
    expect(listed.items.map((s) => s.id)).toContain(id);
  });

  it("chargebacks: a PIX cannot receive one (422), the list and a missing one answer as on Node", async () => {
    const charge = await apiJson<{ id: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 1700, currency: "BRL", buyer });
    await apiJson("POST", `/v1/sandbox/transactions/${charge.id}/pay`, 200);
    const refused = await api("POST", `/v1/sandbox/transactions/${charge.id}/chargeback`, { reasonCode: "fraud" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "UNPROCESSABLE", paymentMethod: "PIX" });
    expect(await apiJson("GET", "/v1/chargebacks", 200)).toMatchObject({ page: 0, size: 20, items: expect.any(Array) });
    expect((await api("GET", `/v1/chargebacks/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("a card sale's chargeback: 201 OPEN, CHARGEBACK_RECEIVED in the feed, and a refund may not take it back again", async () => {
    const sale = await cardSale(6000);
    expect(sale.status).toBe("PAID");
    const chargeback = await apiJson<{ id: string; status: string; amount: number }>("POST", `/v1/sandbox/transactions/${sale.id}/chargeback`, 201, { amount: 4000 });
    expect(chargeback).toMatchObject({ status: "OPEN", amount: 4000 });
    expect(await apiJson("GET", `/v1/chargebacks/${chargeback.id}`, 200)).toEqual(chargeback);
    const feed = await apiJson<{ items: { type: string; data: { details?: { id: string } } }[] }>("GET", "/v1/events?type=CHARGEBACK_RECEIVED&since=2000-01-01T00:00:00Z&limit=100", 200);
    expect(feed.items.some((e) => e.data.details?.id === chargeback.id)).toBe(true);
    const over = await api("POST", `/v1/transactions/${sale.id}/refunds`, { amount: 2001 });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "REFUND_EXCEEDS_AMOUNT", refundableAmount: 2000 });
  });
});
