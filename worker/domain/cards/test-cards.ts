/**
 * The sandbox's test cards: what each number does at tokenization, in 3DS, at a customer-initiated
 * authorization and at a merchant-initiated (recurring) one. Every other valid card number
 * tokenizes, authenticates frictionlessly and is approved, both ways, as
 * Stripe's and Adyen's sandboxes treat unknown numbers. docs/test-cards.json is this table for
 * integrators (kept equal by test/api/cards.test-cards.test.ts, which runs every card through).
 */
import type { CardBrand } from "../../../shared/cards";

/** How 3DS ends for a card. */
export type ThreeDsOutcome = "frictionless" | "challenge" | "failed";

/**
 * Why an acquirer declines a card (the Transaction's `failureCode`). A live connector maps its
 * vendor's return codes onto these (docs/cards.md): `card_blocked` is a lost, stolen, blocked or
 * cancelled card; `processing_error` the issuer's or network's failure (worth a retry later).
 */
export const DECLINE_CODES = [
  "insufficient_funds",
  "do_not_honor",
  "expired_card",
  "suspected_fraud",
  "card_blocked",
  "card_declined",
  "processing_error",
  "acquirer_unavailable",
] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/** One test card. */
export interface TestCard {
  number: string;
  brand: CardBrand;
  threeDs: ThreeDsOutcome;
  /** What the sale comes to after 3DS succeeds. */
  authorization: "approved" | DeclineCode;
  /**
   * What a merchant-initiated charge on the stored card comes to (a subscription's later
   * periods: no 3DS, docs/cards.md). A card whose customer-initiated sale declines declines here too.
   */
  recurring: "approved" | DeclineCode;
  tokenize: "ok" | "refused";
  /** Which sandbox acquirers are down for it (failover: docs/cards.md). */
  unavailable?: Array<"sandbox-alpha" | "sandbox-beta">;
  note: string;
}

/** The one-time code the sandbox challenge page accepts; any other fails the challenge. */
export const CHALLENGE_CODE = "123456";

/** Every test card. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: "4111111111111111", brand: "VISA", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", note: "Visa, approved" },
  { number: "5555555555554444", brand: "MASTERCARD", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", note: "Mastercard, approved" },
  { number: "378282246310005", brand: "AMEX", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", note: "Amex, approved" },
  { number: "6362970000457013", brand: "ELO", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", note: "Elo, approved (routed to sandbox-beta)" },
  { number: "6062825624254001", brand: "HIPERCARD", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", note: "Hipercard, approved (routed to sandbox-beta)" },
  { number: "4000000000003220", brand: "VISA", threeDs: "challenge", authorization: "approved", recurring: "approved", tokenize: "ok", note: "3DS challenge, then approved" },
  { number: "5200000000001096", brand: "MASTERCARD", threeDs: "challenge", authorization: "approved", recurring: "approved", tokenize: "ok", note: "3DS challenge (Mastercard), then approved" },
  { number: "4000000000001018", brand: "VISA", threeDs: "failed", authorization: "approved", recurring: "approved", tokenize: "ok", note: "3DS authentication fails: no sale possible, so the card is never authenticated for merchant-initiated charges" },
  { number: "4000000000009953", brand: "VISA", threeDs: "frictionless", authorization: "insufficient_funds", recurring: "insufficient_funds", tokenize: "ok", note: "declined: insufficient funds" },
  { number: "4000000000000028", brand: "VISA", threeDs: "frictionless", authorization: "do_not_honor", recurring: "do_not_honor", tokenize: "ok", note: "declined: do not honor" },
  { number: "4000000000000069", brand: "VISA", threeDs: "frictionless", authorization: "expired_card", recurring: "expired_card", tokenize: "ok", note: "declined: expired card (the issuer says so)" },
  { number: "4000000000009557", brand: "VISA", threeDs: "frictionless", authorization: "suspected_fraud", recurring: "suspected_fraud", tokenize: "ok", note: "declined: suspected fraud" },
  { number: "4000000000000267", brand: "VISA", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "refused", note: "the processor refuses to tokenize it (422 CARD_REFUSED)" },
  { number: "4000000000000093", brand: "VISA", threeDs: "frictionless", authorization: "approved", recurring: "approved", tokenize: "ok", unavailable: ["sandbox-alpha"], note: "sandbox-alpha is down: fails over to sandbox-beta, approved" },
  { number: "4000000000000341", brand: "VISA", threeDs: "frictionless", authorization: "approved", recurring: "card_declined", tokenize: "ok", note: "pays with 3DS and tokenizes, but every merchant-initiated charge declines (card_declined)" },
  { number: "4000000000009987", brand: "VISA", threeDs: "frictionless", authorization: "approved", recurring: "card_blocked", tokenize: "ok", note: "pays with 3DS and tokenizes, then is reported lost: merchant-initiated charges decline card_blocked, a hard decline a subscription does not retry" },
  { number: "5200000000000346", brand: "MASTERCARD", threeDs: "frictionless", authorization: "approved", recurring: "insufficient_funds", tokenize: "ok", note: "pays with 3DS and tokenizes, but merchant-initiated charges decline: insufficient funds" },
  { number: "5200000000000007", brand: "MASTERCARD", threeDs: "frictionless", authorization: "acquirer_unavailable", recurring: "acquirer_unavailable", tokenize: "ok", unavailable: ["sandbox-alpha", "sandbox-beta"], note: "both acquirers down: FAILED acquirer_unavailable" },
];

const BY_NUMBER = new Map(TEST_CARDS.map((c) => [c.number, c]));

/** The test card with this number, if it is one. */
export function testCard(pan: string): TestCard | undefined {
  return BY_NUMBER.get(pan);
}
