/**
 * A session's browser and system in a few words, read from its user agent ("Chrome", "Linux"): the
 * first known name found, in an order that puts a browser before the engines it names too (Edge's
 * and Opera's user agents say "Chrome", Chrome's says "Safari"). Nothing else of the string is
 * read; the page shows it whole beside the summary.
 */

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
