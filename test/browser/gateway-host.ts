/**
 * The gateway for a browser test file: `npm start` (the real Node host, as a user runs it) on a
 * fresh database in a temp folder, with the sandbox seller's keys and its owner's dashboard invite
 * read from its first-start banner, and the database file's path (for a test that must set up a
 * state no API reaches in time, such as a webhook delivery whose retries ran out). The demo shop
 * is off unless asked for (`{ demo: true }`: then, PORT being set, it listens on a free port and
 * its URL is read from the banner's "Demo shop" line). It fails at once, naming the cause, when
 * this run's widget build failed (test/browser/widget-setup.ts) rather than test an old pay.js.
 *
 * `startBrowserSuite` adds the Chromium to drive (launch.ts) and one `stop` for the file's
 * `afterAll`: the browser, then the file's own servers, then the host. In a run that shares one
 * Chromium between its files (test/browser/shared-suite-setup.ts), the suite connects to that one
 * instead of launching its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { inject } from "vitest";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";
import { connectBrowser, launchBrowser } from "./launch";

export interface GatewayHost {
  /** `http://127.0.0.1:{port}`: the API, `/pay.js` and the gateway's pages. */
  base: string;
  /** The service's own origin (PUBLIC_BASE_URL): `base`, or `http://localhost:{port}` when asked for. */
  publicBase: string;
  port: number;
  /** The sandbox seller's id, from the first start's banner. */
  sellerId: string;
  /** The sandbox seller's keys (the secret one for the "seller's server", the publishable one for pages). */
  keys: { secret: string; publishable: string };
  /** The sandbox seller's OWNER's dashboard invite link, from the first start's banner (single use, 72 hours); null if none was printed. */
  ownerInvite: string | null;
  /** The host's database file (libSQL, `file:` URL's path). */
  databaseFile: string;
  /** The demo shop's page (`http://127.0.0.1:{port}/`) when it was asked for, else null. */
  demo: string | null;
  /**
   * Stops the host and starts it again on the same port and database, as a deploy or a crash
   * does: sessions and data stay, what it held in memory (its job queue) is gone.
   */
  restart(): Promise<void>;
  /** Stops the host (and any it left), and removes its database. */
  stop(): Promise<void>;
}

export interface GatewayHostOptions {
  /** Start the demo shop beside the API (default: off, DEMO_PORT=off). */
  demo?: boolean;
  /**
   * PUBLIC_BASE_URL=http://localhost:{port} (default: the listening address, 127.0.0.1). WebAuthn
   * needs it: Chromium refuses an IP address as a relying party, so the dashboard's passkeys
   * work on a name only.
   */
  localhostBaseUrl?: boolean;
  /** More variables for the host (e.g. the card simulators' CYBERSOURCE_*, CIELO_*, REDE_*). */
  env?: Record<string, string>;
}

/** Fails, naming the cause, when this run's widget build failed (test/browser/widget-setup.ts): no test of an old pay.js. */
export function assertWidgetBuilt(): void {
  const buildError = inject("widgetBuildError");
  if (buildError) throw new Error(`the widget did not build (test/browser/widget-setup.ts): ${buildError}`);
}

/** Starts the host for a test file (after assertWidgetBuilt); `name` names its temp folder. */
export async function startGatewayHost(name: string, options: GatewayHostOptions = {}): Promise<GatewayHost> {
  assertWidgetBuilt();
  return launchGatewayHost(name, options);
}

/** Starts the host, wherever it runs (a test file, or a global set-up that shares it); `name` names its temp folder. */
export async function launchGatewayHost(name: string, options: GatewayHostOptions = {}): Promise<GatewayHost> {
  const dir = mkdtempSync(join(tmpdir(), `pay-${name}-`));
  const port = await freePort();
  const cleanUp = () => {
    killAllHosts();
    rmSync(dir, { recursive: true, force: true });
  };
  const databaseFile = join(dir, "pay.db");
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${databaseFile}`,
    ...(options.demo ? {} : { DEMO_PORT: "off" }),
    ...(options.localhostBaseUrl ? { PUBLIC_BASE_URL: `http://localhost:${port}` } : {}),
    ...options.env,
  };
  try {
    const started = await startNodeHost(env);
    let child = started.child;
    const secret = /Secret key\s+(sk_test_\w+)/.exec(started.out)?.[1];
    const publishable = /Publishable\s+(pk_test_\w+)/.exec(started.out)?.[1];
    const sellerId = /Seller\s+(\S+) \(sandbox\)/.exec(started.out)?.[1];
    const ownerInvite = /Dashboard\s+(http:\/\/\S+\/dashboard\/invite#token=\S+)/.exec(started.out)?.[1] ?? null;
    if (!secret || !publishable || !sellerId) throw new Error(`no keys in the first start's banner:\n${started.out}`);
    const demo = /Demo shop\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(started.out)?.[1] ?? null;
    if (options.demo && !demo) throw new Error(`no demo shop in the start's banner:\n${started.out}`);
    const base = `http://127.0.0.1:${port}`;
    return {
      base,
      publicBase: options.localhostBaseUrl ? `http://localhost:${port}` : base,
      port,
      sellerId,
      keys: { secret, publishable },
      ownerInvite,
      databaseFile,
      demo,
      restart: async () => {
        await stopNodeHost(child, port);
        child = (await startNodeHost(env)).child;
      },
      stop: async () => {
        await stopNodeHost(child, port).catch(() => {});
        cleanUp();
      },
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}

/** A browser test file's gateway and browser. */
export interface BrowserSuite {
  host: GatewayHost;
  browser: Browser;
  /** Closes the browser, then `servers` (the file's own pages; unset ones skipped), then stops the host. */
  stop(...servers: ({ close(): Promise<void> } | undefined)[]): Promise<void>;
}

/**
 * Starts the host (as startGatewayHost) and launches Chromium, or connects to the run's shared one;
 * the host is stopped again if that fails.
 */
export async function startBrowserSuite(name: string, options: GatewayHostOptions = {}): Promise<BrowserSuite> {
  const host = await startGatewayHost(name, options);
  let browser: Browser;
  try {
    const shared = inject("sharedBrowser");
    browser = shared ? await connectBrowser(shared) : await launchBrowser();
  } catch (err) {
    await host.stop();
    throw err;
  }
  return browserSuite(host, browser);
}

/** The suite of `host` and `browser`: its `stop` closes the browser (or this file's connection to it), then `servers`, then stops the host. */
export function browserSuite(host: GatewayHost, browser: Browser): BrowserSuite {
  return {
    host,
    browser,
    stop: async (...servers) => {
      try {
        await browser.close();
        await Promise.all(servers.map((server) => server?.close()));
      } finally {
        await host.stop();
      }
    },
  };
}
