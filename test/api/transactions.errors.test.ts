import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, transactions } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { createBuyer, pixBody, type Ctx } from "../support/transactions";

let ctx: Ctx;
beforeAll(async () => {
  ctx = await createTestContext();
});

/** Posts a PIX body with `patch` and returns the 400 problem. */
async function invalid(patch: Record<string, unknown>, headers?: Record<string, string>) {
  return expectProblem(await ctx.post("/v1/transactions", pixBody(patch), headers), 400, "VALIDATION_FAILED");
}

const paths = (p: { errors: Array<{ path: string }> }) => p.errors.map((e) => e.path);
const inline = pixBody().buyer;

describe("POST /v1/transactions: invalid bodies are 400 naming the field", () => {
  it.each([
    ["a non-integer amount", { amount: 10.5 }, "amount", "integer"],
    ["a zero amount", { amount: 0 }, "amount", "greater than zero"],
    ["a negative amount", { amount: -100 }, "amount", "greater than zero"],
    ["an amount as a string", { amount: "1050" }, "amount", "minor unit"],
    ["an amount over the limit", { amount: 1_000_000_000_000 }, "amount", "at most"],
    ["a missing amount", { amount: undefined }, "amount", "Required"],
    ["an unknown currency", { currency: "XYZ" }, "currency", "ISO 4217"],
    ["a 2-letter currency", { currency: "BR" }, "currency", "ISO 4217"],
    ["a fund code", { currency: "CLF" }, "currency", "ISO 4217"],
    ["PIX in USD", { currency: "USD" }, "currency", "BRL only"],
    ["PIX in JPY", { currency: "JPY", amount: 1000 }, "currency", "BRL only"],
    ["an unknown payment method", { paymentMethod: "BOLETO" }, "paymentMethod", "PIX, CREDIT_CARD or DEBIT_CARD"],
    ["expirationSeconds under 60", { expirationSeconds: 59 }, "expirationSeconds", "at least 60"],
    ["expirationSeconds over 86400", { expirationSeconds: 86401 }, "expirationSeconds", "at most 86400"],
    ["fractional expirationSeconds", { expirationSeconds: 90.5 }, "expirationSeconds", "integer"],
    ["PIX without a buyer", { buyer: undefined }, "buyer", "buyerId or buyer"],
    ["both buyerId and buyer", { buyerId: crypto.randomUUID() }, "buyerId", "not both"],
    ["a buyerId that is not a UUID", { buyer: undefined, buyerId: "b-1" }, "buyerId", "UUID"],
    ["an inline CPF with a bad check digit", { buyer: { ...inline, documentNumber: "52998224724" } }, "buyer.documentNumber", "valid CPF"],
    ["an inline buyer without a name", { buyer: { ...inline, name: undefined } }, "buyer.name", "Required"],
    ["an inline buyer with a bad email", { buyer: { ...inline, email: "maria" } }, "buyer.email", "email"],
    ["an inline address with a bad CEP", { buyer: { ...inline, address: { street: "R", number: "1", neighborhood: "C", city: "SP", zipCode: "123", country: "BR" } } }, "buyer.address.zipCode", "CEP"],
    ["a card on a PIX charge", { card: { number: "4111111111111111" } }, "card", "only for card payments"],
    ["a description over 140 characters", { description: "x".repeat(141) }, "description", "140"],
    ["an unknown field", { tip: 100 }, "tip", "Unknown field"],
  ])("%s", async (_name, patch, path, words) => {
    const problem = await invalid(patch);
    const error = problem.errors.find((e: { path: string }) => e.path === path);
    expect(error, JSON.stringify(problem.errors)).toBeDefined();
    expect(error.in).toBe("body");
    expect(error.message).toContain(words);
  });

  it("card rules: a buyer is needed, threeDs needs a card, DEBIT_CARD takes no installments, PIX no card", async () => {
    let problem = await invalid({ paymentMethod: "CREDIT_CARD", buyer: undefined, card: { number: "4111111111111111" } });
    expect(paths(problem)).toEqual(["buyer"]);
    problem = await invalid({ paymentMethod: "CREDIT_CARD", threeDs: { cavv: "x", secureVersion: "2.2.0" } });
    expect(paths(problem)).toEqual(["card"]);
    problem = await invalid({ paymentMethod: "DEBIT_CARD", installments: 2 });
    expect(paths(problem)).toEqual(["installments"]);
    problem = await invalid({ paymentMethod: "CREDIT_CARD", installments: 22 });
    expect(paths(problem)).toEqual(["installments"]);
    problem = await invalid({ card: { number: "4111111111111111" } });
    expect(paths(problem)).toEqual(["card"]);
  });

  it("a buyerId of another seller is a 400 on buyerId (the buyer is not yours)", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra", email: "o@example.com" }, ctx.platform.now());
    const theirs = await createBuyer(requester(ctx.app, other));
    const problem = await invalid({ buyer: undefined, buyerId: theirs });
    expect(problem.errors).toEqual([{ path: "buyerId", in: "body", code: "not_found", message: "no buyer of yours has this id" }]);
  });

  it("an Idempotency-Key over 255 characters is a 400 naming the header; 255 is fine", async () => {
    const problem = await invalid({}, { "Idempotency-Key": "k".repeat(256) });
    expect(problem.errors[0]).toMatchObject({ path: "idempotency-key", in: "header" });
    expect(problem.errors[0].message).toContain("255");
    const ok = await ctx.post("/v1/transactions", pixBody(), { "Idempotency-Key": "k".repeat(255) });
    expect(ok.status).toBe(201);
  });

  it("nothing is written for a refused request (no transaction, no key held)", async () => {
    const before = await ctx.platform.db.select({ n: count() }).from(transactions);
    await invalid({ amount: 1.5 }, { "Idempotency-Key": "refused-1" });
    await invalid({ buyer: undefined, buyerId: crypto.randomUUID() }, { "Idempotency-Key": "refused-2" });
    expect(await ctx.platform.db.select({ n: count() }).from(transactions)).toEqual(before);
    const keys = await ctx.platform.db.select().from(idempotencyKeys);
    expect(keys.map((k) => k.key)).not.toContain("refused-1");
    expect(keys.map((k) => k.key)).not.toContain("refused-2");
  });
});

