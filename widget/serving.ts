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
 * - The card frame (docs/widget.md, "Card entry"): its page at `{base}/elements/card-frame`, and
 *   beside it (the page names them relatively) `card-frame.js`, its map and `card-frame.css`.
 *   The page alone gets no CORS grant (nothing fetches it: sellers frame it) but a strict CSP of
 *   its own: only its own script, stylesheet and calls (`'self'`), no inline script or style, no
 *   images, fonts, frames or form posts, and `frame-ancestors *`, since every seller's page
 *   frames it. `Referrer-Policy: no-referrer`: its calls to the API carry no page address.
 * - The seller dashboard's script, `{base}/dashboard.js` and its map (docs/dashboard.md), with the
 *   same headers as pay.js. Its page is the app's (worker/routes/dashboard-page.ts), which sets
 *   the page's own CSP; the script is a public file and carries no secret.
 */

/** Where vite writes the widget, under dist/. */
export const WIDGET_DIR = "widget";

/** The card frame's public URL (its files sit beside it: `/elements/card-frame.js`…). */
export const CARD_FRAME_PATH = "/elements/card-frame";

/** Each public URL path of the widget and the path of the dist/ file behind it. */
export const WIDGET_FILES: Readonly<Record<string, string>> = {
  "/pay.js": `/${WIDGET_DIR}/pay.js`,
  "/pay.js.map": `/${WIDGET_DIR}/pay.js.map`,
  // pay.js's link mode, which pay.js imports from beside itself (`./pay-link.js`).
  "/pay-link.js": `/${WIDGET_DIR}/pay-link.js`,
  "/pay-link.js.map": `/${WIDGET_DIR}/pay-link.js.map`,
  [CARD_FRAME_PATH]: `/${WIDGET_DIR}/card-frame.html`,
  [`${CARD_FRAME_PATH}.js`]: `/${WIDGET_DIR}/card-frame.js`,
  [`${CARD_FRAME_PATH}.js.map`]: `/${WIDGET_DIR}/card-frame.js.map`,
  [`${CARD_FRAME_PATH}.css`]: `/${WIDGET_DIR}/card-frame.css`,
  // The seller dashboard's application, for its page at /dashboard.
  "/dashboard.js": `/${WIDGET_DIR}/dashboard.js`,
  "/dashboard.js.map": `/${WIDGET_DIR}/dashboard.js.map`,
};

/** The card frame page's own policy: what it may load, and that any site may frame it. */
export const CARD_FRAME_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  js: "text/javascript; charset=utf-8",
  map: "application/json; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
};

export const WIDGET_CACHE_CONTROL = "public, max-age=300";

/** Whether a URL path is one of the widget's (public or build path). */
export function isWidgetPath(path: string): boolean {
  return path in WIDGET_FILES || path.startsWith(`/${WIDGET_DIR}/`);
}

/** The headers a widget file (by public or build path) is served with. */
export function widgetHeaders(path: string): Record<string, string> {
  const file = WIDGET_FILES[path] ?? path;
  const type = CONTENT_TYPES[file.slice(file.lastIndexOf(".") + 1)] ?? CONTENT_TYPES.js!;
  const page = type === CONTENT_TYPES.html;
  return {
    "Content-Type": type,
    "Cache-Control": WIDGET_CACHE_CONTROL,
    ...(page ? { "Content-Security-Policy": CARD_FRAME_CSP, "Referrer-Policy": "no-referrer" } : { "Access-Control-Allow-Origin": "*" }),
    "X-Content-Type-Options": "nosniff",
  };
}

const GENERATED = "# Written by widget/build.ts from widget/serving.ts: edit those, not this file.";

/**
 * A build file's path as Cloudflare's static assets serve it: an HTML file without its `.html`
 * (their default `html_handling` serves `x.html` at `/x` and redirects `/x.html` there, 307,
 * a rewrite to it included).
 */
const assetPath = (file: string) => file.replace(/\.html$/, "");

/** dist/_redirects: the public URLs as rewrites (status 200) of the build's files. */
export function redirectsFile(): string {
  return [GENERATED, ...Object.entries(WIDGET_FILES).map(([url, file]) => `${url} ${assetPath(file)} 200`)].join("\n") + "\n";
}

/** dist/_headers: the widget's headers, on its public URLs and on the build folder. */
export function headersFile(): string {
  const rule = (pattern: string, sample: string) =>
    [pattern, ...Object.entries(widgetHeaders(sample)).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  const rules = [
    ...Object.keys(WIDGET_FILES).map((url) => rule(url, url)),
    ...["js", "map", "css"].map((ext) => rule(`/${WIDGET_DIR}/*.${ext}`, `x.${ext}`)),
    ...Object.values(WIDGET_FILES).filter((file) => file.endsWith(".html")).map((file) => rule(assetPath(file), file)),
  ];
  return `${GENERATED}\n${rules.join("\n")}\n`;
}
