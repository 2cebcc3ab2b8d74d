/**
 * The customer of a new transaction: a snapshot of the buyer (by `buyerId`) or of the inline
 * `buyer`, with the document masked for display and the personal data sealed. An inline buyer is
 * not saved as a Buyer.
 */
import { maskDocument } from "../../../shared/documents";
import type { PersonalData } from "../../db/schema";
import { validationError } from "../../lib/validation";
import type { Platform } from "../../platform";
import type { TransactionCreate } from "../../schemas/transaction";
import { findBuyer } from "../buyers";
import { openPersonalData, sealPersonalData } from "../personal-data";
import type { Scope } from "../scope";
import { searchName } from "../../../shared/search-text";
import { searchColumns } from "./search-keys";

/**
 * The customer as shown, the personal data to seal (or, from a buyer, already sealed), and the
 * search keys (search-keys.ts).
 */
export async function customerOf(platform: Platform, scope: Scope, body: TransactionCreate) {
  if (body.buyer) {
    // A payment link's buyer may give no document when the link does not require one.
    const { name, email, documentType, documentNumber, phone, address } = body.buyer as Partial<typeof body.buyer> & { name: string };
    const pii: PersonalData = { documentNumber: documentNumber ?? null, phone: phone ?? null, address: address ?? null };
    return {
      buyerId: null,
      customer: { name, email: email ?? null, documentType: documentType ?? null, document: documentNumber ? maskDocument(documentNumber) : null },
      customerPii: await sealPersonalData(platform.vault, pii),
      ...(await searchColumns(platform.vault, scope.sellerId, name, documentNumber)),
    };
  }
  const buyer = await findBuyer(platform.db, scope, body.buyerId!);
  if (!buyer) {
    throw validationError([{ path: "buyerId", in: "body", code: "not_found", message: "no buyer of yours has this id" }]);
  }
  return {
    buyerId: buyer.id,
    customer: { name: buyer.name, email: buyer.email, documentType: buyer.documentType, document: buyer.documentMasked },
    // Sealed under the same vault: copied as is, never opened (but for a buyer older than its digest).
    customerPii: buyer.pii,
    customerNameSearch: searchName(buyer.name),
    customerDocumentDigest: buyer.documentDigest || (await searchColumns(platform.vault, scope.sellerId, buyer.name, (await openPersonalData(platform.vault, buyer.pii)).documentNumber)).customerDocumentDigest,
  };
}

