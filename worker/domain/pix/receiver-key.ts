/**
 * The receiving PIX key of a charge (the JWS `chave`): a key registered in the BCB's DICT, in one
 * of its five formats. No bank can credit anything else, so a key is checked when it is
 * configured, not when a payer's bank fails to resolve it.
 */
import { isValidCnpj, isValidCpf } from "../../../shared/documents";

/**
 * The sandbox's receiving key, used by test charges when neither the seller nor the installation
 * has one. A random EVP that nobody registered: test QR codes never credit anyone.
 */
export const SANDBOX_PIX_KEY = "2f1c5a0e-7b7d-4c1e-9a3f-5b0d5a4db0c5";

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
