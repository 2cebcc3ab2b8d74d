/**
 * The charge behind a PIX location id, as the payer's bank and the QR image see it: found by its
 * unguessable location id (no key), in its true state (expired at once if due), with the
 * receiving key it was created with.
 */
import { eq } from "drizzle-orm";
import { transactions } from "../../db/schema";
import type { Platform } from "../../platform";
import { lookAt } from "../payment-links/holds";
import { readTransaction } from "../transactions/store";
import type { TransactionRow } from "../transactions/serialize";
import { LOCATION_ID } from "./location";
import { SANDBOX_PIX_KEY } from "./receiver-key";

/** A PIX charge: a transaction row whose PIX fields are set. */
export type PixCharge = TransactionRow & { pixTxid: string; pixQrCode: string; expiresAt: string; pixKey: string };

/**
 * The charge at `locationId`, or null for any id that names none. `lookedAt`: the payer's bank is
 * reading it (the location, not the QR image), which counts as someone looking at a payment
 * link's charge (payment-links/holds.ts).
 */
export async function pixChargeAt(platform: Platform, locationId: string, lookedAt = false): Promise<PixCharge | null> {
  if (!LOCATION_ID.test(locationId)) return null;
  const [found] = await platform.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.pixLocationId, locationId)).limit(1);
  const read = found ? await readTransaction(platform, found.id) : null;
  const state = read && lookedAt ? await lookAt(platform, read) : read;
  const row = state?.row;
  if (!row?.pixTxid || !row.pixQrCode || !row.expiresAt) return null;
  // Charges created before the key was recorded name the key in force now.
  const pixKey = row.pixKey ?? platform.config.pixReceiverKey ?? SANDBOX_PIX_KEY;
  return { ...row, pixTxid: row.pixTxid, pixQrCode: row.pixQrCode, expiresAt: row.expiresAt, pixKey };
}
