/**
 * A request as idempotency may fingerprint it: never a card's number or security code in any
 * form (PCI DSS 3.3.1: no sensitive authentication data after authorization, not even a digest a
 * vault key could brute-force; a CVV falls to 1,000 guesses). The number is replaced by the
 * vault's card fingerprint (the keyed digest the cards table already keeps), so the same card is
 * still the same request and another card is a conflict naming `card.number`; the CVV is left out
 * entirely, so a retry with another CVV and everything else equal replays the first answer.
 */
import type { Platform } from "../../platform";
import { cardFingerprint } from "./vault-card";

/** `request` with `card.number` replaced by the card's fingerprint and `card.cvv` removed. */
export async function withoutCardSecrets<T extends { card?: { number?: string; cvv?: string } }>(platform: Platform, request: T): Promise<T> {
  if (!request.card) return request;
  const { number, cvv: _cvv, ...card } = request.card;
  return { ...request, card: { ...card, ...(number === undefined ? {} : { number: `fingerprint:${await cardFingerprint(platform, number)}` }) } };
}
