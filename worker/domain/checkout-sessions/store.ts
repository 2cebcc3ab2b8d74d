/**
 * Checkout sessions as they are now. A session is the buyer's capability for one visit to a
 * payment link: whoever holds its client secret reads and pays it (a wrong or missing secret is a
 * 404, as for a session that does not exist). Its status follows its transaction and its clock:
 * COMPLETED once its transaction is paid (whenever that happens: a PIX QR is paid by the bank
 * later), EXPIRED once its TTL passed without one; each is recorded at the first read after it,
 * or by the minute sweep (expire.ts).
 */
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { packedColumns, perDatabase, PreparedQuery } from "../../db/prepared";
import { checkoutSessions } from "../../db/schema";
import { equalsConstantTime } from "../../lib/crypto";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { CheckoutSessionView } from "../../schemas/checkout-session";
import { readTransaction } from "../transactions/store";
import type { TransactionState } from "../transactions/serialize";

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** A session with its latest transaction, each as it is now. */
export interface SessionState {
  row: CheckoutSessionRow;
  transaction: TransactionState | null;
}

/** Where a link sends its buyers after paying or giving up. */
export interface LinkRedirects {
  successUrl: string | null;
  cancelUrl: string | null;
}

/** `url` with `params` added to its query (the seller's own parameters kept). */
function withQuery(url: string, params: Record<string, string | null>): string {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(params)) if (value) parsed.searchParams.set(name, value);
  return parsed.toString();
}

/** The API's view of a session; the success URL names the session, its link and its latest transaction. */
export function toSessionView(row: CheckoutSessionRow, link: LinkRedirects): CheckoutSessionView {
  const { id, paymentLinkId, status, expiresAt, transactionId, livemode, createdAt } = row;
  const successUrl = link.successUrl && withQuery(link.successUrl, { paymentLinkId, checkoutSessionId: id, transactionId });
  return { id, paymentLinkId, status, expiresAt, transactionId, successUrl, cancelUrl: link.cancelUrl, livemode, createdAt };
}

/** A session by id, built once per database (a buyer's every call reads it). */
const packed = packedColumns(getTableColumns(checkoutSessions));
const reads = perDatabase((db) => ({
  byId: new PreparedQuery(db, db.select({ row: packed.field }).from(checkoutSessions).where(eq(checkoutSessions.id, sql.placeholder("id"))).limit(1), (raw) => packed.read(raw[0] as string)),
}));

/** The status `row` should have now, given its transaction. */
function statusNow(row: CheckoutSessionRow, tx: TransactionState | null, now: string): CheckoutSessionRow["status"] {
  if (tx?.row.paidAt) return "COMPLETED";
  if (row.status === "OPEN" && row.expiresAt !== null && row.expiresAt <= now && tx?.row.status !== "PENDING") return "EXPIRED";
  return row.status;
}

/** Session `id` if `clientSecret` is its own (compared in constant time), as it is now; else 404. */
export async function sessionBySecret(platform: Platform, id: string, clientSecret: string | undefined): Promise<SessionState> {
  const row = await reads(platform.db).byId.first({ id });
  if (!row || !clientSecret || !equalsConstantTime(row.clientSecret, clientSecret)) throw notFound("checkout session", id);
  const transaction = row.transactionId ? await readTransaction(platform, row.transactionId) : null;
  const status = statusNow(row, transaction, platform.now().toISOString());
  if (status === row.status) return { row, transaction };
  // Recorded where it still holds what was read: a concurrent pay wins, and is read as it left it.
  const at = platform.now().toISOString();
  const [moved] = await platform.db
    .update(checkoutSessions)
    .set({ status, updatedAt: at })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, row.status), eq(checkoutSessions.updatedAt, row.updatedAt)))
    .returning();
  return moved ? { row: moved, transaction } : sessionBySecret(platform, id, clientSecret);
}
