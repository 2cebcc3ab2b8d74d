/**
 * The language of human-readable labels, from `Accept-Language`: pt-BR or en. The service's users
 * are Brazilian sellers, so pt-BR is the default, and any Portuguese tag means pt-BR.
 */

/** The languages labels are written in. */
export type Locale = "pt-BR" | "en";

/**
 * The best supported language of an `Accept-Language` header (RFC 9110 q-values), else
 * `fallback` (pt-BR unless a page says otherwise).
 */
export function localeOf(header: string | undefined | null, fallback: Locale = "pt-BR"): Locale {
  if (!header) return fallback;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === "pt" || tag.startsWith("pt-")) return "pt-BR";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return fallback;
}
