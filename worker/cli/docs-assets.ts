/**
 * Copies the browser bundle of `@scalar/api-reference` (the version package.json pins: the one
 * `@scalar/hono-api-reference`'s page is written for) into dist/, where both hosts serve it at
 * SCALAR_SCRIPT_PATH. Run by `npm install` (postinstall), so the README's set-up stays two
 * commands, and by `npm run build`, which `npm run deploy` runs before wrangler uploads dist/.
 *
 * dist/ is shared with the widget's build: a build step that empties dist/ (vite does by default)
 * must run before this copy.
 *
 * A copy rather than serving node_modules: the Worker cannot read node_modules, and as a static
 * asset the 4 MB bundle costs the Worker nothing (no script size, no invocation, edge-cached).
 */
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { SCALAR_SCRIPT_PATH } from "../routes/docs";
import { DIST_DIR } from "../node/static-files";

// The package's exports hide dist/browser/, so find it beside the main entry (dist/index.js).
const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
const source = join(dirname(entry), "browser", "standalone.js");
const target = join(DIST_DIR, SCALAR_SCRIPT_PATH);

mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
process.stdout.write(`Copied the Scalar bundle to ${target}\n`);
