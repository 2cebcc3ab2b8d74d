/**
 * The Node host's static files: what is in dist/ answers GET and HEAD before the app, as
 * Cloudflare serves wrangler.toml's `[assets]` directory (the same dist/) before the Worker.
 * So one build output serves both hosts: the Scalar bundle behind /docs, and the widget, whose
 * public URLs (`/pay.js`, `/pay.js.map`, the card frame's `/elements/card-frame` and its files)
 * and headers come from widget/serving.ts, the same rules the Worker gets as dist/_redirects and
 * dist/_headers (which are rules, never served).
 *
 * dist/ is listed once, at start (it is a build output, not an upload folder): a request for
 * anything else goes straight to the app, without a file-system call on the API's hot path.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { isWidgetPath, WIDGET_FILES, widgetHeaders } from "../../widget/serving";

/** The project's dist/ folder (not committed; filled by `npm install` and `npm run build`). */
export const DIST_DIR = fileURLToPath(new URL("../../dist", import.meta.url));

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Cloudflare's rule files at the top of the assets folder: read by the platform, never served. */
const RULE_FILES = new Set(["/_headers", "/_redirects", "/.assetsignore"]);

/**
 * Every file under `root`, as the URL path that serves it (`/docs/scalar.js`), leaving out the
 * rule files and anything under a dot-folder (a widget build in progress).
 */
function urlPaths(root: string): Set<string> {
  try {
    const entries = readdirSync(root, { recursive: true, withFileTypes: true });
    const paths = entries.filter((e) => e.isFile()).map((e) => `/${relative(root, join(e.parentPath, e.name)).split(sep).join("/")}`);
    return new Set(paths.filter((p) => !RULE_FILES.has(p) && !p.includes("/.")));
  } catch {
    return new Set(); // no dist/ yet: nothing to serve
  }
}

/** The path of a request URL, without parsing the whole URL. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const end = url.search(/[?#]/);
  return start === -1 ? "/" : url.slice(start, end === -1 ? undefined : end);
}

/** A fetch handler that serves the files under `root` and hands every other request to `app`. */
export function withStaticFiles(app: { fetch: FetchHandler }, root = DIST_DIR): { fetch: FetchHandler } {
  const files = urlPaths(root);
  // The widget's public URLs, rewritten to its build files (when they are there).
  const rewrites = new Map(Object.entries(WIDGET_FILES).filter(([, file]) => files.has(file)));
  const widgetETag = etag();
  const statics = new Hono()
    .use(async (c, next) => {
      if (!isWidgetPath(c.req.path)) {
        await next();
        // Revalidate every time: a newer install may have replaced a file under the same name.
        c.res.headers.set("Cache-Control", "no-cache");
        c.res.headers.set("X-Content-Type-Options", "nosniff");
        return;
      }
      // The widget: its own headers, and an ETag so a revalidation after max-age can answer 304.
      await widgetETag(c, next);
      for (const [name, value] of Object.entries(widgetHeaders(c.req.path))) c.res.headers.set(name, value);
    })
    .use(serveStatic({ root, rewriteRequestPath: (path) => rewrites.get(path) ?? path }));
  return {
    fetch: (request, env) => {
      if (request.method !== "GET" && request.method !== "HEAD") return app.fetch(request, env);
      const path = pathOf(request.url);
      return files.has(path) || rewrites.has(path) ? statics.fetch(request, env) : app.fetch(request, env);
    },
  };
}
