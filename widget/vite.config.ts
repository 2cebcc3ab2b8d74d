/**
 * The widget's builds (`WIDGET_BUILDS`), each into ONE ES module with its sourcemap:
 * - widget/src/pay.ts and everything it imports (Lit included) into dist/widget/pay.js, the
 *   script sellers load (this file's default export, so `npx vite build -c widget/vite.config.ts`
 *   builds it alone), and its link mode (widget/src/link/) into dist/widget/pay-link.js, which
 *   pay.js imports only when a `<pay-checkout payment-link>` needs it;
 * - the card frame's script (widget/src/card-frame/card-frame.ts, with shared/cards.ts; no Lit)
 *   into dist/widget/card-frame.js and card-frame.css, its page (card-frame/public/) copied
 *   beside them; served at /elements/card-frame (docs/widget.md, "Card entry");
 * - the seller dashboard's application (dashboard/, its build dashboard/vite.config.ts: with its
 *   own Lit and @simplewebauthn/browser) into dist/widget/dashboard.js, served at /dashboard.js to
 *   the dashboard's page (docs/dashboard.md); sellers' pages never load it.
 * `npm run build` (and `npm install`, and `npm start` when a file is missing) run them all through
 * widget/build.ts, which also writes the serving rules.
 *
 * Lit's decorators compile as TypeScript's experimental decorators: the root tsconfig.json sets
 * `experimentalDecorators` and `useDefineForClassFields: false`, which vite's transform reads.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type UserConfig } from "vite";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Where the front ends' Lit styles live (the widget, the dashboard, the theme they share). */
const LIT_SOURCES = ["/widget/src/", "/dashboard/src/", "/shared/ui/"];

/**
 * Minifies the CSS inside Lit's css`…` templates, which the JS minifier leaves as written
 * (indentation, comments, spaces after `:` and around braces): a kilobyte of pay.js's 25 kB
 * budget. Conservative: comments go, whitespace runs become one space, and spaces after `{};,>`
 * and before `{}` and after `:` in declarations go; a space before `:` is kept (`a :hover` ≠
 * `a:hover`). `${…}` interpolations are left as they are.
 */
export function minifyLitCss(): Plugin {
  const shrink = (cssText: string) =>
    cssText
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\s+/g, " ")
      .replace(/\s*([{};,>])\s*/g, "$1")
      .replace(/([;{]\s*[-a-z]+):\s+/g, "$1:")
      .replace(/;}/g, "}")
      .trim();
  return {
    name: "minify-lit-css",
    enforce: "pre",
    transform(code, id) {
      if (!LIT_SOURCES.some((dir) => id.includes(dir)) || !code.includes("css`")) return null;
      const out = code.replace(/css`([^`]*)`/g, (_, body: string) => {
        // Keep interpolations intact: minify only the literal parts between them.
        const parts = body.split(/(\$\{[^}]*\})/);
        return `css\`${parts.map((part) => (part.startsWith("${") ? part : shrink(part))).join("")}\``;
      });
      return { code: out, map: null };
    },
  };
}

/**
 * A library build of `entry` (a path relative to widget/, or a URL: the dashboard's entry) into
 * dist/widget/{name}.js, one file, minified.
 */
export function widgetBuild(entry: string | URL, name: string, extra: { publicDir?: string; emptyOutDir?: boolean; lazyChunk?: string } = {}): UserConfig {
  return {
    root: ROOT,
    // Static files copied as they are (the card frame's page); pay.js has none.
    publicDir: extra.publicDir ? fileURLToPath(new URL(extra.publicDir, import.meta.url)) : false,
    logLevel: "warn",
    plugins: [minifyLitCss()],
    // Lit's production build whatever NODE_ENV says: vite picks the "development" export condition
    // unless NODE_ENV=production, and npm scripts do not set it (the dev build warns in the
    // buyer's console, "Lit is in dev mode", and weighs a third more).
    resolve: { conditions: ["module", "browser", "production"] },
    build: {
      lib: {
        entry: fileURLToPath(entry instanceof URL ? entry : new URL(entry, import.meta.url)),
        formats: ["es"],
        fileName: () => `${name}.js`,
        // What the entry imports of CSS, minified into one file (only the card frame has any).
        cssFileName: name,
      },
      outDir: "dist/widget",
      // Empties dist/widget only; the rest of dist/ (the Scalar bundle) is another step's.
      emptyOutDir: extra.emptyOutDir ?? true,
      sourcemap: true,
      // Browsers with native custom elements, shadow DOM and module scripts all run ES2022.
      target: "es2022",
      minify: true,
      rolldownOptions: {
        // pay.js may carry what its lazy chunk shares with it (Lit): the chunk imports it from pay.js.
        preserveEntrySignatures: "allow-extension",
        output: {
          // One file, plus at most the one chunk the entry imports lazily (`lazyChunk`: pay.js's
          // link mode, widget/src/link/define.ts), which the entry loads beside itself only when
          // a page needs it; a seller's page still names one script.
          codeSplitting: extra.lazyChunk !== undefined,
          ...(extra.lazyChunk ? { chunkFileNames: `${extra.lazyChunk}.js` } : {}),
          // Whitespace too: vite keeps it in an ES library for other bundlers' tree-shaking, but
          // this file's reader is a buyer's browser, not a bundler.
          minify: true,
        },
      },
    },
  };
}

/**
 * widget/build.ts runs these in order, then the dashboard's (dashboard/vite.config.ts): the first
 * empties the output folder, the others add to it.
 */
export const WIDGET_BUILDS: readonly UserConfig[] = [
  widgetBuild("./src/pay.ts", "pay", { lazyChunk: "pay-link" }),
  widgetBuild("./src/card-frame/card-frame.ts", "card-frame", { publicDir: "./src/card-frame/public", emptyOutDir: false }),
];

export default defineConfig(WIDGET_BUILDS[0]!);
