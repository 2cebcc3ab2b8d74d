/**
 * The name a buyer sees for a seller (the checkout, a payment link's page): its fantasy name, else
 * its legal name. One read, for every buyer-facing view.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { sellers } from "../db/schema";

/** A seller's name as buyers read it. */
export const merchantName = (seller: { fantasyName: string | null; legalName: string }): string => seller.fantasyName ?? seller.legalName;

/** Seller `sellerId`'s name as buyers read it ("" when it does not exist). */
export async function merchantNameOf(db: Db, sellerId: string): Promise<string> {
  const [merchant] = await db.select({ legalName: sellers.legalName, fantasyName: sellers.fantasyName }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return merchant ? merchantName(merchant) : "";
}
