import { defineConfig } from "vitest/config";
import { liftedRateLimits } from "./worker/lib/rate-limit";

// Node-side tests. The workerd tests live in their own project (vitest.workers.config.ts).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "worker/**/*.test.ts", "shared/**/*.test.ts", "dashboard/**/*.test.ts"],
    exclude: ["test/workerd/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20_000,
    pool: "forks",
    // Node hosts the tests start (npm start, the demo, the browser tests' gateway) inherit this: they
    // send bursts no client would, so the rate limits are lifted there; test/node/rate-limits.test.ts
    // starts its host with the real ones (docs/security.md).
    env: { RATE_LIMITS: liftedRateLimits() },
    // test/browser/ (in Chromium) loads dist/widget/pay.js: rebuilt here when older than its sources.
    globalSetup: ["./test/browser/widget-setup.ts"],
  },
});
