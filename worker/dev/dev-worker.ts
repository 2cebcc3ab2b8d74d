/**
 * `npm run dev:worker`: the Cloudflare Worker in workerd (`wrangler dev`) on http://127.0.0.1:8788,
 * on the same database file as the Node host, so both can run side by side.
 *
 * workerd cannot open files, so the file is served over HTTP on loopback by the project's local
 * libSQL server and the Worker reaches it as Turso would be reached, with `@libsql/client/web`.
 * Before wrangler starts, the database is migrated and, if empty, given its sandbox seller, whose
 * keys are printed once, as `npm start` does. The Worker's secrets come from the same places as
 * the Node host's (VAULT_KEY / PIX_SIGNING_JWK, or the key files beside the database) and reach
 * wrangler through a private env file, never the command line (where `ps` would show them).
 *
 * Settings: PORT (8788), HOST (127.0.0.1), DATABASE_URL (file:.data/pay.db; a libsql://, https://
 * or http:// URL such as `turso dev`'s is passed straight to the Worker), PUBLIC_BASE_URL,
 * MAX_BODY_BYTES; extra arguments go to `wrangler dev`.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../db/client";
import { bootstrapLines, ensureBootstrapSeller, type Bootstrap } from "../node/bootstrap";
import { localDatabasePath, readNodeConfig } from "../node/config";
import { openDatabase } from "../node/database";
import { applyMigrations } from "../node/migrate";
import { startLibsqlHttpServer, type LibsqlHttpServer } from "./libsql-http-server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
// Run by this Node, not through a shell shim: the same on every OS, and signals reach wrangler.
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

/** Migrates the database and makes sure the sandbox seller exists (printing new keys once). */
async function prepareDatabase(url: string, baseUrl: string, authToken?: string): Promise<Bootstrap> {
  const client = await openDatabase(url, authToken);
  try {
    const db = createDb(client);
    await applyMigrations(db);
    return await ensureBootstrapSeller(db, new Date(), baseUrl);
  } finally {
    client.close();
  }
}

/** Writes the Worker's secrets as a dotenv file (mode 0600) in a private temporary folder. */
function writeEnvFile(vars: Record<string, string | undefined>): { path: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "pay-dev-worker-"));
  const lines = Object.entries(vars).flatMap(([key, value]) => {
    if (value === undefined) return [];
    // Single-quoted dotenv values are taken literally; none of ours can contain a quote or newline.
    if (/['\n]/.test(value)) throw new Error(`${key} cannot contain a quote or a newline`);
    return [`${key}='${value}'`];
  });
  const path = join(dir, "worker.env");
  writeFileSync(path, `${lines.join("\n")}\n`, { mode: 0o600 });
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function banner(baseUrl: string, database: string, bootstrap: Bootstrap): string {
  const lines = [
    "",
    `  Pay API      ${baseUrl}/v1   (the Worker, in workerd)`,
    `  Reference    ${baseUrl}/docs   (cron now: ${baseUrl}/__scheduled)`,
    `  Database     ${database}`,
    ...bootstrapLines(bootstrap),
  ];
  return `${lines.join("\n")}\n\n`;
}

async function main(): Promise<void> {
  const port = process.env.PORT?.trim() || "8788";
  const host = process.env.HOST?.trim() || "127.0.0.1";
  // The Node host's own config reader: same defaults, same vault and PIX key files.
  const config = readNodeConfig({ ...process.env, PORT: port, HOST: host });
  const dbPath = localDatabasePath(config.databaseUrl);
  if (dbPath === ":memory:") throw new Error("dev:worker needs a database file or URL, not :memory:");

  const bootstrap = await prepareDatabase(config.databaseUrl, config.baseUrl, config.databaseAuthToken);
  let server: LibsqlHttpServer | undefined;
  if (dbPath) server = await startLibsqlHttpServer({ dbPath });
  const env = writeEnvFile({
    TURSO_DATABASE_URL: server?.url ?? config.databaseUrl,
    TURSO_AUTH_TOKEN: server ? undefined : config.databaseAuthToken,
    VAULT_KEY: config.vaultKey,
    PIX_SIGNING_JWK: JSON.stringify(config.pixSigningJwk),
    PUBLIC_BASE_URL: config.baseUrl,
    MAX_BODY_BYTES: String(config.maxBodyBytes),
    PIX_RECEIVER_KEY: config.pixReceiverKey,
    VAULT_PREVIOUS_KEYS: config.vaultPreviousKeys.join(",") || undefined,
  });
  const viaServer = server ? ` (over ${server.url})` : "";
  process.stdout.write(banner(config.baseUrl, `${config.databaseUrl}${viaServer}`, bootstrap));

  // wrangler refuses to start when the assets folder is missing; it is empty until `npm run build`.
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  const args = ["dev", "--ip", host, "--port", port, "--test-scheduled", "--env-file", env.path, ...process.argv.slice(2)];
  const wrangler = spawn(process.execPath, [WRANGLER, ...args], { cwd: ROOT, stdio: "inherit" });

  const stop = (code: number) => {
    env.remove();
    void (server?.close() ?? Promise.resolve()).then(() => process.exit(code));
  };
  const forward = (signal: NodeJS.Signals) => wrangler.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  wrangler.on("error", (err) => {
    process.stderr.write(`dev:worker could not run wrangler: ${err.message}\n`);
    stop(1);
  });
  wrangler.on("exit", (code, signal) => stop(code ?? 128 + (signal ? constants.signals[signal] : 0)));
}

main().catch((err) => {
  process.stderr.write(`dev:worker failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
