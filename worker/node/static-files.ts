/**
 * The Node host's static files: what is in dist/ answers GET and HEAD before the app, as
 * Cloudflare serves wrangler.toml's `[assets]` directory (the same dist/) before the Worker.
 * So one build output serves both hosts: the Scalar bundle behind /docs, later the widget.
 */
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { fileURLToPath } from "node:url";

/** The project's dist/ folder (not committed; filled by `npm install` and `npm run build`). */
export const DIST_DIR = fileURLToPath(new URL("../../dist", import.meta.url));

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

/** A fetch handler that serves files under `root` and hands every other request to `app`. */
export function withStaticFiles(app: { fetch: FetchHandler }, root = DIST_DIR) {
  return new Hono<{ Variables: { staticFile: boolean } }>()
    .use(async (c, next) => {
      await next();
      if (!c.var.staticFile) return;
      // Revalidate every time: a newer install may have replaced a file under the same name.
      c.res.headers.set("Cache-Control", "no-cache");
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    })
    .use(serveStatic({ root, onFound: (_path, c) => c.set("staticFile", true) }))
    .all("*", (c) => app.fetch(c.req.raw, c.env));
}
