import { defineConfig } from "vitest/config";

// Node-side tests. The workerd tests live in their own project (vitest.workers.config.ts).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "worker/**/*.test.ts", "shared/**/*.test.ts"],
    exclude: ["test/workerd/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20_000,
    pool: "forks",
    // test/browser/ (in Chromium) loads dist/widget/pay.js: rebuilt here when older than its sources.
    globalSetup: ["./test/browser/widget-setup.ts"],
  },
});
