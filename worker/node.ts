/**
 * The Node host (`npm start`): the API on http://127.0.0.1:8787 over an embedded libSQL file
 * (or Turso), migrations applied at start, with the in-process queue and the minute timer, and
 * the widget (`/pay.js`), built first when dist/widget/pay.js is missing.
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { bootstrapLines, ensureBootstrapSeller } from "./node/bootstrap";
import { readNodeConfig } from "./node/config";
import { closeDatabase, openDatabase } from "./node/database";
import { applyMigrations } from "./node/migrate";
import { createNodePlatform } from "./node/platform";
import { withStaticFiles } from "./node/static-files";
import { handleShutdownSignals } from "./node/shutdown";
import { createNodeMetrics, withMetricsEndpoint } from "./node/metrics";
import { registerPspCallbackAtStart } from "./node/psp-webhook";
import { forgetRunningHost, recordRunningHost } from "./node/running-host";
import { ensureWidget } from "../widget/build";
import { startDemoShop } from "../demo/start";

async function main() {
  const config = readNodeConfig();
  const client = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  // GET /metrics only with METRICS_TOKEN (docs/operations.md); without it nothing is counted.
  const metrics = config.metricsToken ? createNodeMetrics() : undefined;
  const platform = createNodePlatform(client, config, undefined, metrics);
  await applyMigrations(platform.db);
  const bootstrap = await ensureBootstrapSeller(platform.db, platform.now(), config.baseUrl);

  // Before dist/ is listed below. A failed build costs the widget, not the API: say so and go on.
  let widget = true;
  try {
    if (await ensureWidget()) platform.log({ msg: "widget.built" });
  } catch (err) {
    widget = false;
    platform.log({ msg: "widget.build_failed", level: "warn", error: err instanceof Error ? err.message : String(err) });
  }

  const app = createApp(platform);
  // The demo shop, on its own origin: a seller's site as the README teaches it (demo/).
  let demo: { url: string; close: () => Promise<void> } | null = null;
  if (config.demo) {
    try {
      demo = await startDemoShop({
        db: platform.db,
        now: platform.now(),
        api: (request) => app.fetch(request),
        gatewayUrl: config.baseUrl,
        host: config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host,
        port: config.demo.port,
        secretsFile: config.demo.secretsFile,
        bootstrapKeys: bootstrap.created,
        log: platform.log,
      });
    } catch (err) {
      platform.log({ msg: "demo.start_failed", level: "warn", error: err instanceof Error ? err.message : String(err) });
    }
  }
  // dist/ (the Scalar bundle behind /docs, the widget) before the app, as the Worker's static assets are.
  const server = serve({ fetch: withMetricsEndpoint(withStaticFiles(app), metrics, config.metricsToken).fetch, hostname: config.host, port: config.port }, (info) => {
    const lines = [
      "",
      `  Pay API      ${config.baseUrl}/v1`,
      `  Reference    ${config.baseUrl}/docs   (OpenAPI: ${config.baseUrl}/openapi.json)`,
      widget ? `  Widget       ${config.baseUrl}/pay.js` : "  Widget       not built (npm run build shows why)",
      ...(demo ? [`  Demo shop    ${demo.url}/   (pays with the widget; its keys: ${config.demo!.secretsFile})`] : []),
      `  Database     ${config.databaseUrl}`,
      ...bootstrapLines(bootstrap, config.firstStartKeysFile),
    ];
    process.stdout.write(`${lines.join("\n")}\n\n`);
    // Where the admin CLI's links (a team invite) point, from a shell without this host's PORT.
    recordRunningHost(config.databaseUrl, config.baseUrl);
    platform.log({ msg: "server.listening", host: config.host, port: info.port });
    // Live PIX through a PSP: its callback registered once it can be answered (some PSPs call the
    // URL when it is registered); in the background, and a failure is a warning (node/psp-webhook.ts).
    void registerPspCallbackAtStart(platform, config.pixReceiverKey);
  });
  platform.startTimers(config.sweepIntervalSeconds);

  // SIGTERM/SIGINT: answer what is in flight, finish the jobs, close the database, exit 0 (node/shutdown.ts).
  handleShutdownSignals({
    server: server as Server,
    drain: () => platform.drain(),
    closeDatabase: () => closeDatabase(client),
    others: [async () => forgetRunningHost(config.databaseUrl), ...(demo ? [demo.close] : [])],
    log: platform.log,
  });
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
