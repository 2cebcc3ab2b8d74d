/**
 * What a checkout session's buyer sees: the session and its latest charge as a buyer may see it,
 * with what the buyer's browser pays a card charge with (its client secret and the seller's
 * publishable key, for the card frame and 3DS).
 */
import { eq } from "drizzle-orm";
import { paymentLinks } from "../../db/schema";
import type { Platform } from "../../platform";
import { publishableKeyOf } from "../publishable-key";
import { toCheckoutView } from "../transactions/checkout-view";
import type { TransactionState } from "../transactions/serialize";
import { toSessionView, type CheckoutSessionRow, type LinkRedirects } from "./store";

/** What a caller that just read them may pass instead of reading them again. */
export interface KnownToView {
  link?: LinkRedirects;
  merchantName?: string;
  /** The seller's publishable key of the transaction's mode (publishable-key.ts), null when it has none. */
  publishableKey?: string | null;
}

/** The session and its charge (null before the first pay). */
export async function sessionStateView(platform: Platform, row: CheckoutSessionRow, tx: TransactionState | null, known: KnownToView = {}) {
  const l = paymentLinks;
  const [link] = known.link
    ? [known.link]
    : await platform.db.select({ successUrl: l.successUrl, cancelUrl: l.cancelUrl }).from(l).where(eq(l.id, row.paymentLinkId)).limit(1);
  const session = toSessionView(row, link ?? { successUrl: null, cancelUrl: null });
  if (!tx) return { session, transaction: null };
  const view = await toCheckoutView(platform, tx, known.merchantName);
  const publishableKey = known.publishableKey !== undefined ? known.publishableKey : await publishableKeyOf(platform.db, { sellerId: tx.row.sellerId, livemode: tx.row.livemode });
  return { session, transaction: { ...view, clientSecret: tx.row.clientSecret!, publishableKey } };
}
