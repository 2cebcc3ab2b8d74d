/** Opens the Node host's libSQL database: an embedded file, or Turso over libsql:// / https://. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { localDatabasePath } from "./config";

/** Creates the client; for a local file, its folder is created and WAL turned on. */
export async function openDatabase(url: string, authToken?: string): Promise<Client> {
  const path = localDatabasePath(url);
  if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  // timeout = SQLite's busy timeout: the Worker's local libSQL server may share this file.
  const client = createClient({ url, authToken, timeout: 5000 } as Parameters<typeof createClient>[0]);
  if (path && path !== ":memory:") await client.execute("PRAGMA journal_mode = WAL");
  return client;
}
