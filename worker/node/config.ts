/**
 * The Node host's settings, read from the environment in one place (domain code never reads
 * process.env). Every setting has a default that works on a fresh machine.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** Resolved Node host settings. */
export interface NodeConfig {
  host: string;
  port: number;
  databaseUrl: string;
  databaseAuthToken?: string;
  baseUrl: string;
  vaultKey: string;
  maxBodyBytes: number;
}

/** The local file behind a `file:` URL, or null for remote databases. */
export function localDatabasePath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length).replace(/^\/\/(?=\/)/, "");
}

/**
 * The vault key: VAULT_KEY when set; otherwise, for a local database, a key generated once and
 * kept beside it (mode 0600) so a restart can still decrypt what it stored. A remote (Turso)
 * database must be given VAULT_KEY: a key on a laptop's disk is no key for production data.
 */
function resolveVaultKey(env: NodeJS.ProcessEnv, dbPath: string | null): string {
  if (env.VAULT_KEY) return env.VAULT_KEY;
  if (!dbPath || dbPath === ":memory:") {
    if (dbPath === ":memory:") return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    throw new Error("VAULT_KEY must be set when DATABASE_URL is a remote database.");
  }
  const file = join(dirname(dbPath), "vault.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const key = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Reads the Node host's configuration from the environment. */
export function readNodeConfig(env: NodeJS.ProcessEnv = process.env): NodeConfig {
  const host = env.HOST ?? "127.0.0.1";
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL ?? "file:.data/pay.db";
  const displayHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return {
    host,
    port,
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    baseUrl: (env.PUBLIC_BASE_URL ?? `http://${displayHost}:${port}`).replace(/\/+$/, ""),
    vaultKey: resolveVaultKey(env, localDatabasePath(databaseUrl)),
    maxBodyBytes: Number(env.MAX_BODY_BYTES ?? 100 * 1024),
  };
}
