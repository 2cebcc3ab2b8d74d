/**
 * A device's name as the dashboard writes it ("Chrome no Linux"), read from a user agent: the
 * sessions page's heading of each session and the audit log's browser column, one function for
 * both so a member recognises the same device on either page. The browser and the system are the
 * first known names found, in an order that puts a browser before the engines it names too
 * (Edge's and Opera's user agents say "Chrome", Chrome's says "Safari"). Nothing else of the string
 * is read; the pages show it whole beside the name.
 */
import type { DashboardStrings } from "../i18n/locale";


const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (list: [RegExp, string][], ua: string) => list.find(([re]) => re.test(ua))?.[1] ?? "";

/** The browser's and the system's names (each "" when unknown). */
export function summarize(userAgent: string | null): { browser: string; os: string } {
  const ua = userAgent ?? "";
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}

/** The device's name in the page's words: "Chrome on Linux", "Firefox", or "Unknown browser". */
export function deviceName(userAgent: string | null, s: DashboardStrings): string {
  const { browser, os } = summarize(userAgent);
  return s.sessions.device(browser || s.sessions.unknownBrowser, os);
}
