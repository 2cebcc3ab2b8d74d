/**
 * The Node host (`npm start`): the API on http://127.0.0.1:8787 over an embedded libSQL file
 * (or Turso), migrations applied at start, with the in-process queue and the minute timer.
 */
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { bootstrapLines, ensureBootstrapSeller } from "./node/bootstrap";
import { readNodeConfig } from "./node/config";
import { openDatabase } from "./node/database";
import { applyMigrations } from "./node/migrate";
import { createNodePlatform } from "./node/platform";
import { withStaticFiles } from "./node/static-files";

async function main() {
  const config = readNodeConfig();
  const client = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const platform = createNodePlatform(client, config);
  await applyMigrations(platform.db);
  const bootstrap = await ensureBootstrapSeller(platform.db, platform.now());

  const app = createApp(platform);
  // dist/ (the Scalar bundle behind /docs) before the app, as the Worker's static assets are.
  const server = serve({ fetch: withStaticFiles(app).fetch, hostname: config.host, port: config.port }, (info) => {
    const lines = [
      "",
      `  Pay API      ${config.baseUrl}/v1`,
      `  Reference    ${config.baseUrl}/docs   (OpenAPI: ${config.baseUrl}/openapi.json)`,
      `  Database     ${config.databaseUrl}`,
      ...bootstrapLines(bootstrap, config.firstStartKeysFile),
    ];
    process.stdout.write(`${lines.join("\n")}\n\n`);
    platform.log({ msg: "server.listening", host: config.host, port: info.port });
  });
  platform.startTimers(config.sweepIntervalSeconds);

  const stop = () => {
    platform.stopTimers();
    server.close(() => {
      client.close();
      process.exit(0);
    });
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
