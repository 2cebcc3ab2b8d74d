/**
 * The Worker's libSQL client: `@libsql/client/web` (HTTP, fetch-based: no sockets, no native
 * code) to Turso in production, or to the local libSQL HTTP server in development.
 *
 * One client per isolate and database: a Worker isolate serves many requests, and a client per
 * request would throw away its HTTP connection reuse. Keyed by URL and token so a changed secret
 * (a new deploy, or a test that rebinds) gets a fresh client rather than a stale one.
 */
import { createClient, type Client } from "@libsql/client/web";
import { createDb, type Db } from "../db/client";

interface Cached {
  client: Client;
  db: Db;
}

const clients = new Map<string, Cached>();

/** The isolate's drizzle database (and its client) for a URL and token, created on first use. */
export function isolateDatabase(url: string, authToken?: string): Cached {
  const key = `${url}\n${authToken ?? ""}`;
  let cached = clients.get(key);
  if (!cached) {
    // Turso URLs are libsql://; the web client speaks HTTP(S) to them. The default intMode
    // ("number") is what drizzle expects; the local server's string-encoded integers decode to it.
    // `concurrency`: the client's own queue (default 20 calls in flight) makes a request wait on a
    // promise another request's call resolves, which workerd cancels as a hung request (a cold
    // isolate under a burst: test/workerd/cold-burst.test.ts). Turso and workerd bound it instead.
    const client = createClient({ url, authToken: authToken || undefined, concurrency: 1_000_000 });
    cached = { client, db: createDb(client as never) };
    clients.set(key, cached);
  }
  return cached;
}
