/**
 * The dashboard's search keys, written with every transaction so support finds a payment the way
 * it is asked for (docs/dashboard.md, "Finding a payment"), each by an index, never by opening the
 * sealed personal data:
 *
 * - the buyer's name, lower-cased and without accents ("José" → "jose"), found by its beginning;
 * - the CPF/CNPJ's blind index: an HMAC (the vault's MAC key, derived from VAULT_KEY) of the
 *   seller's id and the document's digits, found by equality. With the seller inside the digest,
 *   one CPF at two sellers gives two unrelated values (docs/security.md, "The blind index").
 */
import { documentKey, searchName } from "../../../shared/search-text";
import type { Vault } from "../../lib/vault";

/** The blind index of a document (already `documentKey`-normalised) at one seller. */
export async function documentDigest(vault: Vault, sellerId: string, key: string): Promise<string> {
  const [digest] = await vault.digests([`payment-search:document:${sellerId}:${key}`]);
  return digest!;
}

/** The search columns of a transaction whose customer has `name` and (maybe) document `number`. */
export async function searchColumns(vault: Vault, sellerId: string, name: string, number: string | null | undefined) {
  const key = number ? documentKey(number) : null;
  return {
    customerNameSearch: searchName(name),
    customerDocumentDigest: key ? await documentDigest(vault, sellerId, key) : null,
  };
}
