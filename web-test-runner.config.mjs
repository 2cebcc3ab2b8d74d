/**
 * Component tests (widget/test/*.test.ts) with @web/test-runner, in the same Chromium and with the
 * same safe flags as the browser tests: test/browser/launch.ts finds it (CHROME_PATH, an installed
 * Chromium, else the one inside the npm package @sparticuz/chromium; never a download). This file
 * imports TypeScript, so `npm run test:components` runs the runner under tsx.
 */
import { esbuildPlugin } from "@web/dev-server-esbuild";
import { chromeLauncher } from "@web/test-runner-chrome";
import { findBrowser, unsafeArgs } from "./test/browser/launch.ts";

const browser = await findBrowser();
const unsafe = unsafeArgs(browser.args);
if (unsafe.length) throw new Error(`refusing to launch Chromium with ${unsafe.join(" ")}: it switches the same-origin policy off`);

export default {
  files: ["widget/test/**/*.test.ts"],
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, tsconfig: "./tsconfig.json", target: "es2022" })],
  browsers: [chromeLauncher({ launchOptions: { executablePath: browser.executablePath, headless: true, args: browser.args } })],
  // Lit's development build says so once per page; nothing else from the browser is filtered.
  filterBrowserLogs: ({ args }) => !String(args[0] ?? "").startsWith("Lit is in dev mode"),
  testFramework: { config: { timeout: 10_000 } },
};
