/**
 * The sweep that purges abandoned single-use cards (docs/security.md, card testing): a card a
 * browser sent for one sale is vaulted SINGLE_USE until the sale is paid (then spent at once,
 * transition.ts). One never paid is forgotten once no sale can still use it: its PAN is wiped and
 * it is INACTIVE, 25 hours after it was vaulted (a pendingAction lives at most 24 hours). The row
 * stays (transactions and 3DS sessions name it), its PAN does not.
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { cards } from "../../db/schema";
import type { Platform } from "../../platform";

/** How long a single-use card outlives its vaulting. */
export const SINGLE_USE_CARD_HOURS = 25;
const BATCH = 500;

/** Wipes abandoned single-use cards, 500 at a time, up to 20 rounds a run; returns how many. */
export async function purgeAbandonedCards(platform: Platform): Promise<number> {
  const before = new Date(platform.now().getTime() - SINGLE_USE_CARD_HOURS * 3_600_000).toISOString();
  const c = cards;
  let total = 0;
  for (let round = 0; round < 20; round++) {
    const due = await platform.db
      .select({ id: c.id })
      .from(c)
      .where(and(eq(c.type, "SINGLE_USE"), eq(c.status, "ACTIVE"), lte(c.createdAt, before)))
      .orderBy(asc(c.createdAt))
      .limit(BATCH);
    if (due.length === 0) break;
    await platform.db.update(c).set({ status: "INACTIVE", pan: "" }).where(and(inArray(c.id, due.map((d) => d.id)), eq(c.status, "ACTIVE")));
    total += due.length;
    if (due.length < BATCH) break;
  }
  return total;
}
