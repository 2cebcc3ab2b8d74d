/**
 * Brazilian tax documents: CPF (people) and CNPJ (companies), validated by their real check
 * digits and masked for display. Shared by the API and the widget.
 *
 * CNPJ accepts the alphanumeric form the Receita Federal issues from July 2026: twelve characters
 * of [0-9A-Z] and two numeric check digits, each character weighing its char code minus 48
 * (so all-digit CNPJs compute exactly as before).
 */

export type DocumentType = "CPF" | "CNPJ";

/** Mod-11 check digit over `chars` with the given weights (the CPF/CNPJ rule). */
function checkDigit(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True when `value` is an 11-digit CPF with valid check digits (not a repeated digit). */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const d1 = checkDigit(value.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit(value.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return value.endsWith(`${d1}${d2}`);
}

/** True when `value` is a 14-character CNPJ (numeric or alphanumeric) with valid check digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const d1 = checkDigit(value.slice(0, 12), w1);
  const d2 = checkDigit(value.slice(0, 13), [6, ...w1]);
  return value.endsWith(`${d1}${d2}`);
}

/** Validates a document of the given type. */
export function isValidDocument(type: DocumentType, value: string): boolean {
  return type === "CPF" ? isValidCpf(value) : isValidCnpj(value);
}

/**
 * Masks a document for display, keeping only the middle characters:
 * CPF `***.456.789-**`, CNPJ `**.345.678/0001-**`. Anything else is fully masked.
 */
export function maskDocument(value: string): string {
  if (value.length === 11) return `***.${value.slice(3, 6)}.${value.slice(6, 9)}-**`;
  if (value.length === 14) return `**.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-**`;
  return "*".repeat(value.length);
}

/**
 * A document as people write it: a CNPJ `11.222.333/0001-81` (alphanumeric ones too), a CPF
 * `529.982.247-25`; a masked one or anything else as it is.
 */
export function formatDocument(value: string): string {
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`;
  if (/^\d{11}$/.test(value)) return `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`;
  return value;
}
