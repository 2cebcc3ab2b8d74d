/**
 * The name a buyer sees for a seller (the checkout, a payment link's page): its fantasy name, else
 * its legal name. One read, for every buyer-facing view.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { sellers } from "../db/schema";

/** A seller's name as buyers read it. */
export const merchantName = (seller: { fantasyName: string | null; legalName: string }): string => seller.fantasyName ?? seller.legalName;

/** Seller `sellerId`'s name as buyers read it ("" when it does not exist). */
export async function merchantNameOf(db: Db, sellerId: string): Promise<string> {
  const [merchant] = await namesById(db).all({ id: sellerId });
  return merchant ? merchantName(merchant) : "";
}

/** Built once per database: the checkout's every read (the widget polls it) names the merchant. */
const namesById = perDatabase((db) =>
  db.select({ legalName: sellers.legalName, fantasyName: sellers.fantasyName }).from(sellers).where(eq(sellers.id, sql.placeholder("id"))).limit(1).prepare(),
);
