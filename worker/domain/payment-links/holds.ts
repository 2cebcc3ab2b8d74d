/**
 * A link's held uses (docs/payment-links.md, "Held uses"): every pending charge of a link with
 * `maxUses` holds one of its uses until it is paid, cancelled or expires. So that no one can hold
 * them all (OWASP API6, issue 28):
 *
 * - **Caps.** A link's unpaid charges from one client address are at most
 *   `max(2, ⌈maxUses / 10⌉)`, and from one buyer document at most LINK_HOLDS_PER_DOCUMENT. They
 *   are counted in the charge's own INSERT (room.ts), so the cap costs no round trip and holds
 *   under any concurrency; a charge over a cap is never created (429 RATE_LIMITED, below).
 * - **A short hold until someone looks.** A link's charge is created expiring in
 *   LINK_UNSEEN_HOLD_SECONDS; the first time the buyer's page reads it (its checkout view, or its
 *   checkout session) or the payer's bank fetches its PIX location, `expiresAt` moves to
 *   LINK_CHARGE_SECONDS after its creation (`lookAt`). A charge nobody ever reads (a script that
 *   only pays) frees its use after minutes, by the ordinary expiry.
 * - **The seller sees and releases them** (held-uses.ts).
 *
 * The client address and the document are never stored: a charge keeps keyed digests of them
 * (the vault's HMAC, with the link's id in the input, so the same buyer is not linkable across
 * links and an address cannot be recovered by trying all 2³² of them without the vault key). An
 * IPv6 address counts by its /64, the block one subscriber gets, so rotating within it gains
 * nothing. Links without `maxUses` hold nothing: their charges carry no digests and count nothing.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { transactions } from "../../db/schema";
import { ApiError, type FieldError } from "../../lib/problem";
import type { Platform } from "../../platform";
import { storedView, type TransactionState } from "../transactions/serialize";
import { findTransaction } from "../transactions/store";
import { isClaimed } from "../transactions/transition";

/** How long a link's charge may wait to be paid once someone looked at it (a PIX QR, a card in 3DS): a checkout's span. */
export const LINK_CHARGE_SECONDS = 1800;
/** How long a link's charge holds its use while no one has looked at it. */
export const LINK_UNSEEN_HOLD_SECONDS = 300;
/** The unpaid charges of a link one buyer document may hold. */
export const LINK_HOLDS_PER_DOCUMENT = 2;
/** The unpaid charges of a link one client address may hold: at least this many, */
export const LINK_HOLDS_PER_ADDRESS_MIN = 2;
/** or this share of its uses (rounded up), so a crowd behind one carrier's NAT can still buy a large link. */
export const LINK_HOLDS_PER_ADDRESS_SHARE = 10;

/** The cap per client address of a link of `maxUses` (room.ts writes the same in SQL). */
export function addressCap(maxUses: number): number {
  return Math.max(LINK_HOLDS_PER_ADDRESS_MIN, Math.ceil(maxUses / LINK_HOLDS_PER_ADDRESS_SHARE));
}

/** What a link's charge is counted by: the digests of its client address and its buyer's document. */
export interface HoldKeys {
  holdAddress: string | null;
  holdDocument: string | null;
}

const NO_HOLD_KEYS: HoldKeys = { holdAddress: null, holdDocument: null };

