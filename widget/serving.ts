/**
 * How both hosts serve the widget: its public URLs, the build files behind them, and their
 * headers. One source for the two: the Node host applies it in worker/node/static-files.ts; for
 * the Worker, widget/build.ts writes it into dist/ as `_redirects` and `_headers`, the files
 * Cloudflare's static assets (wrangler.toml's `[assets]`, directory dist/) read at deploy.
 *
 * - `{base}/pay.js` and `{base}/pay.js.map` are rewrites (not redirects) of the build's
 *   `dist/widget/pay.js{,.map}`, so the script's URL is the one a seller pastes and the map sits
 *   beside it. `/widget/pay.js` answers too, with the same headers; `/pay.js` is the URL to use.
 * - `Cache-Control: public, max-age=300`: the URL is stable (sellers never change their tag), so
 *   it cannot be cached for long; five minutes spares a buyer's repeat loads, and a fix reaches
 *   every browser within five minutes of a deploy. Revalidation then uses the ETag.
 * - `Access-Control-Allow-Origin: *`: a module script from another origin is fetched in CORS
 *   mode, so without it no seller's page could load the widget. The file is public and carries
 *   no credentials.
 * - `X-Content-Type-Options: nosniff` with an exact JavaScript (or, for the map, JSON) type.
 */

/** Where vite writes the widget, under dist/. */
export const WIDGET_DIR = "widget";

/** Each public URL path of the widget and the path of the dist/ file behind it. */
export const WIDGET_FILES: Readonly<Record<string, string>> = {
  "/pay.js": `/${WIDGET_DIR}/pay.js`,
  "/pay.js.map": `/${WIDGET_DIR}/pay.js.map`,
};

export const WIDGET_CACHE_CONTROL = "public, max-age=300";

/** Whether a URL path is one of the widget's (public or build path). */
export function isWidgetPath(path: string): boolean {
  return path in WIDGET_FILES || path.startsWith(`/${WIDGET_DIR}/`);
}

/** The headers a widget file is served with. */
export function widgetHeaders(path: string): Record<string, string> {
  return {
    "Content-Type": path.endsWith(".map") ? "application/json; charset=utf-8" : "text/javascript; charset=utf-8",
    "Cache-Control": WIDGET_CACHE_CONTROL,
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
  };
}

const GENERATED = "# Written by widget/build.ts from widget/serving.ts: edit those, not this file.";

/** dist/_redirects: the public URLs as rewrites (status 200) of the build's files. */
export function redirectsFile(): string {
  return [GENERATED, ...Object.entries(WIDGET_FILES).map(([url, file]) => `${url} ${file} 200`)].join("\n") + "\n";
}

/** dist/_headers: the widget's headers, on its public URLs and on the build folder. */
export function headersFile(): string {
  const rule = (pattern: string, sample: string) =>
    [pattern, ...Object.entries(widgetHeaders(sample)).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const rules = [
    ...Object.keys(WIDGET_FILES).map((url) => rule(url, url)),
    rule(`/${WIDGET_DIR}/*.js`, "x.js"),
    rule(`/${WIDGET_DIR}/*.map`, "x.map"),
  ];
  return `${GENERATED}\n${rules.join("\n")}\n`;
}
