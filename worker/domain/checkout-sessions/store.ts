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
import { checkoutSessions, paymentLinks, sellers } from "../../db/schema";
import { equalsConstantTime } from "../../lib/crypto";
import { notFound } from "../../lib/problem";
import type { Platform } from "../../platform";
import type { CheckoutSessionView } from "../../schemas/checkout-session";
import { PROFILE_COLUMNS, type SellerProfile } from "../api-keys";
import { isLinkDue, linkStateFields, readLink, readLinkState } from "../payment-links/store";
import type { LinkState } from "../payment-links/serialize";
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

/** A seller's profile packed as one column (null when the seller does not exist). */
const profile = packedColumns(PROFILE_COLUMNS);

/**
 * What a pay reads, in one statement built once per database: the session, its link with what
 * decides its room (payment-links/store.ts), the seller's profile, and the seller's newest
 * publishable key of the link's mode (publishable-key.ts's rule), which the answer names.
 */
const payReads = perDatabase((db) => {
  const s = checkoutSessions;
  const l = paymentLinks;
  const publishableKey = sql<string | null>`(select k.public_key from api_keys k where k.seller_id = ${l.sellerId} and k.kind = 'publishable'
    and k.mode = (case when ${l.livemode} then 'live' else 'test' end) and k.revoked_at is null and k.expires_at is null and k.public_key is not null
    order by k.created_at desc limit 1)`;
  const query = db
    .select({
      session: packed.field,
      ...linkStateFields("room"),
      seller: sql<string | null>`(case when ${sellers.id} is null then null else ${profile.field} end)`,
      publishableKey,
    })
    .from(s)
    .innerJoin(l, eq(l.id, s.paymentLinkId))
    .leftJoin(sellers, eq(sellers.id, l.sellerId))
    .where(eq(s.id, sql.placeholder("id")))
    .limit(1);
  return new PreparedQuery(db, query, (raw) => ({
    row: packed.read(raw[0] as string),
    link: readLinkState(raw, 1),
    seller: raw[4] === null ? null : (profile.read(raw[4] as string) as SellerProfile),
    publishableKey: (raw[5] as string | null) ?? null,
  }));
});

/** A session as a pay starts from: with its transaction, its link, its seller and the seller's publishable key. */
export interface SessionToPay extends SessionState {
  /** As read with the session: pass it through linkNow before deciding on it. */
  link: LinkState;
  seller: SellerProfile | null;
  publishableKey: string | null;
}

/**
 * Session `id` for a pay, if `clientSecret` is its own (else 404), as it is now, with its link,
 * its seller and the publishable key, read in one statement. A session with an earlier charge reads that charge too; one whose status must move
 * first (paid, or past its TTL) is recorded as sessionBySecret does.
 */
export async function sessionToPay(platform: Platform, id: string, clientSecret: string | undefined): Promise<SessionToPay> {
  const read = await payReads(platform.db).first({ id });
  if (!read || !clientSecret || !equalsConstantTime(read.row.clientSecret, clientSecret)) throw notFound("checkout session", id);
  const { seller, publishableKey } = read;
  const transaction = read.row.transactionId ? await readTransaction(platform, read.row.transactionId) : null;
  const now = platform.now().toISOString();
  const moved = statusNow(read.row, transaction, now) !== read.row.status;
  const session = moved ? await sessionBySecret(platform, id, clientSecret) : { row: read.row, transaction };
  return { ...session, link: read.link, seller, publishableKey };
}

/** The link as it truly is now: the one read with the session, or, when it is due, expired first (store.ts). */
export async function linkNow(platform: Platform, link: LinkState): Promise<LinkState | null> {
  return isLinkDue(link.row, platform.now().toISOString()) ? readLink(platform, link.row.id, undefined, "room") : link;
}

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
