/**
 * POST /v1/cards/tokenize: the card is vaulted (PAN only sealed, CVV nowhere), the token is the
 * seller's and its buyer's, bad card data is a 400 naming the field, and the sandbox processor's
 * refusal a 422.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cards } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createBuyer, type Ctx } from "../support/transactions";

let ctx: Ctx;
let buyerId: string;
beforeEach(async () => {
  ctx = await createTestContext();
  ctx.platform.clock.set("2026-11-22T12:00:00Z");
  buyerId = await createBuyer(ctx);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  buyerId,
  cardHolderName: "MARIA SILVA",
  cardNumber: "4111111111111111",
  cardExpirationDate: "122030",
  cardSecurityCode: "123",
  ...overrides,
});

/** Every text column of every row of a table, joined: what a database dump would show. */
async function dump(client: Ctx["platform"]["client"], table: string): Promise<string> {
  const rows = await client.execute(`select * from ${table}`);
  return JSON.stringify(rows.rows);
}

describe("tokenizing a card", () => {
  it("200 with the Tokenized card; the PAN is stored only sealed and the CVV nowhere", async () => {
    const res = await ctx.post("/v1/cards/tokenize", body());
    expect(res.status).toBe(200);
    const token = await res.json();
    expect(token).toEqual({
      cardToken: expect.stringMatching(/^tok_[0-9A-Za-z]{32}$/),
      type: "TOKENIZED",
      buyerId,
      status: "ACTIVE",
      expirationDate: "2030-12-31T23:59:59.999Z",
      createdAt: "2026-11-22T12:00:00.000Z",
      card: { brand: "VISA", holderName: "MARIA SILVA", first6digits: "411111", last4digits: "1111", expirationMonth: "12", expirationYear: "2030" },
    });
    const [row] = await ctx.platform.db.select().from(cards);
    expect(await ctx.platform.vault.open(row!.pan)).toBe("4111111111111111");
    for (const table of ["cards", "transactions", "idempotency_keys", "events"]) {
      const text = await dump(ctx.platform.client, table);
      expect(text, table).not.toContain("4111111111111111");
      expect(text, table).not.toContain("111111111111");
    }
    expect(await dump(ctx.platform.client, "cards")).not.toMatch(/"123"/);
    expect(JSON.stringify(ctx.platform.logs)).not.toContain("4111111111111111");
  });

  it("STORED_CARD keeps it on file (type STORED); two-digit years are not accepted in MMyyyy", async () => {
    const stored = await (await ctx.post("/v1/cards/tokenize", body({ tokenizationMode: "STORED_CARD" }))).json();
    expect(stored.type).toBe("STORED");
    const problem = await expectProblem(await ctx.post("/v1/cards/tokenize", body({ cardExpirationDate: "1230" })), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("cardExpirationDate");
  });

  it("400 naming the field for a Luhn failure, an unknown brand, an expired card, a bad CVV or buyer", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ cardNumber: "4111111111111112" }, "cardNumber", "luhn_failed"],
      [{ cardNumber: "9000000000000001" }, "cardNumber", "unknown_brand"],
      [{ cardExpirationDate: "102026" }, "cardExpirationDate", "expired"],
      [{ cardSecurityCode: "1234" }, "cardSecurityCode", "invalid_cvv"],
      [{ cardNumber: "4111 1111 1111 1111" }, "cardNumber", "invalid_string"],
      [{ buyerId: crypto.randomUUID() }, "buyerId", "not_found"],
    ];
    for (const [overrides, path, code] of cases) {
      const problem = await expectProblem(await ctx.post("/v1/cards/tokenize", body(overrides)), 400, "VALIDATION_FAILED");
      expect(problem.errors.map((e: { path: string }) => e.path), JSON.stringify(overrides)).toEqual([path]);
      if (code !== "invalid_string") expect(problem.errors[0].code, JSON.stringify(overrides)).toBe(code);
      expect(JSON.stringify(problem)).not.toContain("4111111111111112");
    }
    expect(await ctx.platform.db.select().from(cards)).toEqual([]);
  });

  it("422 CARD_REFUSED for the card the sandbox processor refuses, with nothing stored", async () => {
    await expectProblem(await ctx.post("/v1/cards/tokenize", body({ cardNumber: "4000000000000267" })), 422, "CARD_REFUSED");
    expect(await ctx.platform.db.select().from(cards)).toEqual([]);
  });

  it("another seller's buyer is not found, and a publishable key is refused", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com", city: "Recife" }, ctx.platform.now());
    const problem = await expectProblem(await requester(ctx.app, other).post("/v1/cards/tokenize", body()), 400, "VALIDATION_FAILED");
    expect(problem.errors[0].path).toBe("buyerId");
    const res = await ctx.app.request("/v1/cards/tokenize", { method: "POST", headers: { "X-Api-Key": ctx.seller.publishableKey, "Content-Type": "application/json" }, body: JSON.stringify(body()) });
    await expectProblem(res, 401, "PUBLISHABLE_KEY_NOT_ALLOWED");
  });
});
