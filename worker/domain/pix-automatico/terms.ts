/**
 * A PIX_AUTOMATICO subscription's recurrence terms (docs/subscriptions.md, "PIX Automático"): the
 * plan's interval as the BCB's `periodicidade`, the contract and object the payer's bank shows,
 * the first charge's date, and the journey the buyer is offered. Pure, except the buyer's sealed
 * document, opened for the PSP's call only (never logged).
 */
import type { AuthorizationJourney, RecurrencePeriodicity } from "../../lib/pix-automatico";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import { pspDebtor } from "../pix/psp-charge";
import type { Scope } from "../scope";
import type { PlanRow } from "../subscription-plans/serialize";
import { period } from "../subscriptions/calendar";
import { cadenceOf, pixDueDateOf } from "../subscriptions/rules";
import { customerOf } from "../transactions/customer";

/** The plan cadences PIX Automático can charge: interval × count → periodicidade. */
export const PERIODICITY_OF_CADENCE: Readonly<Record<string, RecurrencePeriodicity>> = {
  "WEEK:1": "SEMANAL",
  "MONTH:1": "MENSAL",
  "MONTH:3": "TRIMESTRAL",
  "MONTH:6": "SEMESTRAL",
  "YEAR:1": "ANUAL",
};

/** `vinculo.contrato` and `vinculo.objeto` are at most this many characters. */
export const MAX_CONTRACT_TEXT = 35;

const invalid = (path: string, message: string) => validationError([{ path, in: "body", code: "invalid_value", message }], "INVALID_DATA");

/** The plan's periodicidade, or a 422 naming `planId` when PIX Automático has none for its interval. */
export function periodicityOf(plan: Pick<PlanRow, "billingInterval" | "intervalCount">): RecurrencePeriodicity {
  const found = PERIODICITY_OF_CADENCE[`${plan.billingInterval}:${plan.intervalCount}`];
  if (!found) {
    throw invalid("planId", `the plan bills every ${plan.intervalCount} ${plan.billingInterval}: PIX Automático charges only weekly, monthly, every 3 or 6 months, or yearly`);
  }
  return found;
}

/** The journey: 1 when the seller gives the payer's account, else 2 with a trial (nothing to pay today), else 3. */
export function journeyOf(hasPayerAccount: boolean, trial: boolean): AuthorizationJourney {
  if (hasPayerAccount) return "JORNADA_1";
  return trial ? "JORNADA_2" : "JORNADA_3";
}

/** The contract id the payer's bank shows: the subscription's id without its dashes (32 characters). */
export const contractOf = (subscriptionId: string) => subscriptionId.replace(/-/g, "");

/** What the payer's bank shows as the object: the plan's name, cut to 35 characters (code points). */
export const objectOf = (planName: string) => [...planName.trim()].slice(0, MAX_CONTRACT_TEXT).join("");

/**
 * `calendario.dataInicial`: the date (in Brasília) of the first period the recurrence charges:
 * period 0 after a trial (nothing paid before it), else period 1 (period 0 is paid by the first
 * PIX charge: journey 3's composite QR, or journey 1's own charge).
 */
export function startDateOf(anchor: string, plan: Pick<PlanRow, "billingInterval" | "intervalCount">, trial: boolean): string {
  return pixDueDateOf(period(anchor, cadenceOf(plan), trial ? 0 : 1).start);
}

/** The buyer as `devedor`: their CPF/CNPJ (opened from its seal for this call) and name; 422 naming `buyerId` without one. */
export async function debtorOf(platform: Platform, scope: Scope, buyerId: string) {
  const customer = await customerOf(platform, scope, { buyerId } as never);
  const debtor = await pspDebtor(platform, customer);
  if (!debtor) throw invalid("buyerId", "PIX Automático needs the buyer's CPF or CNPJ: the payer's bank shows it with the authorization");
  return debtor;
}
