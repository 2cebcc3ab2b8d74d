/**
 * A time zone's long name in the page's language (`America/Sao_Paulo` → "Horário Padrão de
 * Brasília"), for the overview's note on whose days it counts; the id itself when the browser
 * has no name for it.
 */
import { LOCALE } from "../i18n/locale";

/** The zone's long generic name, or `zone` when Intl has none. */
export function zoneName(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date());
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  } catch {
    return zone;
  }
}
