/**
 * The rules of a plan that its schema alone cannot say, across fields: `amount` or its alias
 * `amountInCents`; an interval alias and the count it fixes; the whole period at most a year.
 * Each broken rule names its field; all are answered together as one 422 INVALID_DATA.
 */
import { INTERVAL_ALIASES, type BillingInterval } from "../../../shared/subscriptions";
import type { FieldCode } from "../../lib/field-codes";
import type { FieldError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { PlanCreate } from "../../schemas/subscription-plan";

/** The most intervals of each kind a period may span: a year. */
export const MAX_INTERVAL_COUNT: Record<BillingInterval, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

/** What a plan bills, every how many of which interval: the body's fields as they are stored. */
export interface PlanTerms {
  amount: number;
  billingInterval: BillingInterval;
  intervalCount: number;
}

/** The terms of a valid body; a 422 INVALID_DATA naming every broken rule otherwise. */
export function planTermsOf(input: PlanCreate): PlanTerms {
  const errors: FieldError[] = [];
  const fail = (path: string, code: FieldCode, message: string) => errors.push({ path, in: "body", code, message });

  if (input.amount !== undefined && input.amountInCents !== undefined && input.amount !== input.amountInCents) {
    fail("amountInCents", "conflicting_fields", "is an alias of amount: send one of the two (or the same value)");
  }
  const amount = input.amount ?? input.amountInCents;
  if (amount === undefined) fail("amount", "required", "is required (an integer number of cents greater than 0)");

  const alias = INTERVAL_ALIASES[input.billingInterval];
  const billingInterval = (alias?.interval ?? input.billingInterval) as BillingInterval;
  let intervalCount = input.intervalCount ?? 1;
  if (alias) {
    if (input.intervalCount !== undefined && input.intervalCount !== alias.count) {
      fail("intervalCount", "conflicting_fields", `${input.billingInterval} bills every ${alias.count} ${alias.interval}: its intervalCount is ${alias.count} (or leave it out)`);
    }
    intervalCount = alias.count;
  } else if (intervalCount > MAX_INTERVAL_COUNT[billingInterval]) {
    fail("intervalCount", "too_big", `a ${billingInterval} plan bills at least once a year: at most ${MAX_INTERVAL_COUNT[billingInterval]}`);
  }

  if (errors.length) throw validationError(errors, "INVALID_DATA");
  return { amount: amount!, billingInterval, intervalCount };
}
