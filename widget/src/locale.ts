/**
 * The widget's languages and its words in each. A component takes its `locale` attribute when it
 * names one of these (any `pt…` is pt-BR, any `en…` is en), else the page's `<html lang>`, else en.
 */

/** The languages the widget speaks. */
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

/** Every text the widget shows or announces, per language. */
const STRINGS = {
  en: { checkout: "Payment" },
  "pt-BR": { checkout: "Pagamento" },
} satisfies Record<Locale, Record<string, string>>;

export type Strings = (typeof STRINGS)["en"];

export const stringsFor = (locale: Locale): Strings => STRINGS[locale];
