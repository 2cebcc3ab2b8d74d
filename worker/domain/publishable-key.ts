/**
 * A seller's publishable key (pk_), for what a buyer's browser is handed: a card transaction's
 * `pendingAction` and the payments config. Publishable keys are public by design, so their text
 * is kept in clear (`api_keys.public_key`) to be named again; secret keys never are.
 */
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import type { Scope } from "./scope";

/** The seller's newest unrevoked publishable key of the scope's mode, or null when it has none. */
export async function publishableKeyOf(db: Db, scope: Scope): Promise<string | null> {
  const [row] = await db
    .select({ key: apiKeys.publicKey })
    .from(apiKeys)
    .where(and(eq(apiKeys.sellerId, scope.sellerId), eq(apiKeys.kind, "publishable"), eq(apiKeys.mode, scope.livemode ? "live" : "test"), isNull(apiKeys.revokedAt), isNotNull(apiKeys.publicKey)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1);
  return row?.key ?? null;
}
