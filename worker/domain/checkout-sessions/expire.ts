/**
 * The minute sweep's part for checkout sessions: OPEN sessions past their TTL with no charge
 * waiting to be paid become EXPIRED (a read records it at once too: store.ts). A session whose
 * charge is still PENDING stays OPEN until that charge ends: its QR or its 3DS may still be paid.
 */
import { sql } from "drizzle-orm";
import { checkoutSessions } from "../../db/schema";
import type { Platform } from "../../platform";

/** Sessions one statement expires. */
export const SESSION_EXPIRE_BATCH = 500;

/** Expires every due session; returns how many. */
export async function expireCheckoutSessions(platform: Platform): Promise<number> {
  const now = platform.now().toISOString();
  const s = checkoutSessions;
  let expired = 0;
  for (;;) {
    const rows = await platform.db
      .update(s)
      .set({ status: "EXPIRED", updatedAt: now })
      .where(sql`rowid in (select rowid from ${s} where ${s.status} = 'OPEN' and ${s.expiresAt} <= ${now}
        and not exists (select 1 from transactions t where t.id = checkout_sessions.transaction_id and (t.status = 'PENDING' or t.paid_at is not null))
        limit ${SESSION_EXPIRE_BATCH})`)
      .returning({ id: s.id });
    expired += rows.length;
    if (rows.length < SESSION_EXPIRE_BATCH) return expired;
  }
}
