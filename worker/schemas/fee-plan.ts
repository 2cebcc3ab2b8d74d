/**
 * Fee plan schemas: the body of POST /v1/fee-plans and the plan as returned (docs/fee-plans.md).
 * Every rate is an integer: basis points (1 bp = 0.01 %) of the amount, plus a fixed amount in
 * the currency's minor unit, so no float ever prices a payment.
 */
import { z } from "@hono/zod-openapi";
import { PAYMENT_METHODS } from "../../shared/payments";
import { plainText } from "./text";
import { MAX_AMOUNT } from "./transaction";
import { FEE_PLAN_EXAMPLE } from "./examples/sellers";

/** Installment counts a surcharge may be set for: 2 to 21 (a single payment has none; 21 is the spec's maximum). */
export const SURCHARGE_INSTALLMENTS = Array.from({ length: 20 }, (_, i) => String(i + 2)) as [string, ...string[]];

/** Basis points, 0 to 10 000 (0 % to 100 %). */
const Bps = (description: string) =>
  z
    .number({ error: "must be an integer number of basis points" })
    .int("must be an integer number of basis points (1 bp = 0.01 %)")
    .min(0, "cannot be negative")
    .max(10_000, "at most 10000 (100 %)")
    .openapi({ description });

/** One method's price: a percentage of the amount plus a fixed amount. */
export const FeeRateSchema = z
  .strictObject({
    percentBps: Bps("Basis points of the amount (399 = 3.99 %)."),
    fixedCents: z
      .number({ error: "must be an integer number of minor units" })
      .int("must be an integer number of minor units (cents for BRL)")
      .min(0, "cannot be negative")
      .max(MAX_AMOUNT, `at most ${MAX_AMOUNT}`)
      .openapi({ description: "Added to every payment, in the currency's minor unit." }),
  })
  .openapi("FeeRate");

const Fees = z
  .strictObject({ PIX: FeeRateSchema.optional(), CREDIT_CARD: FeeRateSchema.optional(), DEBIT_CARD: FeeRateSchema.optional() })
  .refine((fees) => PAYMENT_METHODS.some((m) => fees[m] !== undefined), { message: "price at least one payment method (PIX, CREDIT_CARD, DEBIT_CARD)", params: { code: "required" } })
  .openapi({ description: "The methods the plan offers, each with its price. A method left out is not offered under the plan." });

const Surcharges = z
  .partialRecord(z.enum(SURCHARGE_INSTALLMENTS), Bps("Extra basis points for a credit card sale in this many installments."))
  .openapi({
    description: 'CREDIT_CARD only: extra basis points by installment count, keys "2" to "21" (`{"2": 150, "12": 900}`). A count not listed has no surcharge.',
    example: { "2": 150, "12": 900 },
  });

/** Body of POST /v1/fee-plans. */
export const FeePlanCreateSchema = z
  .strictObject({
    name: plainText(120),
    fees: Fees,
    installmentSurchargesBps: Surcharges.optional(),
    platformShareBps: Bps("The platform's share of every fee charged under the plan, in basis points of the fee; default 0.").default(0),
  })
  .superRefine((plan, ctx) => {
    const surcharges = plan.installmentSurchargesBps;
    if (surcharges && Object.keys(surcharges).length > 0 && !plan.fees.CREDIT_CARD) {
      ctx.addIssue({ code: "custom", params: { code: "not_allowed" }, path: ["installmentSurchargesBps"], message: "installment surcharges apply to CREDIT_CARD, which fees does not price" });
    }
  })
  .openapi("FeePlanCreate");

/** A fee plan as returned. */
export const FeePlanSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    fees: z.object({ PIX: FeeRateSchema.optional(), CREDIT_CARD: FeeRateSchema.optional(), DEBIT_CARD: FeeRateSchema.optional() }),
    installmentSurchargesBps: z.record(z.string(), z.number().int()).openapi({ description: "Empty when the plan has no surcharge." }),
    platformShareBps: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .openapi("FeePlan", { example: FEE_PLAN_EXAMPLE });

export type FeePlanCreate = z.infer<typeof FeePlanCreateSchema>;
export type FeePlan = z.infer<typeof FeePlanSchema>;
export type FeeRateInput = z.infer<typeof FeeRateSchema>;
