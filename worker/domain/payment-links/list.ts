/**
 * GET /v1/sellers/{sellerId}/payment-links: a seller's links of the caller's mode, newest first,
 * a page at a time (the spec's envelope, `nextCursor` for deep pages), with an optional `status`.
 * The seller itself and its company may list them; anyone else gets 404 (sub-sellers/reach.ts).
 */
import { and, count, desc, eq } from "drizzle-orm";
import { keysetWindow } from "../../db/keyset";
import { paymentLinks } from "../../db/schema";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import type { PaymentLink } from "../../schemas/payment-link";
import type { Scope } from "../scope";
import { sellerInReach } from "../sub-sellers/reach";
import type { PaymentLinkStatus } from "./machine";
import { usesAndReservationsSql, usesSql } from "./room";
import { toPaymentLink } from "./serialize";
import { isLinkDue } from "./store";

/** One page of seller `sellerId`'s links. Links past their expiry are shown EXPIRED (the sweep records it within a minute). */
export async function listPaymentLinks(platform: Platform, caller: Scope, sellerId: string, query: PageParams & { status?: PaymentLinkStatus }): Promise<Page<PaymentLink>> {
  await sellerInReach(platform.db, caller, sellerId);
  const l = paymentLinks;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, l.createdAt, l.id);
  const mine = and(eq(l.sellerId, sellerId), eq(l.livemode, caller.livemode), query.status ? eq(l.status, query.status) : undefined);
  const [rows, [total]] = await platform.db.batch([
    platform.db
      .select({ row: l, uses: usesSql(l.id), held: usesAndReservationsSql(l.id) })
      .from(l)
      .where(and(mine, after))
      .orderBy(desc(l.createdAt), desc(l.id))
      .limit(pageLimit(start, query.size))
      .offset(offset),
    platform.db.select({ n: count() }).from(l).where(mine),
  ]);
  const page = pageOf(rows.map((r) => ({ ...r, createdAt: r.row.createdAt, id: r.row.id })), total?.n ?? 0, start, query.size);
  const now = platform.now().toISOString();
  return {
    ...page,
    items: page.items.map(({ row, uses, held }) => {
      const shown = isLinkDue(row, now) ? { ...row, status: "EXPIRED" as const } : row;
      return toPaymentLink({ row: shown, uses: Number(uses), reserved: Number(held) - Number(uses) }, platform.config.baseUrl);
    }),
  };
}
