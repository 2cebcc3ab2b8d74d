/**
 * The card vault: checking raw card data, sealing it, and finding a card by token. The PAN is
 * sealed by the vault and fingerprinted with its keyed digest; BIN and last 4 stay clear; the CVV
 * is checked for shape and then dropped: it is never stored or logged (PCI DSS 3.2). A token
 * belongs to one seller and mode, and to a buyer when one is named: any other caller gets "not
 * found", never a hint that it exists.
 */
import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { binOf, cardProblems, detectBrand, lastFourOf, parseExpiry } from "../../../shared/cards";
import type { Db } from "../../db/client";
import { cards, type CARD_TYPES } from "../../db/schema";
import { randomToken } from "../../lib/crypto";
import { ApiError } from "../../lib/problem";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import { cardAcquirersFor } from "../acquirers/acquirer";
import type { Scope } from "../scope";
import { testCard } from "./test-cards";

export type CardRow = typeof cards.$inferSelect;
export type CardType = (typeof CARD_TYPES)[number];

/** Raw card data as a caller sends it. */
export interface RawCard {
  number: string;
  holderName?: string | null;
  expirationMonth: string;
  expirationYear: string;
  cvv?: string;
}

/** The card checked, or a 400 naming each bad field under `prefix` (`card.number`, `cardNumber`…). */
export function checkRawCard(card: RawCard, now: Date, paths: Partial<Record<"number" | "expirationMonth" | "expirationYear" | "cvv", string>> = {}): void {
  const problems = cardProblems(card, now);
  if (problems.length === 0) return;
  throw validationError(problems.map((p) => ({ path: paths[p.field] ?? `card.${p.field}`, in: "body" as const, code: p.code, message: p.message })));
}

/** Seals a checked card into the vault for the caller. Tokens for reuse may be refused by the processor (422). */
export async function vaultCard(platform: Platform, scope: Scope, input: { card: RawCard; buyerId: string | null; type: CardType }): Promise<CardRow> {
  const { card } = input;
  const pan = card.number;
  // Vaulting needs the mode's processor: a live key on an installation without one is refused.
  cardAcquirersFor(platform.acquirers, scope.livemode);
  if (input.type !== "SINGLE_USE" && !scope.livemode && testCard(pan)?.tokenize === "refused") {
    throw new ApiError("CARD_REFUSED", "The payment processor refused to tokenize this card.", { extensions: { declineCode: "tokenization_refused" } });
  }
  const expiry = parseExpiry(card.expirationMonth, card.expirationYear)!;
  const [fingerprint] = await platform.vault.digests([`pan:${pan}`]);
  const row: CardRow = {
    id: `tok_${randomToken(32)}`,
    sellerId: scope.sellerId,
    livemode: scope.livemode,
    buyerId: input.buyerId,
    type: input.type,
    status: "ACTIVE",
    brand: detectBrand(pan)!,
    bin: binOf(pan),
    last4: lastFourOf(pan),
    holderName: card.holderName ?? null,
    expMonth: expiry.month,
    expYear: expiry.year,
    pan: await platform.vault.seal(pan),
    fingerprint: fingerprint!,
    // Set by the first 3DS-authenticated payment that uses the token (merchant-initiated charges need it).
    authenticatedAt: null,
    createdAt: platform.now().toISOString(),
  };
  await platform.db.insert(cards).values(row);
  return row;
}

/** The keyed digest that recognises a PAN without keeping it (what a 3DS session is bound to). */
export async function cardFingerprint(platform: Platform, pan: string): Promise<string> {
  const [digest] = await platform.vault.digests([`pan:${pan}`]);
  return digest!;
}

/** An ACTIVE card of the caller (and of `buyerId`, when given) by token, or null. */
export async function findCard(db: Db, scope: Scope, token: string, buyerId?: string | null): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, token), eq(cards.sellerId, scope.sellerId), eq(cards.livemode, scope.livemode), eq(cards.status, "ACTIVE")))
    .limit(1);
  if (!row) return null;
  if (buyerId && row.buyerId && row.buyerId !== buyerId) return null;
  return row;
}

/**
 * The statement that spends a single-use card once the one sale it was vaulted for is decided:
 * INACTIVE, and its sealed PAN erased, so nothing is left to open (PCI DSS 3.2.1: keep card data
 * no longer than needed). `when` makes it part of the sale's guarded batch. Other cards untouched.
 */
export function spendSingleUseCard(db: Db, cardId: string, when: SQL) {
  return db.update(cards).set({ status: "INACTIVE", pan: "" }).where(and(eq(cards.id, cardId), eq(cards.type, "SINGLE_USE"), when));
}

/** The card types that outlive a sale, and so may be charged again (merchant-initiated). */
export const REUSABLE_CARD_TYPES = ["TOKENIZED", "STORED"] as const satisfies readonly CardType[];

/**
 * The statement that records a reusable card's first payment authenticated by 3DS with the buyer
 * present (`authenticated_at`), from which on it may be charged merchant-initiated
 * (merchant-initiated.ts). `when` makes it part of the guarded batch that moves the sale to PAID;
 * a card already authenticated keeps its first date, and a single-use card is left alone (it is
 * spent by that same batch). `cardId` and `at` may be placeholders of a prepared batch.
 */
export function markCardAuthenticated(db: Db, cardId: string | Placeholder, at: string | Placeholder, when: SQL) {
  return db
    .update(cards)
    .set({ authenticatedAt: sql`${at}` })
    .where(and(eq(cards.id, cardId), inArray(cards.type, [...REUSABLE_CARD_TYPES]), isNull(cards.authenticatedAt), when));
}

/** The spec's Tokenized card. `expirationDate` is the last instant the card is valid (end of its month, UTC). */
export function toTokenizedCard(row: CardRow) {
  const endOfMonth = new Date(Date.UTC(Number(row.expYear), Number(row.expMonth), 1) - 1);
  return {
    cardToken: row.id,
    type: row.type === "STORED" ? ("STORED" as const) : ("TOKENIZED" as const),
    buyerId: row.buyerId,
    status: row.status,
    expirationDate: endOfMonth.toISOString(),
    createdAt: row.createdAt,
    card: {
      brand: row.brand,
      holderName: row.holderName,
      first6digits: row.bin,
      last4digits: row.last4,
      expirationMonth: row.expMonth,
      expirationYear: row.expYear,
    },
  };
}
