import { defineConfig } from "vitest/config";
import { liftedRateLimits } from "./worker/lib/rate-limit";

/** The dashboard's browser tests: one project, so they share one host and one Chromium. */
const DASHBOARD_BROWSER = "dashboard/test/dashboard*.test.ts";
/**
 * Files whose assertion is a wall-clock budget for work in the test's own process (a webhook
 * delivered within 1 s): they run after the others, alone, so the other worker's load is not
 * counted against it.
 */
const ALONE = ["test/node/webhooks-concurrency.test.ts"];

// Node-side tests. The workerd tests live in their own project (vitest.workers.config.ts).
export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    pool: "forks",
    // One module graph per worker, not per file: importing the app (hono, zod-openapi's routes,
    // drizzle) cost each file a second or more, most of the run. The files' state is per test
    // context (in-memory databases, platforms, servers they close), and nothing mocks a module or
    // a global (no vi.mock, vi.stubGlobal or fake timers), so none leaks into the next file.
    isolate: false,
    // Two workers on two cores (vitest's default is one fewer than the cores): the browser and
    // host tests wait on Chromium and child processes most of their time, which the other
    // worker's in-memory tests fill.
    maxWorkers: 2,
    // Node hosts the tests start (npm start, the demo, the browser tests' gateway) inherit this: they
    // send bursts no client would, so the rate limits are lifted there; test/node/rate-limits.test.ts
    // starts its host with the real ones (docs/security.md).
    env: { RATE_LIMITS: liftedRateLimits() },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["test/**/*.test.ts", "worker/**/*.test.ts", "shared/**/*.test.ts", "dashboard/**/*.test.ts"],
          exclude: ["test/workerd/**", "node_modules/**", DASHBOARD_BROWSER, ...ALONE],
          // test/browser/ (in Chromium) loads dist/widget/pay.js: rebuilt here when older than its sources.
          globalSetup: ["./test/browser/widget-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dashboard-browser",
          include: [DASHBOARD_BROWSER],
          // The widget first (the dashboard's bundle is built with it), then the shared host and Chromium.
          globalSetup: ["./test/browser/widget-setup.ts", "./test/browser/shared-suite-setup.ts"],
        },
      },
      { extends: true, test: { name: "alone", include: ALONE, sequence: { groupOrder: 1 }, maxWorkers: 1 } },
    ],
  },
});
