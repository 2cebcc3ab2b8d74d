/**
 * Cards in workerd: the vault (WebCrypto), a frictionless 3DS sale, and the pendingAction flow with a
 * publishable key through a real challenge page and confirm, CORS included.
 */
import { createClient } from "@libsql/client/web";
import { env, exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { api, apiJson } from "./api";
import { authenticateBody, buyer, card } from "./card-sale";

describe("cards in workerd", () => {
  it("tokenizes a card with the PAN sealed, and refuses the processor's refused card", async () => {
    const buyer = await apiJson<{ id: string }>("POST", "/v1/buyers", 201, buyerBody());
    const token = await apiJson<{ cardToken: string; card: { last4digits: string; brand: string } }>("POST", "/v1/cards/tokenize", 200, {
      buyerId: buyer.id,
      cardNumber: "5555555555554444",
      cardExpirationDate: "082031",
      cardSecurityCode: "321",
    });
    expect(token.card).toMatchObject({ brand: "MASTERCARD", last4digits: "4444" });
    const db = createClient({ url: env.TURSO_DATABASE_URL });
    const row = await db.execute({ sql: "select * from cards where id = ?", args: [token.cardToken] });
    db.close();
    expect(JSON.stringify(row.rows)).not.toContain("5555555555554444");
    expect(String(row.rows[0]!.pan)).toMatch(/^v1\./);

    const refused = await api("POST", "/v1/cards/tokenize", { buyerId: buyer.id, cardNumber: "4000000000000267", cardExpirationDate: "082031" });
    expect(refused.status).toBe(422);
    expect((await refused.json()) as object).toMatchObject({ code: "CARD_REFUSED" });
    const invalid = await api("POST", "/v1/cards/tokenize", { buyerId: buyer.id, cardNumber: "5555555555554445", cardExpirationDate: "082031" });
    expect(invalid.status).toBe(400);
  });
});

describe("card payments in workerd", () => {
  it("frictionless 3DS then the sale: PAID at the routed acquirer", async () => {
    const visa = card("4111111111111111");
    const setup = await apiJson<{ requestId: string; referenceId: string; cardAcquirer: string }>("POST", "/v1/transactions/threeds/setup", 200, { card: visa });
    // Sent as another gateway spells it, answered canonically.
    const auth = await apiJson<Record<string, string>>("POST", "/v1/transactions/threeds/authenticate", 200, { ...authenticateBody(setup, visa, 3300), deviceChannel: "Browser" });
    expect(auth).toMatchObject({ code: "AUTHENTICATION_SUCCESSFUL", deviceChannel: "BROWSER" });
    const threeDs = { cavv: auth.cavv, xid: auth.xid, secureVersion: "2.2.0", directoryServerTransactionId: auth.directoryServerTransactionId };
    const tx = await apiJson<Record<string, unknown>>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount: 3300, currency: "BRL", buyer, card: visa, threeDs });
    expect(tx).toMatchObject({ status: "PAID", acquirer: setup.cardAcquirer, card: { last4digits: "1111" } });
    const again = await api("POST", "/v1/transactions", { paymentMethod: "CREDIT_CARD", amount: 3300, currency: "BRL", buyer, card: visa, threeDs });
    expect(again.status).toBe(400);
  });

  it("pendingAction: the browser's pk key runs a 3DS challenge and confirms", async () => {
    const tx = await apiJson<{ id: string; pendingAction: { clientSecret: string; publishableKey: string } }>("POST", "/v1/transactions", 201, { paymentMethod: "CREDIT_CARD", amount: 5100, currency: "BRL", buyer });
    const { clientSecret, publishableKey } = tx.pendingAction;
    expect(publishableKey).toMatch(/^pk_test_/);
    const pk = { "X-Api-Key": publishableKey };
    const send = async (path: string, body: unknown) => {
      const res = await api("POST", path, body, pk);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
      return (await res.json()) as Record<string, string>;
    };
    const challengeCard = card("4000000000003220");
    const setup = await send("/v1/transactions/threeds/setup", { card: challengeCard, transactionId: tx.id, clientSecret });
    const auth = await send("/v1/transactions/threeds/authenticate", authenticateBody(setup as never, challengeCard, 5100, clientSecret));
    expect(auth.code).toBe("PENDING_CHALLENGE");
    const path = new URL(auth.stepUpUrl!).pathname;
    const page = await exports.default.fetch(new Request(`${inject("baseUrl")}${path}`));
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors *");
    const done = await exports.default.fetch(new Request(`${inject("baseUrl")}${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "code=123456" }));
    expect(await done.text()).toContain("AUTHENTICATION_SUCCESSFUL");
    // A publishable key's confirm answers the buyer-safe view, not the seller's.
    const paid = await send(`/v1/transactions/${tx.id}/3ds/confirm`, { clientSecret });
    expect(paid).toMatchObject({ status: "PAID", nextAction: null, card: { last4digits: "3220" } });
    expect(paid).not.toHaveProperty("acquirer");
    expect(paid).not.toHaveProperty("customer");
    const preflight = await exports.default.fetch(new Request(`${inject("baseUrl")}/v1/transactions/${tx.id}/3ds/confirm`, { method: "OPTIONS", headers: { Origin: "https://loja.example.com", "Access-Control-Request-Method": "POST" } }));
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const secretRoute = await api("GET", `/v1/transactions/${tx.id}`, undefined, pk);
    expect(secretRoute.status).toBe(401);
    // The widget's read: the buyer-safe view, with the same key and the client secret.
    const seen = await api("GET", `/v1/transactions/${tx.id}/checkout`, undefined, { ...pk, "X-Client-Secret": clientSecret, Origin: "https://loja.example.com" });
    expect(seen.headers.get("access-control-allow-origin")).toBe("*");
    expect(await seen.json()).toMatchObject({ id: tx.id, status: "PAID", card: { last4digits: "3220" }, nextAction: null, serverTime: expect.any(String) });
    expect((await api("GET", `/v1/transactions/${tx.id}/checkout`, undefined, { ...pk, "X-Client-Secret": "nope" })).status).toBe(404);
  });
});

describe("amounts and caching in workerd", () => {
  it("the challenge page writes JPY 150000 as ¥150,000; API answers are no-store", async () => {
    const challengeCard = card("4000000000003220");
    const setup = await apiJson<{ requestId: string; referenceId: string }>("POST", "/v1/transactions/threeds/setup", 200, { card: challengeCard });
    const auth = await apiJson<{ stepUpUrl: string }>("POST", "/v1/transactions/threeds/authenticate", 200, { ...authenticateBody(setup, challengeCard, 150000), currency: "JPY" });
    const page = await exports.default.fetch(new Request(`${inject("baseUrl")}${new URL(auth.stepUpUrl).pathname}`));
    expect(await page.text()).toContain("<strong>¥150,000</strong>");
    const res = await api("GET", `/v1/transactions/threeds/nope`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const list = await api("GET", "/v1/transactions?size=1");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
  });
});
