/**
 * The languages the service's pages speak to people (the widget, the link page, the dashboard),
 * and how a language tag names one of them. Each front end keeps its own words.
 */

/** The languages the front ends speak. */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The first candidate that names a supported language, as that language; en when none does. */
export function resolveLocale(...candidates: (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const tag = candidate?.trim().toLowerCase() ?? "";
    if (tag === "pt" || tag.startsWith("pt-")) return "pt-BR";
    if (tag === "en" || tag.startsWith("en-")) return "en";
  }
  return "en";
}
