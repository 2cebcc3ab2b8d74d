/**
 * First start: when the database has no seller yet, create the sandbox company seller and hand
 * back its keys (printed once). Later starts find the seller's id in `installation` and never
 * see a key again: only hashes are stored.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { installation } from "../db/schema";
import { ownerInvite } from "../domain/dashboard/invites";
import { companySellerWrites, type NewCompanySeller, type SellerWithKeys } from "../domain/sellers";

const BOOTSTRAP_KEY = "bootstrap_seller_id";

/**
 * The sandbox company the first start creates (the browser tests that share one host give each
 * file a seller like it). A made-up CNPJ with valid check digits: the link page shows the
 * seller's (docs/payment-links.md).
 */
export const SANDBOX_SELLER: NewCompanySeller = {
  legalName: "Sandbox Seller Ltda",
  fantasyName: "Sandbox Shop",
  email: "sandbox@example.com",
  city: "Sao Paulo",
  cnpj: "11222333000181",
  mode: "test",
};

/**
 * The bootstrap seller: `created` holds the new keys on the first start only, and `ownerInviteUrl`
 * the link its owner registers a dashboard passkey with (docs/dashboard.md).
 */
export type Bootstrap = { sellerId: string; created: SellerWithKeys | null; ownerInviteUrl?: string };

/**
 * Ensures the sandbox seller exists. The seller, its keys and the installation row are written in
 * one batch: a crash leaves either all of them or none, and when two hosts start at once on an
 * empty database (npm start beside npm run dev:worker) the second's batch fails on the
 * installation key, so only one seller exists and only its keys are ever printed.
 */
export async function ensureBootstrapSeller(db: Db, now: Date, baseUrl?: string): Promise<Bootstrap> {
  const existing = () => db.select().from(installation).where(eq(installation.key, BOOTSTRAP_KEY)).limit(1);
  const [row] = await existing();
  if (row) return { sellerId: row.value, created: null };
  const { seller, writes } = await companySellerWrites(db, SANDBOX_SELLER, now);
  try {
    await db.batch([
      db.insert(installation).values({ key: BOOTSTRAP_KEY, value: seller.sellerId, updatedAt: now.toISOString() }),
      ...writes,
    ]);
  } catch (err) {
    const [winner] = await existing();
    if (winner) return { sellerId: winner.value, created: null };
    throw err;
  }
  // The owner's dashboard invite, printed once beside the keys (a later one: admin team:invite).
  const invite = baseUrl ? await ownerInvite({ db, now: () => now, config: { baseUrl } }, seller.sellerId) : null;
  return { sellerId: seller.sellerId, created: seller, ...(invite && { ownerInviteUrl: invite.inviteUrl }) };
}

/**
 * What a local host prints about the bootstrap seller under its banner: the seller, and its keys
 * on the first start only (the one time they exist outside the database's hashes). With
 * `keysFile` (NODE_ENV=production) the keys go to that file, created readable by its owner only,
 * instead of stdout, which in a container ends up in a log pipeline.
 */
export function bootstrapLines(bootstrap: Bootstrap, keysFile?: string): string[] {
  const rotate = `npm run admin -- keys:rotate --seller ${bootstrap.sellerId}`;
  const lines = [`  Seller       ${bootstrap.sellerId} (sandbox)`];
  if (!bootstrap.created) {
    lines.push("  Keys         issued on the first start; rotate with npm run admin -- keys:rotate --seller <id>");
    return lines;
  }
  const keys = [
    `  Secret key   ${bootstrap.created.apiKey}`,
    `  Publishable  ${bootstrap.created.publishableKey}`,
    ...(bootstrap.ownerInviteUrl ? [`  Dashboard    ${bootstrap.ownerInviteUrl}   (the owner's invite: register a passkey within 72 h)`] : []),
  ];
  if (keysFile) {
    mkdirSync(dirname(keysFile), { recursive: true, mode: 0o700 });
    writeFileSync(keysFile, `${[`  Seller       ${bootstrap.sellerId}`, ...keys].join("\n")}\n`, { mode: 0o600, flag: "wx" });
    lines.push(`  Keys         written to ${keysFile} (mode 0600): move them to your secret store, then delete the file`);
    return lines;
  }
  lines.push(...keys, "", "  The secret key and the invite are shown only now: keep them. Rotate with", `  ${rotate}`);
  lines.push(`  A new owner invite: npm run admin -- team:invite --seller ${bootstrap.sellerId} --email <owner e-mail> --profile OWNER`);
  return lines;
}
