/**
 * Whose data a request sees: a seller's, in the mode of its key. Test and live data never mix
 * (Stripe's rule): a test key cannot read, pay with, move or refer to a live resource, nor the
 * reverse; another mode's resource is a 404, as another seller's is.
 *
 * Seller-level objects follow the same rule:
 * - **Sub-sellers** belong to the mode of the key that created them (`sellers.livemode`): the
 *   other mode's key cannot read, list, suspend, reactivate or see the dashboard of them, and the
 *   sandbox's KYC decision reaches test-mode sub-sellers only.
 * - **Fee plans** belong to the mode that created them: a sub-seller goes only on a plan of its
 *   mode (older plans, created before modes were recorded, and the platform's default serve both).
 * - **Notification settings** are per mode: a test key turns event types off for test events only.
 * - **Webhooks**, **events**, **transactions**, **buyers**, **cards**, **settlements** and
 *   **chargebacks** carry their mode.
 *
 * The exceptions, on purpose:
 * - **The company itself** exists in both modes (it holds keys of each): either key reads its
 *   profile.
 * - **The team** is the account's people, not test or live data (as a Stripe team spans both
 *   modes): either secret key of the seller reads and writes it. Team management moves to the
 *   dashboard's passkey sessions (docs/sellers.md).
 */
import { eq, isNull, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

export interface Scope {
  sellerId: string;
  livemode: boolean;
}

/** True where a nullable mode column is the scope's mode, or null (an object of both modes). */
export function inModeOf(column: SQLiteColumn, scope: Scope): SQL {
  return or(isNull(column), eq(column, scope.livemode))!;
}
