/**
 * `errors[].code` is a documented field code of its own for every rule (lib/field-codes.ts), never
 * zod's generic `custom`: a bad CPF or CNPJ is `invalid_check_digits`, a currency that is no
 * ISO 4217 code `invalid_currency`, a PIX charge in another currency `unsupported_currency`, and so
 * on for every refinement of the schemas, walked here one invalid body at a time.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { FIELD_CODES } from "../../worker/lib/field-codes";
import { buyerBody, pixBody, VALID_CNPJ, VALID_CPF } from "../support/fixtures";
import { planBody } from "../support/fee-plans";
import { linkBody, linkBuyer, openSession, paySession, createLink } from "../support/payment-links";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import { authenticateBody, cardInput } from "../support/cards";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let planId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
});

type FieldError = { path: string; in: string; code: string; message: string };

/** The field errors of a 400 (or `status`) problem, by path: `{path: code}`. */
async function codesOf(res: Response, status = 400, code = "VALIDATION_FAILED"): Promise<Record<string, string>> {
  const problem = await expectProblem(res, status, code);
  const errors = problem.errors as FieldError[];
  for (const e of errors) {
    expect(e.code, `${e.path}: ${e.message}`).not.toBe("custom");
    expect(Object.keys(FIELD_CODES), `${e.path}: ${e.code} is not a documented field code`).toContain(e.code);
  }
  return Object.fromEntries(errors.map((e) => [e.path, e.code]));
}

const badCpf = "52998224724";
const badCnpj = "11222333000182";

describe("the rules the issue names have codes of their own", () => {
  it("a CPF with wrong check digits: invalid_check_digits (buyers, inline buyers)", async () => {
    expect(await codesOf(await ctx.post("/v1/buyers", buyerBody({ documentNumber: badCpf })))).toEqual({ documentNumber: "invalid_check_digits" });
    const inline = pixBody({ buyer: { name: "Maria", documentType: "CPF", documentNumber: badCpf } });
    expect(await codesOf(await ctx.post("/v1/transactions", inline))).toEqual({ "buyer.documentNumber": "invalid_check_digits" });
  });

  it("a CNPJ with wrong check digits: invalid_check_digits (buyers, sellers, a bank account's holder)", async () => {
    expect(await codesOf(await ctx.post("/v1/buyers", buyerBody({ documentType: "CNPJ", documentNumber: badCnpj })))).toEqual({ documentNumber: "invalid_check_digits" });
    expect(await codesOf(await ctx.post("/v1/sellers", sellerBody(planId, { documentNumber: badCnpj })))).toEqual({ documentNumber: "invalid_check_digits" });
    const account = { ...sellerBody(planId).bankAccount, accountHolderDocument: badCnpj };
    expect(await codesOf(await ctx.post("/v1/sellers", sellerBody(planId, { bankAccount: account })))).toEqual({ "bankAccount.accountHolderDocument": "invalid_check_digits" });
  });

  it("a currency: invalid_currency when it is no ISO 4217 code, unsupported_currency when PIX cannot take it", async () => {
    expect(await codesOf(await ctx.post("/v1/transactions", pixBody({ currency: "XYZ" })))).toEqual({ currency: "invalid_currency" });
    expect(await codesOf(await ctx.post("/v1/transactions", pixBody({ currency: "USD" })))).toEqual({ currency: "unsupported_currency" });
    expect(await codesOf(await ctx.get("/v1/payments/config?currency=XYZ"))).toEqual({ currency: "invalid_currency" });
  });
});

