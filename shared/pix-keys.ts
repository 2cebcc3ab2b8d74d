/**
 * DICT keys (the BCB's directory of PIX keys): the five formats a receiving key may take. Shared
 * by the API (a seller's bank account, the installation's key) and the admin CLI.
 */
import { isValidCnpj, isValidCpf } from "./documents";

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PHONE = /^\+55[1-9][0-9]{9,10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The DICT key types. */
export type PixKeyType = "EVP" | "CPF" | "CNPJ" | "EMAIL" | "PHONE";

/** The type of a well-formed DICT key, or null when `key` is not one. */
export function pixKeyType(key: string): PixKeyType | null {
  if (EVP.test(key)) return "EVP";
  if (PHONE.test(key)) return "PHONE";
  if (/^[0-9]{11}$/.test(key) && isValidCpf(key)) return "CPF";
  if (/^[0-9]{14}$/.test(key) && isValidCnpj(key)) return "CNPJ";
  if (key.length <= 77 && EMAIL.test(key) && key === key.toLowerCase()) return "EMAIL";
  return null;
}

/** What a DICT key must look like, for error messages. */
export const PIX_KEY_FORMATS =
  "an EVP (lowercase UUID), a CPF or CNPJ (digits, valid check digits), a lowercase e-mail of at most 77 characters, or a phone as +55 and 10-11 digits";