/** Four hex digits of a 16-bit IPv6 group, from a group or (at the end) a dotted IPv4. */
function ipv6Groups(part: string): string[] {
  if (!part) return [];
  const groups = part.split(":");
  const last = groups[groups.length - 1]!;
  if (last.includes(".")) {
    const [a, b, c, d] = last.split(".").map(Number) as [number, number, number, number];
    groups.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  return groups;
}

/**
 * What counts as one client: an IPv4 address as it is (an IPv4-mapped IPv6 address is its IPv4),
 * an IPv6 address by its first 64 bits.
 */
export function addressKey(address: string): string {
  let a = address.trim().toLowerCase();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") === -1 ? undefined : a.indexOf("]"));
  const zone = a.indexOf("%");
  if (zone !== -1) a = a.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  if (mapped) return mapped[1]!;
  if (!a.includes(":")) return a;
  const [head = "", tail] = a.split("::");
  const h = ipv6Groups(head);
  const t = tail === undefined ? [] : ipv6Groups(tail);
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** Characters of a digest kept (base64url: 132 bits). */
const DIGEST_CHARS = 22;

/**
 * The hold keys of a charge of `link` from `clientAddress` (null when the host cannot tell it) for
 * a buyer of `documentNumber` (if given). A link without maxUses holds nothing: no keys.
 */
export async function holdKeysOf(
  platform: Platform,
  link: { id: string; maxUses: number | null },
  clientAddress: string | null,
  documentNumber: string | undefined,
): Promise<HoldKeys> {
  if (link.maxUses === null) return NO_HOLD_KEYS;
  const address = clientAddress ? addressKey(clientAddress) : null;
  const document = documentNumber?.replace(/\D/g, "") || null;
  if (!address && !document) return NO_HOLD_KEYS;
  const [a, d] = await platform.vault.digests([`payment-link-hold:address:${link.id}:${address ?? ""}`, `payment-link-hold:document:${link.id}:${document ?? ""}`]);
  return { holdAddress: address ? a!.slice(0, DIGEST_CHARS) : null, holdDocument: document ? d!.slice(0, DIGEST_CHARS) : null };
}

/**
 * The 429 of a charge that a cap refused, or null when neither cap is reached (the link's room
 * was what lacked). Read only after the guarded INSERT refused the charge: the paying path never
 * counts anything itself. `Retry-After` says when the first of those holds ends, if no one pays it.
 */
export async function holdRefusal(platform: Platform, link: { id: string; maxUses: number | null }, keys: HoldKeys): Promise<ApiError | null> {
  if (link.maxUses === null || (!keys.holdAddress && !keys.holdDocument)) return null;
  const t = transactions;
  const held = (column: typeof t.linkHoldAddress | typeof t.linkHoldDocument, key: string | null) =>
    sql<string>`(select json_array(count(*), min(${t.expiresAt})) from ${t} where ${t.paymentLinkId} = ${link.id} and ${t.status} = 'PENDING' and ${column} = ${key})`;
  const read = await platform.db.run(sql`select ${held(t.linkHoldAddress, keys.holdAddress)}, ${held(t.linkHoldDocument, keys.holdDocument)}`);
  const row = read.rows[0] as ArrayLike<unknown>;
  const [byAddress, addressUntil] = JSON.parse(row[0] as string) as [number, string | null];
  const [byDocument, documentUntil] = JSON.parse(row[1] as string) as [number, string | null];
  const now = platform.now().getTime();
  const refuse = (policy: string, limit: number, until: string | null, who: string, errors?: FieldError[]) => {
    const retryAfter = Math.max(1, Math.ceil(((until ? Date.parse(until) : now) - now) / 1000));
    return new ApiError(
      "RATE_LIMITED",
      `${who} already holds ${limit} unpaid charges of this payment link, the most it may: pay one of them, or retry after ${retryAfter} seconds, when the first of them ends unless it is paid.`,
      { headers: { "Retry-After": String(retryAfter) }, extensions: { policy, limit, paymentLinkId: link.id, retryAt: until }, errors },
    );
  };
  const perAddress = addressCap(link.maxUses);
  if (keys.holdAddress && byAddress >= perAddress) return refuse("paymentLinkHoldsPerAddress", perAddress, addressUntil, "This address");
  if (keys.holdDocument && byDocument >= LINK_HOLDS_PER_DOCUMENT) {
    return refuse("paymentLinkHoldsPerDocument", LINK_HOLDS_PER_DOCUMENT, documentUntil, "This CPF or CNPJ", [
      { path: "buyer.documentNumber", in: "body", code: "not_accepted", message: `already holds ${LINK_HOLDS_PER_DOCUMENT} unpaid charges of this payment link` },
    ]);
  }
  return null;
}

/** True while `row` is a link's charge that no one has looked at yet. */
export function awaitsLook(row: TransactionState["row"]): boolean {
  return row.paymentLinkId !== null && row.linkSeenAt === null && row.status === "PENDING";
}

/**
 * Someone looked at the charge (the buyer's page read it, or the payer's bank fetched its PIX
 * location): a link's charge not looked at before now holds its use for the full span,
 * LINK_CHARGE_SECONDS from its creation. One guarded UPDATE the first time (its view rewritten,
 * its revision moved, so a move read before it retries); nothing afterwards, and nothing for any
 * other charge. A charge a confirm holds is left to it (it was looked at to be confirmed).
 */
export async function lookAt(platform: Platform, state: TransactionState): Promise<TransactionState> {
  const { row } = state;
  if (!awaitsLook(row)) return state;
  const at = platform.now().toISOString();
  if (isClaimed(row, at)) return state;
  const full = new Date(Date.parse(row.createdAt) + LINK_CHARGE_SECONDS * 1000).toISOString();
  const expiresAt = row.expiresAt !== null && row.expiresAt > full ? row.expiresAt : full;
  const revision = crypto.randomUUID();
  const next: TransactionState = { ...state, row: { ...row, linkSeenAt: at, expiresAt, revision, updatedAt: at } };
  next.row.view = storedView(next);
  const t = transactions;
  const [moved] = await platform.db
    .update(t)
    .set({ linkSeenAt: at, expiresAt, revision, updatedAt: at, view: next.row.view })
    .where(and(eq(t.id, row.id), eq(t.revision, row.revision), eq(t.status, "PENDING"), isNull(t.linkSeenAt)))
    .returning({ id: t.id });
  if (moved) return next;
  // Another look, or a move, got there first: the charge as it left it.
  return (await findTransaction(platform.db, row.id)) ?? state;
}
