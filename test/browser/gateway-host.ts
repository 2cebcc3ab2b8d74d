/**
 * The gateway for a browser test file: `npm start` (the real Node host, as a user runs it) on a
 * fresh database in a temp folder, with the sandbox seller's keys read from its first-start
 * banner, and the demo shop off. It fails at once, naming the cause, when this run's widget
 * build failed (test/browser/widget-setup.ts) rather than test an old pay.js.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { freePort, killAllHosts, startNodeHost, stopNodeHost } from "../support/node-host";

export interface GatewayHost {
  /** `http://127.0.0.1:{port}`: the API, `/pay.js` and the gateway's pages. */
  base: string;
  port: number;
  /** The sandbox seller's keys (the secret one for the "seller's server", the publishable one for pages). */
  keys: { secret: string; publishable: string };
  /** Stops the host (and any it left), and removes its database. */
  stop(): Promise<void>;
}

/** Starts the host; `name` names its temp folder. */
export async function startGatewayHost(name: string): Promise<GatewayHost> {
  const buildError = inject("widgetBuildError");
  if (buildError) throw new Error(`the widget did not build (test/browser/widget-setup.ts): ${buildError}`);
  const dir = mkdtempSync(join(tmpdir(), `pay-${name}-`));
  const port = await freePort();
  const cleanUp = () => {
    killAllHosts();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await startNodeHost({ PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${join(dir, "pay.db")}`, DEMO_PORT: "off" });
    const secret = /Secret key\s+(sk_test_\w+)/.exec(started.out)?.[1];
    const publishable = /Publishable\s+(pk_test_\w+)/.exec(started.out)?.[1];
    if (!secret || !publishable) throw new Error(`no keys in the first start's banner:\n${started.out}`);
    return {
      base: `http://127.0.0.1:${port}`,
      port,
      keys: { secret, publishable },
      stop: async () => {
        await stopNodeHost(started.child, port).catch(() => {});
        cleanUp();
      },
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}
