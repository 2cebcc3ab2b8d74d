/**
 * The spec's card input object, resolved to one card: raw data (checked), a `cardToken` of the
 * caller's vault, or `vault: "CARD"` with the token as `number` and `lastDigits`/`bin` (which must
 * match, since the alias hides them). The PAN is opened only here and only to hand on.
 */
import { binOf, detectBrand, lastFourOf, parseExpiry } from "../../../shared/cards";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { CardInput } from "../../schemas/card";
import type { Scope } from "../scope";
import { checkRawCard, findCard, type CardRow } from "./vault-card";

/** A card ready to use. `row` is its vault entry when it came from the vault. */
export interface ResolvedCard {
  pan: string;
  brand: string;
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
  holderName: string | null;
  row: CardRow | null;
}

const fieldError = (path: string, code: string, message: string) => validationError([{ path, in: "body", code, message }]);

/** True for a card input that names no card (a browser paying a transaction whose card the server sent). */
export function namesNoCard(card: CardInput): boolean {
  return !card.number && !card.cardToken && !card.vault;
}

/** Resolves `card` for the caller (`prefix` names it in errors, e.g. "card"). */
export async function resolveCard(platform: Platform, scope: Scope, card: CardInput, prefix = "card", buyerId?: string | null): Promise<ResolvedCard> {
  const token = card.cardToken ?? (card.vault === "CARD" ? card.number : undefined);
  if (card.vault !== undefined && card.vault !== "CARD") throw fieldError(`${prefix}.vault`, "invalid_value", 'must be "CARD" (the seller\'s card vault)');
  if (token) {
    const row = await findCard(platform.db, scope, token, buyerId);
    if (!row) throw fieldError(`${prefix}.${card.cardToken ? "cardToken" : "number"}`, "not_found", "no card of yours has this token");
    if (card.vault === "CARD") {
      if (!card.lastDigits || card.lastDigits !== row.last4) throw fieldError(`${prefix}.lastDigits`, "mismatch", "must be the card's last 4 digits (required with vault CARD)");
      if (card.bin && !row.bin.startsWith(card.bin.slice(0, 6))) throw fieldError(`${prefix}.bin`, "mismatch", "must be the card's first 6 digits");
    }
    const pan = await platform.vault.open(row.pan);
    return { pan, brand: row.brand, bin: row.bin, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, holderName: row.holderName, row };
  }
  if (!card.number) throw fieldError(`${prefix}.number`, "required", "send the card number, a cardToken, or vault CARD with an alias");
  for (const field of ["expirationMonth", "expirationYear"] as const) {
    if (!card[field]) throw fieldError(`${prefix}.${field}`, "required", "is required with a card number");
  }
  const raw = { number: card.number, expirationMonth: card.expirationMonth!, expirationYear: card.expirationYear!, cvv: card.cvv, holderName: card.holderName ?? null };
  checkRawCard(raw, platform.now(), {
    number: `${prefix}.number`,
    expirationMonth: `${prefix}.expirationMonth`,
    expirationYear: `${prefix}.expirationYear`,
    cvv: `${prefix}.cvv`,
  });
  const expiry = parseExpiry(raw.expirationMonth, raw.expirationYear)!;
  return {
    pan: raw.number,
    brand: detectBrand(raw.number)!,
    bin: binOf(raw.number),
    last4: lastFourOf(raw.number),
    expMonth: expiry.month,
    expYear: expiry.year,
    holderName: raw.holderName,
    row: null,
  };
}
