/**
 * maxUses, exactly (docs/payment-links.md): a link's use is taken by its charge in the same
 * statement that creates the charge. The charge's INSERT carries `linkTakesCharge` in its own
 * condition, so the database decides, one write at a time, whether the link is ACTIVE, not past
 * its expiry, and has room: its paid charges (the uses) plus its PENDING ones (the reservations)
 * below `maxUses`. A pending charge that is cancelled, expires or fails stops counting at once; a
 * paid one counts for good. Every counted charge can still be paid (a PIX QR shown, a card in
 * 3DS), so of N buyers paying a link of M at once exactly M get a charge, and no use is sold twice.
 * The same condition counts the link's caps on the unpaid charges of one client address and of one
 * buyer document (holds.ts), on the same partial indexes: still one statement, no read before it.
 */
import { getTableName, is, sql, Column, type Placeholder, type SQL } from "drizzle-orm";
import { paymentLinks, transactions } from "../../db/schema";
import { LINK_HOLDS_PER_ADDRESS_MIN, LINK_HOLDS_PER_ADDRESS_SHARE, LINK_HOLDS_PER_DOCUMENT } from "./holds";

/**
 * A column named with its table: drizzle writes a lone column as `"id"`, which inside the
 * subqueries below would be the transaction's own id, not the link's.
 */
function linkIdOf(linkId: Column | SQL | Placeholder | string): Column | SQL | Placeholder | string | SQL {
  return is(linkId, Column) ? sql`${sql.identifier(getTableName(linkId.table))}.${sql.identifier(linkId.name)}` : linkId;
}

/**
 * The link's pending charges (each holds a use until it is paid, cancelled or expires). Counted
 * on a partial index of pending link charges (transactions_link_pending_idx): index-only.
 */
export function pendingSql(linkId: Column | SQL | Placeholder | string): SQL<number> {
  return sql<number>`(select count(*) from ${transactions} t where t.payment_link_id = ${linkIdOf(linkId)} and t.status = 'PENDING')`;
}

/** The link's uses: its charges that were paid (whatever happened after). Index-only too (transactions_link_paid_idx). */
export function usesSql(linkId: Column | SQL | Placeholder | string): SQL<number> {
  return sql<number>`(select count(*) from ${transactions} t where t.payment_link_id = ${linkIdOf(linkId)} and t.paid_at is not null)`;
}

/** The link's charges that hold a use: paid or still pending (a pending charge has no paid_at). */
export function usesAndReservationsSql(linkId: Column | SQL | Placeholder | string): SQL<number> {
  return sql<number>`(${pendingSql(linkId)} + ${usesSql(linkId)})`;
}

/**
 * True when the payment_links row in the statement's FROM can be paid at `at`: ACTIVE, not past
 * its expiry, with room. The condition of a guarded write that reads the link itself (a checkout
 * session's INSERT … SELECT … FROM payment_links); the same test as `linkTakesChargeSql`.
 */
export function linkPayableSql(at: Placeholder): SQL {
  const l = paymentLinks;
  return sql`${l.status} = 'ACTIVE' and (${l.expiresAt} is null or ${l.expiresAt} > ${at})
    and (${l.maxUses} is null or ${usesAndReservationsSql(l.id)} < ${l.maxUses})`;
}

/** The charge's hold keys (holds.ts): the digests of its client address and its buyer's document, null when unknown. */
export interface HoldKeysSql {
  address: Placeholder;
  document: Placeholder;
}

/**
 * True when the payment_links row in the statement's FROM (one with maxUses) leaves room for one
 * more unpaid charge from the charge's client address and its buyer's document: each count reads
 * the link's pending charges of that key on its own partial index (transactions_link_pending_idx,
 * transactions_link_pending_document_idx), and a key that is null is not counted.
 */
function holdsFitSql(keys: HoldKeysSql): SQL {
  const l = paymentLinks;
  const linkId = linkIdOf(l.id);
  const maxUses = linkIdOf(l.maxUses);
  const held = (column: string, key: Placeholder) =>
    sql`(select count(*) from ${transactions} t where t.payment_link_id = ${linkId} and t.status = 'PENDING' and t.${sql.identifier(column)} = ${key})`;
  // Written as integer literals, not bound: a bound JS number may arrive as a REAL (libSQL over
  // HTTP), and the division must be an integer one: max(2, ⌈maxUses / 10⌉).
  const n = (value: number) => sql.raw(String(Math.trunc(value)));
  const perAddress = sql`max(${n(LINK_HOLDS_PER_ADDRESS_MIN)}, (${maxUses} + ${n(LINK_HOLDS_PER_ADDRESS_SHARE - 1)}) / ${n(LINK_HOLDS_PER_ADDRESS_SHARE)})`;
  return sql`(${keys.address} is null or ${held("link_hold_address", keys.address)} < ${perAddress})
    and (${keys.document} is null or ${held("link_hold_document", keys.document)} < ${n(LINK_HOLDS_PER_DOCUMENT)})`;
}

/**
 * True when a charge for link `linkId` may be created at `at` (a null link: any charge may), with
 * `keys` within the link's caps. Part of the creating INSERT's condition, evaluated by the
 * database in the same write.
 */
export function linkTakesChargeSql(linkId: Placeholder, at: Placeholder, keys: HoldKeysSql): SQL {
  const l = paymentLinks;
  // A link without maxUses counts nothing: SQLite evaluates `or` left to right and stops at true.
  return sql`(${linkId} is null or exists (select 1 from ${l} where ${l.id} = ${linkId} and ${l.status} = 'ACTIVE'
    and (${l.expiresAt} is null or ${l.expiresAt} > ${at})
    and (${l.maxUses} is null or (${usesAndReservationsSql(l.id)} < ${l.maxUses} and ${holdsFitSql(keys)}))))`;
}
