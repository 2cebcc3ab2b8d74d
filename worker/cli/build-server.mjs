/**
 * Compiles the Node host (worker/node.ts and what it imports from this checkout) to one JavaScript
 * file, build/server.mjs, that `node` runs as the server process itself: what a container starts
 * (docs/operations.md), and what `npm start` runs (worker/cli/start.mjs), so SIGTERM reaches the
 * server rather than a wrapper. Packages stay imports from node_modules.
 *
 * Source files find their neighbours by `new URL("…", import.meta.url)` (migrations/, dist/, the
 * demo's public/ files); in one bundle every module would share build/'s URL, so each module's
 * `import.meta.url` is rewritten to its source file's URL, reckoned from the bundle's own.
 *
 * Plain JavaScript, so the start needs no TypeScript loader. CLI: `node worker/cli/build-server.mjs`
 * (npm install and npm run build run it).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The compiled server. Outside dist/, which both hosts serve to anyone. */
export const SERVER_FILE = join(ROOT, "build", "server.mjs");

/** Each checkout module's import.meta.url, as its source file's URL relative to the bundle's. */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const contents = readFileSync(args.path, "utf8");
      if (!contents.includes("import.meta.url")) return { contents, loader: "ts" };
      const fromBundle = relative(dirname(SERVER_FILE), args.path).split(sep).join("/");
      return { contents: contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: "ts" };
    });
  },
};

/**
 * Writes build/server.mjs (and its source map). Written beside and renamed into place, so a
 * server starting meanwhile (tests start several) never reads half a file.
 */
export async function buildServer() {
  mkdirSync(dirname(SERVER_FILE), { recursive: true });
  const result = await build({
    entryPoints: [join(ROOT, "worker", "node.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    sourcesContent: false,
    outfile: SERVER_FILE,
    write: false,
    logLevel: "warning",
    plugins: [sourceUrls],
    banner: { js: "// Built by worker/cli/build-server.mjs from worker/node.ts: edit the sources, not this file." },
  });
  const suffix = `.${process.pid}.tmp`;
  // The map first: the moment server.mjs appears, its map is there.
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith(".map")) - Number(a.path.endsWith(".map")));
  for (const file of files) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  return SERVER_FILE;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildServer();
}
