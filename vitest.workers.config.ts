import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { kCurrentWorker } from "miniflare";
import { defineConfig } from "vitest/config";

// The workerd tests: worker/index.ts runs in workerd (Miniflare) with wrangler.toml's bindings,
// against a database served by the local libSQL server that test/workerd/node/global-setup.ts
// starts in Node (files under test/workerd/node/ run in Node; the others in workerd).
// The options are a function so they can read what global-setup provided.
/** Files that count the requests their libSQL server receives: no other file may use that server meanwhile. */
const COUNTS_ROUND_TRIPS = ["test/workerd/round-trips.test.ts", "test/workerd/dashboard-payouts.test.ts"];

export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // The Worker's secrets and vars for this run (they override wrangler.toml's [vars]).
        bindings: {
          TURSO_DATABASE_URL: inject("libsqlUrl"),
          VAULT_KEY: inject("vaultKey"),
          PIX_SIGNING_JWK: inject("pixSigningJwk"),
          PUBLIC_BASE_URL: inject("baseUrl"),
          // Live PIX through the PSP simulator global-setup started (issue 29): a live key's PIX
          // charge is made there. No PIX_PSP_MTLS binding: plain http, accepted on loopback only.
          PIX_PSP_URL: inject("pspUrl"),
          PIX_PSP_TOKEN_URL: inject("pspTokenUrl"),
          PIX_PSP_CLIENT_ID: inject("pspClientId"),
          PIX_PSP_CLIENT_SECRET: inject("pspClientSecret"),
          PIX_RECEIVER_KEY: inject("pspReceiverKey"),
          // PIX Automático: the platform's account at the simulator that charge instructions pay into.
          PIX_PSP_RECEIVER_ACCOUNT: "0001/1234567/CORRENTE",
          // Live cards through the card simulators global-setup started (issue 30).
          ...(JSON.parse(inject("cardSimsEnv")) as Record<string, string>),
        },
        // `exports.default.fetch` calls the Worker's module directly, skipping the static assets
        // (dist/) that Cloudflare serves first; this binding reaches the Worker as the internet does.
        serviceBindings: { WORKER_WITH_ASSETS: kCurrentWorker },
        // Every workerd test file shares global-setup's keys: their per-key limits are lifted here,
        // or files running side by side would cut each other off. The per-address limits keep
        // wrangler.toml's numbers (requests without CF-Connecting-IP are not counted by address);
        // test/workerd/rate-limits.test.ts bursts past them.
        ratelimits: {
          RL_SECRET_TEST: { simple: { limit: 1_000_000, period: 10 } },
          RL_SECRET_LIVE: { simple: { limit: 1_000_000, period: 10 } },
          RL_PUBLISHABLE_KEY: { simple: { limit: 1_000_000, period: 10 } },
          RL_CARD_PUBLISHABLE_KEY: { simple: { limit: 1_000_000, period: 60 } },
        },
      },
    })),
  ],
  test: {
    testTimeout: 20_000,
    // Two workers on two cores (vitest's default is one): the files' own sellers and keys keep
    // them apart on the shared database.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "workerd",
          include: ["test/workerd/**/*.test.ts"],
          exclude: COUNTS_ROUND_TRIPS,
          // The widget first: the pool reads the static assets (dist/) after the global set-up.
          globalSetup: ["./test/browser/widget-setup.ts", "./test/workerd/node/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "workerd-round-trips",
          include: COUNTS_ROUND_TRIPS,
          globalSetup: ["./test/browser/widget-setup.ts", "./test/workerd/node/global-setup.ts"],
          // After the others, one at a time, on a libSQL server of their own.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
    ],
  },
});
