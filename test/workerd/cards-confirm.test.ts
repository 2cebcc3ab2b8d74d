/**
 * Confirm's guarantees in workerd: 20 concurrent confirms of one browser payment reach the sandbox
 * acquirer once; the installments the seller allowed bind the browser; a PIX charge's secret opens
 * no 3DS; the spent single-use card keeps no PAN.
 */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, inject, it } from "vitest";
import type { CardAcquirer } from "../../worker/lib/acquirer";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { api, apiJson } from "./api";
import { authenticateBody, buyer, card } from "./card-sale";

/** Counts the sales the sandbox acquirers are asked to authorize (the Worker uses these very objects). */
const acquirers = SANDBOX_CARD_ACQUIRERS as CardAcquirer[];
const original = acquirers.map((a) => a.authorize);
const sales: string[] = [];
acquirers.forEach((a, i) => {
  a.authorize = async (sale) => {
    sales.push(sale.transactionId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return original[i]!.call(a, sale);
  };
});
afterEach(() => void (sales.length = 0));

type Pending = { id: string; amount: number; clientSecret: string; pendingAction: { publishableKey: string } };

async function browserThreeDs(tx: Pending, number = "4111111111111111") {
  const pk = { "X-Api-Key": tx.pendingAction.publishableKey };
  const visa = card(number);
  const setup = (await (await api("POST", "/v1/transactions/threeds/setup", { card: visa, transactionId: tx.id, clientSecret: tx.clientSecret }, pk)).json()) as { requestId: string; referenceId: string };
  const auth = await api("POST", "/v1/transactions/threeds/authenticate", authenticateBody(setup, visa, tx.amount, tx.clientSecret), pk);
  expect(auth.status).toBe(200);
}

const confirm = (tx: Pending, body: Record<string, unknown> = {}) =>
  api("POST", `/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret: tx.clientSecret, ...body }, { "X-Api-Key": tx.pendingAction.publishableKey });

describe("confirm in workerd", () => {
  it("20 concurrent confirms after four 3DS runs: one acquirer call, one PAID, nineteen 409s", async () => {
    const tx = await apiJson<Pending>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount: 2200, currency: "BRL", buyer });
    for (let i = 0; i < 4; i++) await browserThreeDs(tx);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(tx)));
    expect(sales).toEqual([tx.id]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await apiJson("GET", `/v1/transactions/${tx.id}`, 200)).toMatchObject({ status: "PAID" });
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const used = await db.execute({ sql: "select count(*) as n from threeds_sessions where used_by = ?", args: [tx.id] });
    const spent = await db.execute({ sql: "select c.status, c.pan from cards c join transactions t on t.card_id = c.id where t.id = ?", args: [tx.id] });
    db.close();
    expect(Number(used.rows[0]!.n)).toBe(1);
    expect(spent.rows.map((r) => [r.status, r.pan])).toEqual([["INACTIVE", ""]]);
  });

  it("the browser cannot raise the installments; a PIX charge's secret opens no 3DS", async () => {
    const tx = await apiJson<Pending>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount: 2300, currency: "BRL", buyer, maxInstallments: 2 });
    await browserThreeDs(tx);
    const tooMany = await confirm(tx, { installments: 3 });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("installments");
    expect(sales).toEqual([]);
    expect(await (await confirm(tx, { installments: 2 })).json()).toMatchObject({ status: "PAID", installments: 2, maxInstallments: 2 });

    const pix = await apiJson<Pending & { clientSecret: string }>("POST", "/v1/transactions", 201, { paymentMethod: "PIX", amount: 1990, currency: "BRL", buyer });
    const pk = { "X-Api-Key": tx.pendingAction.publishableKey };
    const setup = await api("POST", "/v1/transactions/threeds/setup", { card: card("4111111111111111"), transactionId: pix.id, clientSecret: pix.clientSecret }, pk);
    expect(setup.status).toBe(409);
    expect((await setup.json()) as object).toMatchObject({ code: "INVALID_STATE_TRANSITION" });
  });
});

describe("idempotency keys of card payments in workerd", () => {
  it("keep no CVV or PAN digest: the fingerprint has card.number as the card's fingerprint and no card.cvv", async () => {
    const visa = card("4111111111111111");
    const key = `wd-card-${crypto.randomUUID()}`;
    const res = await api("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 2400, currency: "BRL", buyer, card: { ...visa, cvv: "987" } }, { "X-Api-Key": inject("apiKey"), "Idempotency-Key": key });
    expect(res.status).toBe(201);
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const row = await db.execute({ sql: "select * from idempotency_keys where key = ?", args: [key] });
    db.close();
    const fingerprint = JSON.parse(String(row.rows[0]!.fingerprint)) as Record<string, string>;
    expect(Object.keys(fingerprint)).toContain("card.number");
    expect(Object.keys(fingerprint)).not.toContain("card.cvv");
    expect(JSON.stringify(row.rows)).not.toContain("4111111111111111");
    // The same card with another CVV is the same request: replayed.
    const again = await api("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 2400, currency: "BRL", buyer, card: { ...visa, cvv: "111" } }, { "X-Api-Key": inject("apiKey"), "Idempotency-Key": key });
    expect(again.status).toBe(200);
  });

  it("a transaction created with card.tokenize and paid in the browser with another card reports no cardToken (issue 28)", async () => {
    const tx = await apiJson<Pending & { cardToken: string | null }>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount: 2400, currency: "BRL", buyer, card: { ...card("5555555555554444"), tokenize: true } });
    expect(tx.cardToken).toEqual(expect.any(String));
    await browserThreeDs(tx, "4111111111111111");
    expect((await confirm(tx)).status).toBe(200);
    expect(await apiJson("GET", `/v1/transactions/${tx.id}`, 200)).toMatchObject({ status: "PAID", cardToken: null, card: { last4digits: "1111" } });
  });
});
