/**
 * Builds the widget (widget/vite.config.ts's builds: dist/widget/pay.js and pay.js.map, then
 * the card frame's card-frame.html, .js, .js.map and .css) and the seller dashboard
 * (dashboard/vite.config.ts: dashboard.js and its map, beside them) and writes the Worker's serving rules
 * for it (dist/_redirects, dist/_headers; see widget/serving.ts).
 *
 * `tsx widget/build.ts` is the CLI (`npm run build` and `npm install` run it); `ensureWidget()` is
 * what `npm start` and the browser tests call: it builds only when a built file is missing
 * (or, asked to, older than a source file).
 *
 * Several processes may build at once (test files each starting `npm start` on a fresh clone), so
 * vite writes into a private folder beside dist/widget, and each file is then moved into place
 * with a rename: a reader sees the old file or the new one, never half of one.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { headersFile, redirectsFile, WIDGET_DIR } from "./serving";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = join(ROOT, "dist");
const CONFIGS = ["widget/vite.config.ts", "dashboard/vite.config.ts"].map((file) => join(ROOT, file));
/** The front ends' sources: the widget's, the dashboard's, and shared/ (card rules, money, locale, the theme) they import. */
const SOURCES = ["widget/src", "dashboard/src", "shared"].map((dir) => join(ROOT, dir));

/** The built module. */
export const WIDGET_BUNDLE = join(DIST, WIDGET_DIR, "pay.js");

/** Every file the builds must leave (pay.js first): one missing means build again. */
const WIDGET_OUTPUTS = [WIDGET_BUNDLE, ...["pay-link.js", "card-frame.html", "card-frame.js", "card-frame.css", "dashboard.js"].map((file) => join(DIST, WIDGET_DIR, file))];

/** Whether every built file is there. */
const widgetIsBuilt = () => WIDGET_OUTPUTS.every((file) => existsSync(file));

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Whether a built file is missing, or older than what it is built from (sources, vite and TS configs, lockfile). */
export function widgetIsStale(): boolean {
  if (!widgetIsBuilt()) return true;
  const built = Math.min(...WIDGET_OUTPUTS.map((file) => statSync(file).mtimeMs));
  const inputs = [...SOURCES.flatMap(filesUnder), ...CONFIGS, join(ROOT, "tsconfig.json"), join(ROOT, "package-lock.json")];
  return inputs.some((file) => existsSync(file) && statSync(file).mtimeMs > built);
}

/** Writes dist/_redirects and dist/_headers unless they already say what widget/serving.ts says. */
function writeServingRules(): void {
  for (const [name, text] of [["_redirects", redirectsFile()], ["_headers", headersFile()]] as const) {
    const path = join(DIST, name);
    if (!existsSync(path) || readFileSync(path, "utf8") !== text) writeAtomically(path, text);
  }
}

/** Runs vite and moves its output into dist/widget; writes dist/_redirects and dist/_headers. */
export async function buildWidget(): Promise<void> {
  const { build } = await import("vite");
  const { WIDGET_BUILDS } = await import("./vite.config");
  const { DASHBOARD_BUILD } = await import("../dashboard/vite.config");
  // Same depth as dist/widget, so the sourcemap's relative source paths stay right after the move.
  const staging = join(DIST, `.widget-build-${process.pid}-${Date.now()}`);
  try {
    for (const config of [...WIDGET_BUILDS, DASHBOARD_BUILD]) await build({ ...config, configFile: false, build: { ...config.build, outDir: staging } });
    const target = join(DIST, WIDGET_DIR);
    mkdirSync(target, { recursive: true });
    const built = filesUnder(staging).map((file) => relative(staging, file));
    for (const file of built) {
      mkdirSync(join(target, file, ".."), { recursive: true });
      renameSync(join(staging, file), join(target, file));
    }
    // What an earlier build left that this one no longer makes.
    for (const file of filesUnder(target)) if (!built.includes(relative(target, file))) rmSync(file, { force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  writeServingRules();
}

function writeAtomically(path: string, text: string): void {
  // A dot-file meanwhile: the Node host never lists those.
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/**
 * Builds the widget when a built file is missing (or, with `ifStale`, out of date), and says
 * whether it did. With `ifStale` (tests, development) a current bundle still gets its serving rules brought
 * up to date, which needs no vite; without it (`npm start`) an existing build is left untouched,
 * so a read-only dist/ is fine.
 */
export async function ensureWidget(opts: { ifStale?: boolean } = {}): Promise<boolean> {
  if (widgetIsBuilt() && !(opts.ifStale && widgetIsStale())) {
    if (opts.ifStale) writeServingRules();
    return false;
  }
  await buildWidget();
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  buildWidget().then(
    () => process.stdout.write(`Built the widget: ${relative(ROOT, WIDGET_BUNDLE)}, the card frame and the dashboard (${Date.now() - started} ms)\n`),
    (err) => {
      process.stderr.write(`Building the widget failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
