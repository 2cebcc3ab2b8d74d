/**
 * Fee plan validation: every bad field is a 400 VALIDATION_FAILED naming its path, all of them in
 * one answer, and nothing is written; bad ids and page parameters are 400s too, an unknown plan 404.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { feePlanRates, feePlans } from "../../worker/db/schema";
import { createTestContext } from "../support/platform";
import { expectProblem } from "../support/problem";
import type { Ctx } from "../support/transactions";
import { planBody } from "../support/fee-plans";

let ctx: Ctx;
beforeEach(async () => {
  ctx = await createTestContext();
});

/** POSTs the body, expects one 400 naming exactly `paths`, and checks nothing was written. */
async function expectInvalid(body: unknown, paths: string[]) {
  const problem = await expectProblem(await ctx.post("/v1/fee-plans", body), 400, "VALIDATION_FAILED");
  expect(problem.errors.map((e: { path: string }) => e.path).sort()).toEqual([...paths].sort());
  for (const e of problem.errors) expect(e).toMatchObject({ in: "body", message: expect.any(String) });
  // Only the default plan's rows: nothing of this request.
  expect(await ctx.platform.db.select().from(feePlans)).toHaveLength(1);
  expect(await ctx.platform.db.select().from(feePlanRates)).toHaveLength(3);
  return problem;
}

const fees = planBody().fees;

describe("POST /v1/fee-plans: each bad field by its path", () => {
  it.each([
    ["negative percentBps", { fees: { ...fees, PIX: { percentBps: -1, fixedCents: 0 } } }, "fees.PIX.percentBps"],
    ["fractional percentBps", { fees: { ...fees, PIX: { percentBps: 1.5, fixedCents: 0 } } }, "fees.PIX.percentBps"],
    ["percentBps above 100 %", { fees: { ...fees, CREDIT_CARD: { percentBps: 10_001, fixedCents: 0 } } }, "fees.CREDIT_CARD.percentBps"],
    ["percentBps as a string", { fees: { ...fees, DEBIT_CARD: { percentBps: "199", fixedCents: 0 } } }, "fees.DEBIT_CARD.percentBps"],
    ["negative fixedCents", { fees: { ...fees, DEBIT_CARD: { percentBps: 100, fixedCents: -5 } } }, "fees.DEBIT_CARD.fixedCents"],
    ["fractional fixedCents", { fees: { ...fees, PIX: { percentBps: 100, fixedCents: 0.5 } } }, "fees.PIX.fixedCents"],
    ["missing fixedCents", { fees: { ...fees, PIX: { percentBps: 100 } } }, "fees.PIX.fixedCents"],
    ["an unknown rate field", { fees: { ...fees, PIX: { percentBps: 100, fixedCents: 0, cap: 1 } } }, "fees.PIX.cap"],
    ["an unknown method", { fees: { ...fees, BOLETO: { percentBps: 100, fixedCents: 0 } } }, "fees.BOLETO"],
    ["no method at all", { fees: {}, installmentSurchargesBps: undefined }, "fees"],
    ["fees missing", { fees: undefined }, "fees"],
    ["name missing", { name: undefined }, "name"],
    ["name blank", { name: "   " }, "name"],
    ["name with a newline", { name: "Plano\nA" }, "name"],
    ["a surcharge for 1 installment", { installmentSurchargesBps: { "1": 100 } }, "installmentSurchargesBps.1"],
    ["a surcharge for 22 installments", { installmentSurchargesBps: { "22": 100 } }, "installmentSurchargesBps.22"],
    ["a surcharge above 100 %", { installmentSurchargesBps: { "2": 10_001 } }, "installmentSurchargesBps.2"],
    ["a negative surcharge", { installmentSurchargesBps: { "21": -1 } }, "installmentSurchargesBps.21"],
    ["surcharges without CREDIT_CARD", { fees: { PIX: fees.PIX }, installmentSurchargesBps: { "2": 100 } }, "installmentSurchargesBps"],
    ["platformShareBps above 100 %", { platformShareBps: 10_001 }, "platformShareBps"],
    ["negative platformShareBps", { platformShareBps: -1 }, "platformShareBps"],
    ["an unknown top-level field", { ownerSellerId: "x" }, "ownerSellerId"],
  ])("%s", async (_, overrides, path) => {
    const problem = await expectInvalid(planBody(overrides), [path]);
    expect(problem.detail).toContain(path);
  });

  it("every invalid field at once", async () => {
    await expectInvalid(
      { name: "", fees: { PIX: { percentBps: -1, fixedCents: -1 } }, installmentSurchargesBps: { "0": 1 }, platformShareBps: 1.5 },
      ["name", "fees.PIX.percentBps", "fees.PIX.fixedCents", "installmentSurchargesBps.0", "platformShareBps"],
    );
  });

  it("the limits themselves are accepted: 0 and 10000 bps, surcharges for 2 and 21", async () => {
    const res = await ctx.post("/v1/fee-plans", planBody({ fees: { CREDIT_CARD: { percentBps: 10_000, fixedCents: 0 } }, installmentSurchargesBps: { "2": 0, "21": 10_000 }, platformShareBps: 10_000 }));
    expect(res.status).toBe(201);
  });

  it("a body that is not an object, or not JSON, is a 400", async () => {
    await expectProblem(await ctx.post("/v1/fee-plans", []), 400, "VALIDATION_FAILED");
    await expectProblem(await ctx.post("/v1/fee-plans", "{"), 400, "MALFORMED_JSON");
  });
});

describe("GET errors", () => {
  it("an id that is not a UUID is a 400 naming id; an unknown plan is 404", async () => {
    const problem = await expectProblem(await ctx.get("/v1/fee-plans/plan-1"), 400, "VALIDATION_FAILED");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "id", in: "path" })]);
    await expectProblem(await ctx.get(`/v1/fee-plans/${crypto.randomUUID()}`), 404, "RESOURCE_NOT_FOUND");
  });

  it("page parameters out of range are 400s naming them", async () => {
    for (const [query, path] of [["size=101", "size"], ["size=0", "size"], ["page=-1", "page"], ["cursor=nope", "cursor"]]) {
      const problem = await expectProblem(await ctx.get(`/v1/fee-plans?${query}`), 400, "VALIDATION_FAILED");
      expect(problem.errors[0]).toMatchObject({ path, in: "query" });
    }
  });
});
