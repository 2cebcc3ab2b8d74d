/**
 * The Cardinal sandbox's test cards (card-connectors.md §1.10) and what enrollment answers for
 * each scenario, in Cybersource's words (the 3-D Secure 2.x test-case pages): ECI per network,
 * paresStatus, veresEnrolled. Any other card is a frictionless success on 2.2.0.
 */

/** How a card's authentication goes. */
export type Scenario =
  | "frictionless-success"
  | "frictionless-failure"
  | "attempts"
  | "challenge-success"
  | "challenge-failure"
  | "unavailable"
  | "system-error";

/** The table: scenario → numbers (Visa, Mastercard, Elo; 2.1.0 and 2.2.0 where both exist). */
const TABLE: Record<Scenario, string[]> = {
  "frictionless-success": ["4000000000001000", "4000000000002701", "5200000000001005", "6505050000001000"],
  "frictionless-failure": ["4000000000001018", "4000000000002925", "5200000000001013", "6505050000001018"],
  attempts: ["4000000000001026", "4000000000002719", "5200000000001021", "5200000000002482", "6505290000001069"],
  "challenge-success": ["4000000000001091", "4000000000002503", "5200000000001096", "5200000000002151", "6505290000001234"],
  "challenge-failure": ["4000000000001109", "5200000000001104", "6505050000001109"],
  unavailable: ["4000000000001117", "5200000000001112", "6505050000001117"],
  "system-error": ["4000000000001125", "5200000000001120", "6505050000001125"],
};

/** The table's 3-D Secure 2.2.0 numbers; the rest of the table is 2.1.0. */
const VERSION_2_2 = new Set(["4000000000002701", "4000000000002925", "4000000000002719", "5200000000002482", "4000000000002503", "5200000000002151"]);

const BY_NUMBER = new Map(Object.entries(TABLE).flatMap(([scenario, numbers]) => numbers.map((n) => [n, scenario as Scenario] as const)));

/** The card's scenario and protocol version. */
export function scenarioOf(number: string): { scenario: Scenario; version: string } {
  const scenario = BY_NUMBER.get(number);
  if (!scenario) return { scenario: "frictionless-success", version: "2.2.0" };
  return { scenario, version: VERSION_2_2.has(number) ? "2.2.0" : "2.1.0" };
}

/** The ECI of an outcome per network: Mastercard's scale (02/01/00) or everyone else's (05/06/07). */
export function eciOf(cardType: string, outcome: "authenticated" | "attempted" | "not-authenticated"): string {
  const mastercard = cardType === "002";
  return { authenticated: mastercard ? "02" : "05", attempted: mastercard ? "01" : "06", "not-authenticated": mastercard ? "00" : "07" }[outcome];
}

/** The e-commerce indicator Cybersource names for Visa and Mastercard (others: none given here). */
export function indicatorOf(cardType: string, outcome: "authenticated" | "attempted" | "not-authenticated"): string | undefined {
  if (cardType === "001") return { authenticated: "vbv", attempted: "vbv_attempted", "not-authenticated": "vbv_failure" }[outcome];
  if (cardType === "002") return outcome === "not-authenticated" ? "spa_failure" : "spa";
  return undefined;
}

/**
 * The authentication values of a proven outcome: Mastercard's AAV in ucafAuthenticationData
 * (collection indicator 2) and no xid, as in the 3DS 2 tests; a CAVV and an xid for the others.
 */
export function valuesOf(cardType: string, outcome: "authenticated" | "attempted", random: (bytes: number) => string): Record<string, string> {
  const eci = eciOf(cardType, outcome);
  const indicator = indicatorOf(cardType, outcome);
  const value = random(20);
  return {
    eci,
    eciRaw: eci,
    ...(indicator !== undefined && { ecommerceIndicator: indicator }),
    ...(cardType === "002" ? { ucafAuthenticationData: value, ucafCollectionIndicator: "2" } : { cavv: value, xid: random(20) }),
  };
}
