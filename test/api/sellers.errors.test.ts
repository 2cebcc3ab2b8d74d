/** Sub-sellers, errors: every field rule by path, foreign fee plans, sub-sellers creating sellers. */
import { beforeEach, describe, expect, it } from "vitest";
import { sellers } from "../../worker/db/schema";
import { createCompanySeller } from "../../worker/domain/sellers";
import { VALID_CNPJ, VALID_CPF } from "../support/fixtures";
import { createTestContext, requester } from "../support/platform";
import { expectProblem } from "../support/problem";
import { companyFeePlan, sellerBody } from "../support/sellers";
import type { Ctx } from "../support/transactions";

let ctx: Ctx;
let planId: string;
beforeEach(async () => {
  ctx = await createTestContext();
  planId = await companyFeePlan(ctx.platform.db, ctx.seller.sellerId);
});

const bank = (overrides: Record<string, unknown>) => ({ bankAccount: { ...sellerBody("x").bankAccount, ...overrides } });

/** [overrides, the path named, a word of its message]. */
const CASES: [Record<string, unknown>, string, RegExp][] = [
  [{ legalName: "" }, "legalName", /empty/],
  [{ documentType: "RG" }, "documentType", /CPF or CNPJ/],
  [{ documentNumber: "11222333000180" }, "documentNumber", /valid CNPJ/],
  [{ documentType: "CPF", documentNumber: "52998224700" }, "documentNumber", /valid CPF/],
  [{ email: "not-an-email" }, "email", /email/],
  [{ address: { ...sellerBody("x").address, zipCode: "123" } }, "address.zipCode", /CEP/],
  [{ address: { ...sellerBody("x").address, state: "XX" } }, "address.state", /UF/],
  [bank({ bankCode: "34" }), "bankAccount.bankCode", /3-digit/],
  [bank({ agencyNumber: "12a" }), "bankAccount.agencyNumber", /digits/],
  [bank({ accountNumber: "" }), "bankAccount.accountNumber", /digits/],
  [bank({ accountType: "INVESTMENT" }), "bankAccount.accountType", /CHECKING, SAVINGS, PAYMENT/],
  [bank({ pixKeyType: "RANDOM" }), "bankAccount.pixKeyType", /CPF, CNPJ, EMAIL, PHONE, EVP/],
  [bank({ pixKeyType: "EMAIL" }), "bankAccount.pixKey", /valid EMAIL key/],
  [bank({ pixKey: "+5511987654321", pixKeyType: "PHONE", transferType: "DOC" }), "bankAccount.transferType", /PIX, TED/],
  [bank({ pixKey: "not-a-uuid", pixKeyType: "EVP" }), "bankAccount.pixKey", /valid EVP key/],
  [bank({ pixKey: "123", pixKeyType: "CPF" }), "bankAccount.pixKey", /valid CPF key/],
  [bank({ pixKey: undefined, pixKeyType: undefined }), "bankAccount.pixKey", /required when transferType is PIX/],
  [bank({ accountHolderDocument: "11222333000180" }), "bankAccount.accountHolderDocument", /check digits/],
  [{ businessInfo: { mcc: "12" } }, "businessInfo.mcc", /4-digit/],
  [{ businessInfo: { websiteUrl: "ftp://x.com" } }, "businessInfo.websiteUrl", /http/],
  [{ paymentMethods: [] }, "paymentMethods", /at least one/],
  [{ paymentMethods: ["BOLETO"] }, "paymentMethods[0]", /PIX, CREDIT_CARD, DEBIT_CARD/],
  [{ paymentMethods: ["PIX", "PIX"] }, "paymentMethods", /repeat/],
  [{ feePlanId: "plan-1" }, "feePlanId", /UUID/],
  [{ webhooks: { url: "https://x.example.com", eventTypes: ["NOPE"] } }, "webhooks.eventTypes[0]", /TRANSACTION_PAID/],
];

describe("POST /v1/sellers: 400 naming the field", () => {
  it.each(CASES)("%j → %s", async (overrides, path, message) => {
    const problem = await expectProblem(await ctx.post("/v1/sellers", sellerBody(planId, overrides)), 400, "VALIDATION_FAILED");
    const error = problem.errors.find((e: { path: string }) => e.path === path);
    expect(error, JSON.stringify(problem.errors)).toBeDefined();
    expect(error.message).toMatch(message);
  });

  it("missing required objects and unknown fields are named too", async () => {
    const { address: _a, bankAccount: _b, businessInfo: _c, ...rest } = sellerBody(planId);
    const problem = await expectProblem(await ctx.post("/v1/sellers", { ...rest, extra: 1 }), 400, "VALIDATION_FAILED");
    const paths = problem.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["address", "bankAccount", "businessInfo"]));
  });

  it("a CPF seller with a phone PIX key is fine", async () => {
    const body = sellerBody(planId, { documentType: "CPF", documentNumber: VALID_CPF, ...bank({ pixKey: "+5511987654321", pixKeyType: "PHONE", accountHolderDocument: VALID_CPF }) });
    const res = await ctx.post("/v1/sellers", body);
    expect(res.status).toBe(201);
    expect((await res.json()).documentNumber).toBe("***.982.247-**");
  });
});

describe("POST /v1/sellers: refused", () => {
  it("422 FEE_PLAN_NOT_AVAILABLE for another company's plan, the default plan or an unknown one; nothing written", async () => {
    const other = await createCompanySeller(ctx.platform.db, { legalName: "Outra SA", email: "o@example.com" }, ctx.platform.now());
    const foreign = await companyFeePlan(ctx.platform.db, other.sellerId);
    for (const feePlanId of [foreign, "00000000-0000-4000-8000-000000000001", crypto.randomUUID()]) {
      const problem = await expectProblem(await ctx.post("/v1/sellers", sellerBody(planId, { feePlanId })), 422, "FEE_PLAN_NOT_AVAILABLE");
      expect(problem.feePlanId).toBe(feePlanId);
    }
    expect(await ctx.platform.db.select().from(sellers)).toHaveLength(2);
  });

  it("403 for a sub-seller creating sellers", async () => {
    const sub = await (await ctx.post("/v1/sellers", sellerBody(planId))).json();
    const asSub = requester(ctx.app, { sellerId: sub.id, apiKey: sub.apiKey, publishableKey: sub.publishableKey });
    await expectProblem(await asSub.post("/v1/sellers", sellerBody(planId, { email: "x@example.com" })), 403, "FORBIDDEN");
  });

  it("a live webhook URL rule applies to the webhook sent with the seller", async () => {
    const problem = await expectProblem(
      await ctx.post("/v1/sellers", sellerBody(planId, { webhooks: { url: "ftp://x.example.com", eventTypes: ["ALL"] } })),
      400,
      "VALIDATION_FAILED",
    );
    expect(problem.errors[0].path).toBe("webhooks.url");
    expect(await ctx.platform.db.select().from(sellers)).toHaveLength(1);
  });
});

void VALID_CNPJ;
