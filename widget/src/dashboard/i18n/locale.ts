/**
 * The dashboard's language: en when the browser's language (`navigator.language`) is English,
 * pt-BR otherwise (the service's sellers are Brazilian). Chosen once, when the page loads; amounts
 * and dates are written in it too.
 */
import type { Locale } from "../../locale";
import { en, type DashboardStrings } from "./strings.en";
import { ptBR } from "./strings.pt-br";

export type { DashboardStrings, Locale };

/** pt-BR unless `language` is an English tag. */
export function dashboardLocale(language: string | undefined): Locale {
  const tag = language?.trim().toLowerCase() ?? "";
  return tag === "en" || tag.startsWith("en-") ? "en" : "pt-BR";
}

/** The page's language. */
export const LOCALE: Locale = dashboardLocale(globalThis.navigator?.language);

/** The page's words. */
export const strings: DashboardStrings = LOCALE === "en" ? en : ptBR;
