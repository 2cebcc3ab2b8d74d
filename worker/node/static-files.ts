/**
 * The Node host's static files: what is in dist/ answers GET and HEAD before the app, as
 * Cloudflare serves wrangler.toml's `[assets]` directory (the same dist/) before the Worker.
 * So one build output serves both hosts: the Scalar bundle behind /docs, later the widget.
 *
 * dist/ is listed once, at start (it is a build output, not an upload folder): a request for
 * anything else goes straight to the app, without a file-system call on the API's hot path.
 */
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/** The project's dist/ folder (not committed; filled by `npm install` and `npm run build`). */
export const DIST_DIR = fileURLToPath(new URL("../../dist", import.meta.url));

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Every file under `root`, as the URL path that serves it (`/docs/scalar.js`). */
function urlPaths(root: string): Set<string> {
  try {
    const entries = readdirSync(root, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile()).map((e) => `/${relative(root, join(e.parentPath, e.name)).split(sep).join("/")}`));
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
  const statics = new Hono()
    .use(async (c, next) => {
      await next();
      // Revalidate every time: a newer install may have replaced a file under the same name.
      c.res.headers.set("Cache-Control", "no-cache");
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    })
    .use(serveStatic({ root }));
  return {
    fetch: (request, env) =>
      (request.method === "GET" || request.method === "HEAD") && files.has(pathOf(request.url))
        ? statics.fetch(request, env)
        : app.fetch(request, env),
  };
}
