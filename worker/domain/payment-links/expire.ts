/**
 * The minute sweep's part for payment links: every link past its `expiresAt` that is not EXPIRED
 * yet becomes EXPIRED, with PAYMENT_LINK_EXPIRED, in bounded rounds (a read or a payment attempt
 * expires a link at once; this catches the ones nobody opened). A link moved meanwhile loses the
 * race harmlessly: its revision changed, nothing is written.
 */
import { and, asc, isNotNull, lte, ne } from "drizzle-orm";
import { paymentLinks } from "../../db/schema";
import type { Platform } from "../../platform";
import { findLink, moveLink } from "./store";

/** Links one round reads. */
export const LINK_EXPIRE_BATCH = 100;

/** Expires every due link; returns how many. */
export async function expirePaymentLinks(platform: Platform): Promise<number> {
  let expired = 0;
  for (;;) {
    const now = platform.now().toISOString();
    const l = paymentLinks;
    const due = await platform.db
      .select({ id: l.id })
      .from(l)
      .where(and(ne(l.status, "EXPIRED"), isNotNull(l.expiresAt), lte(l.expiresAt, now)))
      .orderBy(asc(l.expiresAt))
      .limit(LINK_EXPIRE_BATCH);
    const before = expired;
    for (const { id } of due) {
      const state = await findLink(platform.db, id);
      if (state && state.row.status !== "EXPIRED" && (await moveLink(platform, state, "expire"))) expired++;
    }
    if (due.length < LINK_EXPIRE_BATCH || expired === before) return expired;
  }
}
