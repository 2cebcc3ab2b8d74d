/**
 * Smart routing between a mode's two card acquirers (docs/cards.md). The rule, in order:
 *
 * 1. Elo and Hipercard (Brazilian domestic brands) go to the second acquirer, which in a real
 *    installation is the one with the better approval rate for domestic cards;
 * 2. so do sales of BRL 1,000.00 (100 000 minor units) or more, for its lower percentage fee;
 * 3. everything else goes to the first.
 *
 * When the chosen acquirer is unavailable, the sale fails over to the other; the transaction
 * records which one processed it. 3DS is the gateway's own and the same for both; a
 * merchant-initiated sale (no 3DS: a subscription's renewal) is routed by the same rule.
 */
import { ApiError } from "../../lib/problem";
import type { CardAcquirer, CardSale, SaleOutcome } from "../../lib/acquirer";
import { DECLINE_MESSAGES } from "./sandbox-cards";
import type { DeclineCode } from "../cards/test-cards";

/** Amount from which rule 2 applies, in minor units. */
export const HIGH_VALUE_AMOUNT = 100_000;

/** The acquirers in the order to try them for a brand and (once known) an amount. */
export function routeCard(acquirers: readonly CardAcquirer[], brand: string, amount?: number): CardAcquirer[] {
  const [first, second] = acquirers;
  if (!first) throw new ApiError("LIVE_MODE_UNAVAILABLE", "No card acquirer is configured for this mode.");
  if (!second) return [first];
  const toSecond = brand === "ELO" || brand === "HIPERCARD" || (amount !== undefined && amount >= HIGH_VALUE_AMOUNT);
  return toSecond ? [second, first] : [first, second];
}

/** What a routed sale came to: the outcome and the acquirer that gave it (null when none answered). */
export interface RoutedSale {
  outcome: SaleOutcome;
  acquirer: string | null;
}

/**
 * Authorizes with the first available acquirer in routing order. Only an acquirer known not to
 * have authorized (UNAVAILABLE) passes the sale on: UNKNOWN, or a connector that throws (it may
 * have sent the sale), ends the routing there, because trying the next could charge the buyer
 * twice (docs/cards.md, "Failover").
 */
export async function authorizeRouted(acquirers: readonly CardAcquirer[], sale: CardSale): Promise<RoutedSale> {
  for (const acquirer of routeCard(acquirers, sale.brand, sale.amount)) {
    let outcome: SaleOutcome;
    try {
      outcome = await acquirer.authorize(sale);
    } catch {
      outcome = { status: "UNKNOWN" };
    }
    if (outcome.status !== "UNAVAILABLE") return { outcome, acquirer: acquirer.name };
  }
  return { outcome: { status: "UNAVAILABLE" }, acquirer: null };
}

/** The transaction's columns for what a routed sale came to (a PAID or FAILED row). */
export function saleColumns(sale: RoutedSale) {
  const { outcome } = sale;
  const reference = outcome.status === "APPROVED" || outcome.status === "DECLINED" ? (outcome.reference ?? null) : null;
  const failureCode: DeclineCode | string | null =
    outcome.status === "APPROVED" ? null : outcome.status === "DECLINED" ? outcome.code : "acquirer_unavailable";
  const failureMessage =
    outcome.status === "APPROVED" ? null : outcome.status === "DECLINED" ? outcome.message : DECLINE_MESSAGES.acquirer_unavailable;
  const declineHard = outcome.status === "DECLINED" ? outcome.hard === true : null;
  const authorizationCode = outcome.status === "APPROVED" ? outcome.authorizationCode || null : null;
  return { acquirer: sale.acquirer, acquirerReference: reference, authorizationCode, declineHard, failureCode, failureMessage };
}
