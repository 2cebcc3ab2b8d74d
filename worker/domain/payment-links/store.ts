/**
 * Reading a payment link as it truly is now, and committing its moves (machine.ts) through the
 * outbox. A link is read with its uses and reservations in one statement; a link found past its
 * `expiresAt` is expired first (committed, with PAYMENT_LINK_EXPIRED), so no one sees or pays an
 * expired link as ACTIVE. A move is a guarded UPDATE (the revision read must still be current)
 * and the move's event, written under the same guard: a lost race writes nothing.
 */
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { packedColumns, perDatabase, PreparedQuery } from "../../db/prepared";
import { paymentLinks } from "../../db/schema";
import type { Platform } from "../../platform";
import { newEvent, Outbox } from "../events/outbox";
import type { Scope } from "../scope";
import { PAYMENT_LINK_MACHINE, type PaymentLinkTrigger } from "./machine";
import { usesAndReservationsSql, usesSql } from "./room";
import { toPaymentLink, type LinkState, type PaymentLinkRow } from "./serialize";

/**
 * What a read counts: `all` (the owner's view, a move's event: currentUses and reservedUses), or
 * `room` (a buyer's page or payment: only what decides whether the link has room, so a link with
 * no maxUses counts nothing however many charges it has; its uses then read 0).
 */
export type LinkCounts = "all" | "room";

/** A link's columns packed as one (db/prepared.ts), then its uses and its uses plus reservations. */
const packed = packedColumns(getTableColumns(paymentLinks));

/**
 * What a read of a link selects (three columns, in this order), for a statement that reads
 * payment_links with other tables too (a buyer's pay reads its session, link and seller at once).
 */
export function linkStateFields(counts: LinkCounts) {
  const l = paymentLinks;
  const limited = (count: SQL<number>) => (counts === "all" ? count : sql<number>`(case when ${l.maxUses} is null then 0 else ${count} end)`);
  return { row: packed.field, uses: limited(usesSql(l.id)), held: limited(usesAndReservationsSql(l.id)) };
}

/** The LinkState of the three columns of `linkStateFields` starting at `at` of a raw row. */
export const readLinkState = (raw: ArrayLike<unknown>, at = 0): LinkState => ({
  row: packed.read(raw[at] as string),
  uses: Number(raw[at + 1]),
  reserved: Number(raw[at + 2]) - Number(raw[at + 1]),
});
const readState = (raw: ArrayLike<unknown>) => readLinkState(raw);

/** The four reads of a link (each count, with or without a scope), built once per database. */
const reads = perDatabase((db) => {
  const l = paymentLinks;
  const build = (counts: LinkCounts, scoped: boolean) => {
    const scope = scoped ? and(eq(l.sellerId, sql.placeholder("sellerId")), eq(l.livemode, sql.placeholder("livemode"))) : undefined;
    const query = db
      .select(linkStateFields(counts))
      .from(l)
      .where(and(eq(l.id, sql.placeholder("id")), scope))
      .limit(1);
    return new PreparedQuery(db, query, readState);
  };
  return { all: build("all", false), allInScope: build("all", true), room: build("room", false), roomInScope: build("room", true) };
});

/** Link `id` with its uses and reservations, in one statement; null outside `scope` when one is given. */
export async function findLink(db: Db, id: string, scope?: Scope, counts: LinkCounts = "all"): Promise<LinkState | null> {
  const read = reads(db)[scope ? (counts === "all" ? "allInScope" : "roomInScope") : counts];
  const state = scope ? await read.first({ id, sellerId: scope.sellerId, livemode: scope.livemode ? 1 : 0 }) : await read.first({ id });
  return state ?? null;
}

/** True when the link is past its expiry at `now` and can still expire. */
export function isLinkDue(row: Pick<PaymentLinkRow, "status" | "expiresAt">, now: string): boolean {
  return row.status !== "EXPIRED" && row.expiresAt !== null && row.expiresAt <= now;
}

/** A link as it truly is now: read, and expired first when it is due (its event with every count). */
export async function readLink(platform: Platform, id: string, scope?: Scope, counts: LinkCounts = "all"): Promise<LinkState | null> {
  const state = await findLink(platform.db, id, scope, counts);
  if (!state || !isLinkDue(state.row, platform.now().toISOString())) return state;
  const whole = counts === "all" ? state : await findLink(platform.db, id, scope);
  return (whole && (await moveLink(platform, whole, "expire"))) ?? (await findLink(platform.db, id, scope, counts));
}

/**
 * Commits `trigger` from `current` (with `changes` to its fields) and its event; the state after
 * it, or null when the link changed since it was read. 409 when the machine has no such move.
 */
export async function moveLink(
  platform: Platform,
  current: LinkState,
  trigger: PaymentLinkTrigger,
  changes: Partial<Omit<PaymentLinkRow, "id" | "sellerId" | "livemode" | "status" | "revision" | "createdAt" | "updatedAt">> = {},
  /** A condition the move also needs at the moment it is written (e.g. maxUses not below the uses held). */
  guard?: SQL,
): Promise<LinkState | null> {
  const move = PAYMENT_LINK_MACHINE.require(current.row.status, trigger);
  const at = platform.now().toISOString();
  const revision = crypto.randomUUID();
  const next: LinkState = { ...current, row: { ...current.row, ...changes, status: move.to, revision, updatedAt: at } };
  const l = paymentLinks;
  const outbox = new Outbox(platform);
  const moved = outbox.change(
    platform.db
      .update(l)
      .set({ ...changes, status: move.to, revision, updatedAt: at })
      .where(and(eq(l.id, current.row.id), eq(l.revision, current.row.revision), guard))
      .returning({ id: l.id }),
  );
  const happened = sql`exists (select 1 from ${l} where ${l.id} = ${current.row.id} and ${l.revision} = ${revision})`;
  const paymentLink = toPaymentLink(next, platform.config.baseUrl);
  outbox.emit(newEvent({ type: move.event!, sellerId: current.row.sellerId, livemode: current.row.livemode, occurredAt: at, data: { details: { paymentLink } } }), happened);
  const results = await outbox.commit();
  return (results[moved] as unknown[]).length === 1 ? next : null;
}
