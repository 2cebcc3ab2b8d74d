/**
 * First start: when the database has no seller yet, create the sandbox company seller and hand
 * back its keys (printed once). Later starts find the seller's id in `installation` and never
 * see a key again: only hashes are stored.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { installation } from "../db/schema";
import { createCompanySeller, type SellerWithKeys } from "../domain/sellers";

const BOOTSTRAP_KEY = "bootstrap_seller_id";

/** The bootstrap seller: `created` holds the new keys on the first start only. */
export type Bootstrap = { sellerId: string; created: SellerWithKeys | null };

/** Ensures the sandbox seller exists. */
export async function ensureBootstrapSeller(db: Db, now: Date): Promise<Bootstrap> {
  const [row] = await db.select().from(installation).where(eq(installation.key, BOOTSTRAP_KEY)).limit(1);
  if (row) return { sellerId: row.value, created: null };
  const created = await createCompanySeller(
    db,
    { legalName: "Sandbox Seller Ltda", fantasyName: "Sandbox Shop", email: "sandbox@example.com", mode: "test" },
    now,
  );
  await db
    .insert(installation)
    .values({ key: BOOTSTRAP_KEY, value: created.sellerId, updatedAt: now.toISOString() })
    .onConflictDoNothing();
  return { sellerId: created.sellerId, created };
}

/**
 * What a local host prints about the bootstrap seller under its banner: the seller, and its keys
 * on the first start only (the one time they exist outside the database's hashes).
 */
export function bootstrapLines(bootstrap: Bootstrap): string[] {
  const rotate = `npm run admin -- keys:rotate --seller ${bootstrap.sellerId}`;
  const lines = [`  Seller       ${bootstrap.sellerId} (sandbox)`];
  if (!bootstrap.created) {
    lines.push("  Keys         issued on the first start; rotate with npm run admin -- keys:rotate --seller <id>");
    return lines;
  }
  lines.push(
    `  Secret key   ${bootstrap.created.apiKey}`,
    `  Publishable  ${bootstrap.created.publishableKey}`,
    "",
    "  The secret key is shown only now: keep it. Rotate with",
    `  ${rotate}`,
  );
  return lines;
}
