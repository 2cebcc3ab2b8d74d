/** The card vault in workerd: tokenize a buyer's card (WebCrypto vault), refusals and errors. */
import { createClient } from "@libsql/client/web";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buyerBody } from "../support/fixtures";
import { api, apiJson } from "./api";

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