describe("GET /v1/transactions/{id} and cancel: ids", () => {
  it("a malformed id is a 400 naming the path parameter", async () => {
    const res = await ctx.get("/v1/transactions/not-a-uuid");
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ path: "id", in: "path" });
  });

  it("an unknown id is a 404 on GET, cancel, refund and sandbox pay", async () => {
    const id = crypto.randomUUID();
    for (const res of [
      await ctx.get(`/v1/transactions/${id}`),
      await ctx.post(`/v1/transactions/${id}/cancel`),
      await ctx.post(`/v1/transactions/${id}/refunds`, {}),
      await ctx.post(`/v1/sandbox/transactions/${id}/pay`),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("RESOURCE_NOT_FOUND");
    }
  });
});

describe("free text", () => {
  it("a description with control characters is a 400 naming it", async () => {
    const ctx = await createTestContext();
    const res = await ctx.post("/v1/transactions", pixBody({ description: "Pedido\t42" }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ path: "description", in: "body" });
  });

  it.each([
    ["a right-to-left override (U+202E)", "Loja \\u202eodnaM"],
    ["a left-to-right isolate (U+2066)", "Pedido \\u206642"],
    ["a lone high surrogate", "Pedido \\ud83d 42"],
    ["a lone low surrogate", "Pedido \\ude00 42"],
  ])("payer-facing text with %s is a 400 naming the field", async (_what, escaped) => {
    const ctx = await createTestContext();
    // Sent as JSON escapes, exactly as a client library would encode such a string.
    const body = JSON.stringify(pixBody({ description: "PLACEHOLDER" })).replace("PLACEHOLDER", escaped);
    const res = await ctx.post("/v1/transactions", body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ path: "description", in: "body" });
    const named = JSON.stringify(pixBody({ buyer: { ...pixBody().buyer, name: "PLACEHOLDER" } })).replace("PLACEHOLDER", escaped);
    const res2 = await ctx.post("/v1/transactions", named);
    expect((await res2.json()).errors[0]).toMatchObject({ path: "buyer.name", in: "body" });
  });

  it("text in any script, with emoji (surrogate pairs), is still accepted", async () => {
    const ctx = await createTestContext();
    const res = await ctx.post("/v1/transactions", pixBody({ description: "Pedido 42 🎉 São Paulo — 東京 — مرحبا" }));
    expect(res.status).toBe(201);
  });
});
