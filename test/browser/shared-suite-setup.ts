/**
 * vitest `globalSetup` of the dashboard's browser tests (vitest.config.ts, project
 * "dashboard-browser"): starts one gateway host (`npm start`, PUBLIC_BASE_URL on localhost for
 * WebAuthn) and one Chromium server (launch.ts, its safe flags) for all of the project's files,
 * instead of a host and a browser per file, and stops both after the run.
 *
 * A file joins them with `joinSharedSuite` (./shared-suite.ts): a seller of its own on the shared
 * host, and its own browser contexts. A file that needs a host to itself (one it restarts) starts
 * it with `startBrowserSuite`, which still drives the shared Chromium.
 */
import type { TestProject } from "vitest/node";
import { liftedRateLimits } from "../../worker/lib/rate-limit";
import { launchGatewayHost } from "./gateway-host";
import { launchBrowserServer } from "./launch";

/** What the project's files are handed of the shared host: where it listens and its database file. */
export interface SharedHostAddress {
  base: string;
  publicBase: string;
  port: number;
  databaseFile: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared host, when the run has one. */
    sharedHost?: SharedHostAddress;
    /** The shared Chromium's WebSocket endpoint (`connectBrowser`), when the run has one. */
    sharedBrowser?: string;
  }
}

export default async function setup(project: TestProject) {
  // The test files' own hosts inherit vitest.config.ts's `env` through the workers; this one is
  // started from the main process, so it is given the lifted limits here.
  const host = await launchGatewayHost("dashboard-shared", { localhostBaseUrl: true, env: { RATE_LIMITS: liftedRateLimits() } });
  let server: Awaited<ReturnType<typeof launchBrowserServer>>;
  try {
    server = await launchBrowserServer();
  } catch (err) {
    await host.stop();
    throw err;
  }
  project.provide("sharedHost", { base: host.base, publicBase: host.publicBase, port: host.port, databaseFile: host.databaseFile });
  project.provide("sharedBrowser", server.wsEndpoint());
  return async () => {
    try {
      await server.close();
    } finally {
      await host.stop();
    }
  };
}