describe("every refinement of the schemas answers a documented code, never custom", () => {
  const address = buyerBody().address;
  const account = sellerBody("x").bankAccount;
  const cases: Array<{ name: string; send: () => Promise<Response>; expected: Record<string, string>; status?: number; code?: string }> = [
    { name: "a Brazilian address with an unknown UF", send: () => ctx.post("/v1/buyers", buyerBody({ address: { ...address, state: "XX" } })), expected: { "address.state": "invalid_state" } },
    { name: "a state that is not two letters", send: () => ctx.post("/v1/buyers", buyerBody({ address: { ...address, state: "S1" } })), expected: { "address.state": "invalid_state" } },
    { name: "a CEP of 7 digits", send: () => ctx.post("/v1/buyers", buyerBody({ address: { ...address, zipCode: "0131010" } })), expected: { "address.zipCode": "invalid_zip_code" } },
    { name: "an unknown country", send: () => ctx.post("/v1/buyers", buyerBody({ address: { ...address, country: "XQ" } })), expected: { "address.country": "invalid_country" } },
    { name: "a name with a newline", send: () => ctx.post("/v1/buyers", buyerBody({ name: "Maria\nSilva" })), expected: { name: "invalid_characters" } },
    { name: "a name with a bidi override", send: () => ctx.post("/v1/buyers", buyerBody({ name: "Maria \u202eSilva" })), expected: { name: "invalid_characters" } },
    { name: "a name with a lone surrogate", send: () => ctx.post("/v1/buyers", buyerBody({ name: "Maria \ud800" })), expected: { name: "invalid_characters" } },
    { name: "a PIX charge without a buyer", send: () => ctx.post("/v1/transactions", pixBody({ buyer: undefined })), expected: { buyer: "required" } },
    {
      name: "a PIX charge with buyerId and buyer",
      send: () => ctx.post("/v1/transactions", pixBody({ buyerId: crypto.randomUUID() })),
      expected: { buyerId: "conflicting_fields" },
    },
    { name: "a PIX charge with a card", send: () => ctx.post("/v1/transactions", pixBody({ card: cardInput("4111111111111111") })), expected: { card: "not_allowed" } },
    {
      name: "a DEBIT_CARD sale in 3 installments",
      send: () => ctx.post("/v1/transactions", pixBody({ paymentMethod: "DEBIT_CARD", installments: 3 })),
      expected: { installments: "too_big" },
    },
    {
      name: "maxInstallments on a debit card",
      send: () => ctx.post("/v1/transactions", pixBody({ paymentMethod: "DEBIT_CARD", maxInstallments: 2 })),
      expected: { maxInstallments: "not_allowed" },
    },
    {
      name: "maxInstallments below installments",
      send: () => ctx.post("/v1/transactions", pixBody({ paymentMethod: "CREDIT_CARD", installments: 3, maxInstallments: 2 })),
      expected: { maxInstallments: "too_small" },
    },
    {
      name: "threeDs without the card",
      send: () => ctx.post("/v1/transactions", pixBody({ paymentMethod: "CREDIT_CARD", threeDs: { cavv: "AAABBEg0VhI0VniQEjRWAAAAAAA=", secureVersion: "2.2.0" } })),
      expected: { card: "required" },
    },
    { name: "pixKey without pixKeyType", send: () => ctx.post("/v1/sellers", sellerBody(planId, { bankAccount: { ...account, pixKeyType: undefined } })), expected: { "bankAccount.pixKeyType": "required" } },
    {
      name: "pixKeyType without pixKey",
      send: () => ctx.post("/v1/sellers", sellerBody(planId, { bankAccount: { ...account, pixKey: undefined, transferType: "TED" } })),
      expected: { "bankAccount.pixKey": "required" },
    },
    {
      name: "a pixKey that is not of its type",
      send: () => ctx.post("/v1/sellers", sellerBody(planId, { bankAccount: { ...account, pixKey: VALID_CPF, pixKeyType: "CNPJ" } })),
      expected: { "bankAccount.pixKey": "invalid_pix_key" },
    },
    {
      name: "PIX transfers without a pixKey",
      send: () => ctx.post("/v1/sellers", sellerBody(planId, { bankAccount: { ...account, pixKey: undefined, pixKeyType: undefined } })),
      expected: { "bankAccount.pixKey": "required" },
    },
    { name: "a payment method twice", send: () => ctx.post("/v1/sellers", sellerBody(planId, { paymentMethods: ["PIX", "PIX"] })), expected: { paymentMethods: "duplicate" } },
    { name: "a fee plan pricing no method", send: () => ctx.post("/v1/fee-plans", planBody({ fees: {}, installmentSurchargesBps: undefined })), expected: { fees: "required" } },
    {
      name: "installment surcharges without CREDIT_CARD",
      send: () => ctx.post("/v1/fee-plans", planBody({ fees: { PIX: { percentBps: 80, fixedCents: 0 } } })),
      expected: { installmentSurchargesBps: "not_allowed" },
    },
    {
      name: "a webhook listing an event type twice",
      send: () => ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: "https://shop.example.com/hooks", eventTypes: ["TRANSACTION_PAID", "TRANSACTION_PAID"] }),
      expected: { eventTypes: "duplicate" },
    },
    {
      name: "a webhook secret not in the Standard Webhooks format",
      send: () => ctx.post(`/v1/sellers/${ctx.seller.sellerId}/webhooks`, { url: "https://shop.example.com/hooks", eventTypes: ["ALL"], secret: "hunter2" }),
      expected: { secret: "invalid_format" },
    },
    { name: "a dashboard period that is no date", send: () => ctx.get("/v1/companies/dashboard/commissions?from=yesterday"), expected: { from: "invalid_format" } },
    {
      name: "checkoutConfig, a string of no JSON",
      send: () => ctx.post("/v1/payment-links", linkBody({ checkoutConfig: "{locale" })),
      expected: { checkoutConfig: "invalid_json" },
      status: 422,
      code: "INVALID_DATA",
    },
    {
      name: "checkoutConfig, a JSON array",
      send: () => ctx.post("/v1/payment-links", linkBody({ checkoutConfig: "[1,2]" })),
      expected: { checkoutConfig: "invalid_type" },
      status: 422,
      code: "INVALID_DATA",
    },
    {
      name: "checkoutConfig over its size",
      send: () => ctx.post("/v1/payment-links", linkBody({ checkoutConfig: { pad: "x".repeat(20_000) } })),
      expected: { checkoutConfig: "too_big" },
      status: 422,
      code: "INVALID_DATA",
    },
    {
      name: "3DS authenticate: an unknown deviceChannel",
      send: () =>
        ctx.post(
          "/v1/transactions/threeds/authenticate",
          authenticateBody({ requestId: crypto.randomUUID(), referenceId: crypto.randomUUID() }, cardInput("4111111111111111"), 1000, { deviceChannel: "TV" }),
        ),
      expected: { deviceChannel: "invalid_value" },
    },
    {
      name: "3DS authenticate from a server without billing or ipAddress",
      send: () => {
        const body = authenticateBody({ requestId: crypto.randomUUID(), referenceId: crypto.randomUUID() }, cardInput("4111111111111111"), 1000, { billing: undefined });
        delete (body.deviceInformation as { ipAddress?: string }).ipAddress;
        return ctx.post("/v1/transactions/threeds/authenticate", body);
      },
      expected: { billing: "required", "deviceInformation.ipAddress": "required" },
    },
    {
      name: "a checkout pay with a document type but no number",
      send: async () => {
        const link = await createLink(ctx);
        const session = await openSession(ctx.app, link.id);
        return paySession(ctx.app, session, { buyer: linkBuyer({ documentNumber: undefined }) });
      },
      expected: { "buyer.documentNumber": "required" },
      status: 422,
      code: "INVALID_DATA",
    },
    {
      name: "a checkout pay with a bad CNPJ",
      send: async () => {
        const link = await createLink(ctx);
        const session = await openSession(ctx.app, link.id);
        return paySession(ctx.app, session, { buyer: linkBuyer({ documentType: "CNPJ", documentNumber: badCnpj }) });
      },
      expected: { "buyer.documentNumber": "invalid_check_digits" },
      status: 422,
      code: "INVALID_DATA",
    },
  ];

  for (const { name, send, expected, status, code } of cases) {
    it(name, async () => {
      expect(await codesOf(await send(), status, code)).toEqual(expected);
    });
  }

  it("a valid CNPJ passes where the bad one did not (the cases above fail on the rule, not the fixture)", async () => {
    expect((await ctx.post("/v1/buyers", buyerBody({ documentType: "CNPJ", documentNumber: VALID_CNPJ }))).status).toBe(201);
  });
});
