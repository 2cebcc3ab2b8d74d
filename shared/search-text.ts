/**
 * How the payments search reads what support types (docs/dashboard.md, "Finding a payment"):
 * names compared without case or accents, and a CPF/CNPJ with or without its punctuation. Shared
 * by the server, which stores and matches these forms, and the dashboard, which checks the form.
 */

/** A name as the search compares it: NFD without combining marks, lower case, single spaces. */
export function searchName(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * A CPF/CNPJ as typed ("529.982.247-25", "11.222.333/0001-81", with spaces): its 11 or 14
 * characters (a CNPJ may be alphanumeric from July 2026), or null when it is no document's length.
 */
export function documentKey(typed: string): string | null {
  const chars = typed.replace(/[\s./-]/g, "").toUpperCase();
  return /^(\d{11}|[0-9A-Z]{12}\d{2})$/.test(chars) ? chars : null;
}
