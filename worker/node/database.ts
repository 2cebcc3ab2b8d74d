/**
 * Opens the Node host's libSQL database: an embedded file through the native connection on its
 * own thread (SqliteThreadClient), `:memory:` through the same engine on this thread
 * (SqliteClient), or Turso over libsql:// / https:// through `@libsql/client`.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { localDatabasePath } from "./config";
import { SqliteClient } from "./sqlite-client";
import { SqliteThreadClient } from "./sqlite-thread-client";

/**
 * Creates the client. A local file is created readable by its owner only (0600, in a 0700
 * folder): it holds hashed keys, encrypted personal data and payment history, and SQLite gives
 * its -wal and -shm files the same mode. Durability is SQLite's strongest that stays fast:
 * WAL with `synchronous = FULL`, so a committed payment survives a power cut, not just a crash.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Client> {
  const path = localDatabasePath(url);
  if (path === ":memory:") return new SqliteClient(":memory:");
  if (!path) return createClient({ url, authToken });
  ownerOnlyFile(path);
  // busy timeout: the Worker's local libSQL server (npm run dev:worker) may share this file.
  const client = new SqliteThreadClient(path, { busyTimeoutMs: 5000 });
  try {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = FULL");
  } catch (e) {
    client.close();
    throw e;
  }
  client.onThreadLost = exitOnLostDatabase;
  return client;
}

/**
 * A host whose database thread died cannot answer anything but errors: it says why on stderr and
 * exits (code 70, EX_SOFTWARE), for its supervisor to start it again, as it would have exited had
 * the same error been thrown on the main thread.
 */
function exitOnLostDatabase(error: Error): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "database.thread_lost", error: error.message })}\n`);
  process.exit(70);
}

/** Makes sure the database file and its folder exist with owner-only permissions. */
function ownerOnlyFile(path: string): void {
  const dir = dirname(path);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
  // A file made by an older version (0644) is tightened too.
  chmodSync(path, 0o600);
}

/** Closes what openDatabase opened; settles once a database thread has closed its file. */
export function closeDatabase(client: Client): Promise<void> {
  if (client instanceof SqliteThreadClient) return client.closeAndWait();
  client.close();
  return Promise.resolve();
}
