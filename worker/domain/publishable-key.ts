/**
 * A seller's publishable key (pk_), for what a buyer's browser is handed: a card transaction's
 * `pendingAction` and the payments config. Publishable keys are public by design, so their text
 * is kept in clear (`api_keys.public_key`) to be named again; secret keys never are.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { apiKeys } from "../db/schema";
import type { Scope } from "./scope";

/** The seller's newest unrevoked publishable key of the scope's mode, or null when it has none. */
export async function publishableKeyOf(db: Db, scope: Scope): Promise<string | null> {
  const [row] = await newestPublishable(db).all({ sellerId: scope.sellerId, mode: scope.livemode ? "live" : "test" });
  return row?.key ?? null;
}

/** Built once per database: every buyer-facing answer of a card charge names the key. */
const newestPublishable = perDatabase((db) =>
  db
    .select({ key: apiKeys.publicKey })
    .from(apiKeys)
    .where(and(eq(apiKeys.sellerId, sql.placeholder("sellerId")), eq(apiKeys.kind, "publishable"), eq(apiKeys.mode, sql.placeholder("mode")), isNull(apiKeys.revokedAt), isNull(apiKeys.expiresAt), isNotNull(apiKeys.publicKey)))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1)
    .prepare(),
);
