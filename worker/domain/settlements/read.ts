/**
 * Reading settlements (GET /v1/settlements and /{id}): the caller's own, in its key's mode,
 * newest first; another seller's is 404 (owned.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { settlements } from "../../db/schema";
import type { Page, PageParams } from "../../lib/pagination";
import type { Settlement } from "../../schemas/settlement";
import type { Scope } from "../scope";
import { findOwned, pageOwned } from "./owned";
import { toSettlement } from "./schedule";

/** The list's filters and position. */
export type SettlementListQuery = PageParams & { status?: Settlement["status"] };

/** The scope's settlement `id`, else 404. */
export async function findSettlement(db: Db, scope: Scope, id: string): Promise<Settlement> {
  return toSettlement(await findOwned(db, settlements, "settlement", scope, id));
}

/** One page of the scope's settlements, optionally of one status. */
export async function listSettlements(db: Db, scope: Scope, query: SettlementListQuery): Promise<Page<Settlement>> {
  const page = await pageOwned(db, settlements, scope, query, query.status ? eq(settlements.status, query.status) : undefined);
  return { ...page, items: page.items.map(toSettlement) };
}
