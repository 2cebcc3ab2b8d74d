/**
 * The payments config (GET /v1/payments/config): what a seller's checkout needs to know before it
 * collects a card in a currency. Every field has one rule (docs/payments-config.md):
 *
 * - `region` from the currency alone (REGION_OF); BRL is domestic and has none;
 * - `enabled` when the currency is BRL or has a region, the seller is ACTIVE, the key's mode has
 *   a card acquirer, and at least one card method is both allowed to the seller and priced by its
 *   plan;
 * - `provider` the acquirer smart routing sends a sale to by default (routing.ts, rule 3);
 * - `publishableKey` the seller's current pk_ of the key's mode;
 * - `collect.vaultId` a name for the vault of the seller's cards in that mode, `environment` the mode.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { feePlanRates, sellers, type PaymentMethod } from "../db/schema";
import { sha256Hex } from "../lib/crypto";
import type { Platform } from "../platform";
import type { PaymentsConfig, Region } from "../schemas/payments-config";
import { routeCard } from "./acquirers/routing";
import { publishableKeyOf } from "./publishable-key";
import type { Scope } from "./scope";
import { DEFAULT_FEE_PLAN_ID } from "./transactions/fees";

/** Payments in BRL are domestic: no international region collects them. */
export const DOMESTIC_CURRENCY = "BRL";

/** The region of each currency an international card payment may be in; any other has none. */
export const REGION_OF: Readonly<Record<string, Region>> = {
  USD: "NA", CAD: "NA",
  EUR: "EU", GBP: "EU", CHF: "EU", SEK: "EU", NOK: "EU", DKK: "EU", PLN: "EU", CZK: "EU", HUF: "EU", RON: "EU", BGN: "EU", ISK: "EU",
};

const CARD_METHODS: readonly PaymentMethod[] = ["CREDIT_CARD", "DEBIT_CARD"];

/**
 * The id of the vault that keeps a seller's cards in a mode: `vault_` + the first 32 hex digits
 * of SHA-256("card-vault:<sellerId>:<test|live>"). Stable (cards of a seller and mode live
 * together: domain/cards/vault-card.ts), different per mode, and safe in a browser: it names the
 * vault without revealing the seller id or anything that opens a card.
 */
export async function vaultIdOf(scope: Scope): Promise<string> {
  const digest = await sha256Hex(`card-vault:${scope.sellerId}:${scope.livemode ? "live" : "test"}`);
  return `vault_${digest.slice(0, 32)}`;
}

/** True when the seller is ACTIVE and one card method is both allowed to it (null: all) and priced by its plan. */
async function takesCards(db: Db, sellerId: string): Promise<boolean> {
  const rows = await db
    .select({ status: sellers.status, allowed: sellers.paymentMethods, priced: feePlanRates.paymentMethod })
    .from(sellers)
    // A seller without a plan (older than fee plans) is priced by the default one, as fees.ts reads it.
    .leftJoin(feePlanRates, eq(feePlanRates.feePlanId, sql`coalesce(${sellers.feePlanId}, ${DEFAULT_FEE_PLAN_ID})`))
    .where(eq(sellers.id, sellerId));
  return rows.some((r) => r.status === "ACTIVE" && r.priced !== null && CARD_METHODS.includes(r.priced) && (r.allowed === null || r.allowed.includes(r.priced)));
}

/** The config for the caller's seller and mode in `currency` (an ISO 4217 code, already validated). */
export async function paymentsConfig(platform: Platform, scope: Scope, currency: string): Promise<PaymentsConfig> {
  const acquirers = scope.livemode ? platform.acquirers.cards.live : platform.acquirers.cards.test;
  const region = REGION_OF[currency] ?? null;
  const supported = currency === DOMESTIC_CURRENCY || region !== null;
  const [cards, publishableKey, vaultId] = await Promise.all([
    supported && acquirers.length > 0 ? takesCards(platform.db, scope.sellerId) : false,
    publishableKeyOf(platform.db, scope),
    vaultIdOf(scope),
  ]);
  return {
    enabled: cards,
    // No card and no amount yet: routing's default (neither a domestic brand nor a high amount moves it).
    provider: acquirers.length > 0 ? routeCard(acquirers, "")[0]!.name : null,
    region,
    currency,
    publishableKey,
    collect: { vaultId, environment: scope.livemode ? "live" : "sandbox" },
  };
}
