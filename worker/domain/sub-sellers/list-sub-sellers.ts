/**
 * A company's sub-sellers of the key's mode, newest first, a page at a time (the spec's envelope, with a cursor for
 * deep pages), each with its webhooks of the caller's mode. `totalItems` is counted: a company's sub-sellers are few next to its
 * transactions, and the count walks the (parent_id, created_at, id) index only.
 */
import { and, count, desc } from "drizzle-orm";
import { sellers } from "../../db/schema";
import { keysetWindow } from "../../db/keyset";
import { pageLimit, pageOf, pageStart, type Page, type PageParams } from "../../lib/pagination";
import type { Platform } from "../../platform";
import type { Seller } from "../../schemas/seller";
import type { Scope } from "../scope";
import { subSellersOf } from "./reach";
import { sellerViews } from "./serialize";

/** One page of the caller's sub-sellers. */
export async function listSubSellers(platform: Platform, caller: Scope, query: PageParams): Promise<Page<Seller>> {
  const { db } = platform;
  const start = pageStart(query);
  const { after, offset } = keysetWindow(start, sellers.createdAt, sellers.id);
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(sellers)
      .where(and(subSellersOf(caller), after))
      .orderBy(desc(sellers.createdAt), desc(sellers.id))
      .limit(pageLimit(start, query.size))
      .offset(offset),
    db.select({ n: count() }).from(sellers).where(subSellersOf(caller)),
  ]);
  const page = pageOf(rows, total?.n ?? 0, start, query.size);
  return { ...page, items: await sellerViews(db, caller, page.items) };
}
