/** `raw` as a URL, or null when it is not one (URL.canParse, which workers-types does not declare yet). */
export function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}
