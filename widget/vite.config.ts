/**
 * The widget's build: widget/src/pay.ts and everything it imports (Lit included) into ONE ES
 * module, dist/widget/pay.js, with its sourcemap. `npm run build` (and `npm install`, and
 * `npm start` when the file is missing) run it through widget/build.ts, which also writes the
 * serving rules; `npx vite build -c widget/vite.config.ts` runs this alone.
 *
 * Lit's decorators compile as TypeScript's experimental decorators: the root tsconfig.json sets
 * `experimentalDecorators` and `useDefineForClassFields: false`, which vite's transform reads.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: ROOT,
  // Nothing to copy: the widget has no static files of its own (yet).
  publicDir: false,
  logLevel: "warn",
  build: {
    lib: {
      entry: fileURLToPath(new URL("./src/pay.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "pay.js",
    },
    outDir: "dist/widget",
    // Empties dist/widget only; the rest of dist/ (the Scalar bundle) is another step's.
    emptyOutDir: true,
    sourcemap: true,
    // Browsers with native custom elements, shadow DOM and module scripts all run ES2022.
    target: "es2022",
    minify: true,
    rolldownOptions: {
      output: {
        // One file: no chunk may be split off (a seller's page loads one script).
        codeSplitting: false,
        // Whitespace too: vite keeps it in an ES library for other bundlers' tree-shaking, but
        // this file's reader is a buyer's browser, not a bundler.
        minify: true,
      },
    },
  },
});
