/**
 * The name a buyer sees for a seller (the checkout, a payment link's page): its fantasy name, else
 * its legal name. One read, for every buyer-facing view; and who sells, in full, for the link's
 * page (`merchantIdentityOf`).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { perDatabase } from "../db/prepared";
import { sellers } from "../db/schema";
import { maskDocument } from "../../shared/documents";
import type { Platform } from "../platform";
import { openPersonalData } from "./personal-data";

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

/**
 * Who sells, as Decreto 7.962/2013 (art. 2, I) asks an online shop to show: the name buyers know,
 * the legal name and the registration number. A CNPJ is a company's public registration (anyone
 * looks it up at the Receita Federal), so it is shown in full; a CPF is a person's, so it stays
 * masked (`***.456.789-**`), as every document of a person does here. No document: null.
 */
export interface MerchantIdentity {
  name: string;
  legalName: string;
  documentType: "CPF" | "CNPJ" | null;
  document: string | null;
}

const identityById = perDatabase((db) =>
  db
    .select({ legalName: sellers.legalName, fantasyName: sellers.fantasyName, documentType: sellers.documentType, documentNumber: sellers.documentNumber, documentMasked: sellers.documentMasked, pii: sellers.pii })
    .from(sellers)
    .where(eq(sellers.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
);

/**
 * Seller `sellerId` as a link's page names it; null when it does not exist. A company's CNPJ is
 * in clear (`seller:create --cnpj`); a sub-seller's document is sealed with its address and bank
 * account, so its CNPJ is opened from the vault for this read (never its CPF: the masked column).
 */
export async function merchantIdentityOf(platform: Platform, sellerId: string): Promise<MerchantIdentity | null> {
  const [row] = await identityById(platform.db).all({ id: sellerId });
  if (!row) return null;
  const identity = { name: merchantName(row), legalName: row.legalName, documentType: row.documentType ?? null, document: null as string | null };
  if (row.documentType === "CPF") identity.document = row.documentMasked ?? (row.documentNumber ? maskDocument(row.documentNumber) : null);
  else if (row.documentType === "CNPJ") identity.document = row.documentNumber ?? (row.pii ? await sealedDocument(platform, row.pii) : null);
  return identity.document ? identity : { ...identity, documentType: null };
}

/** The document number inside a sub-seller's sealed personal data (a legacy row's clear JSON too). */
async function sealedDocument(platform: Platform, stored: string): Promise<string | null> {
  const { documentNumber } = (await openPersonalData(platform.vault, stored)) as { documentNumber?: unknown };
  return typeof documentNumber === "string" ? documentNumber : null;
}
