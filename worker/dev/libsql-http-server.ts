/**
 * A local libSQL server speaking Hrana over HTTP (v2, JSON), backed by an embedded libSQL file.
 *
 * workerd cannot open files, so in local dev the Worker reaches the database with
 * `@libsql/client/web` over `http://127.0.0.1:<port>`, and this server executes the requests on
 * the same file the Node host uses. It stands in for `sqld` / `turso dev`, which cannot be
 * installed here. Dev only: there is no authentication, so it binds to loopback only.
 *
 *   tsx worker/dev/libsql-http-server.ts --db .data/pay.db --port 8080
 *
 * prints the URL on stdout (details go to stderr) and serves until SIGINT/SIGTERM.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { BusyPolicy } from "./libsql-http/busy";
import { SqlConnection } from "./libsql-http/connection";
import { isBusy } from "./libsql-http/errors";
import { createRequestListener, isLoopbackHost } from "./libsql-http/http";
import { StreamRegistry } from "./libsql-http/streams";

/** Options of {@link startLibsqlHttpServer}. */
export interface LibsqlHttpServerOptions {
  /** A database file path (created if missing, parent directories too), or ":memory:". */
  dbPath: string;
  /** Loopback address to bind; default 127.0.0.1. Non-loopback hosts are refused. */
  host?: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Idle time after which a stream is rolled back and closed; default 10 s, like sqld. */
  streamIdleTimeoutMs?: number;
  /** How long a statement keeps retrying while another connection holds a lock; default 5 s. */
  busyTimeoutMs?: number;
}

/** A running server. */
export interface LibsqlHttpServer {
  /** Base URL for `createClient({ url })`, e.g. `http://127.0.0.1:8080`. */
  url: string;
  port: number;
  /** Stops listening, rolls back and closes every stream, and removes a ":memory:" database. */
  close(): Promise<void>;
}

/**
 * Where the database lives. Every stream opens its own connection, and separate connections to
 * ":memory:" would each see a different empty database, so ":memory:" becomes a file in a
 * private temporary directory, deleted on close.
 */
function databaseFile(dbPath: string): { path: string; cleanup(): void } {
  if (dbPath === ":memory:") {
    const dir = mkdtempSync(join(tmpdir(), "libsql-http-"));
    return { path: join(dir, "memory.db"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
  const path = resolve(dbPath);
  mkdirSync(dirname(path), { recursive: true });
  return { path, cleanup: () => {} };
}

/** Starts the server; resolves once it is listening. */
export async function startLibsqlHttpServer(opts: LibsqlHttpServerOptions): Promise<LibsqlHttpServer> {
  const host = opts.host ?? "127.0.0.1";
  if (!isLoopbackHost(host)) {
    throw new Error(`libsql-http-server has no authentication and only binds to loopback, not ${JSON.stringify(host)}`);
  }
  const db = databaseFile(opts.dbPath);
  let closed = false;
  const busy: BusyPolicy = { timeoutMs: opts.busyTimeoutMs ?? 5_000, aborted: () => closed };
  const streams = new StreamRegistry(() => new SqlConnection(db.path, busy), opts.streamIdleTimeoutMs ?? 10_000);
  const server = createServer(createRequestListener(streams));

  try {
    // Opening one connection up front reports a bad path now rather than on the first request.
    // WAL lets a reading stream keep its snapshot while another stream (or the Node host) writes.
    const first = new SqlConnection(db.path, busy);
    try {
      await first.enableWal();
    } catch (e) {
      // Still busy after the retries: another process holds the file. Rollback-journal mode
      // works too, just with more waiting, so carry on. Anything else (not a database) is fatal.
      if (!isBusy(e)) throw e;
    } finally {
      first.close();
    }
    await new Promise<void>((ok, fail) => {
      server.once("error", fail);
      server.listen(opts.port ?? 0, host, () => {
        server.off("error", fail);
        ok();
      });
    });
  } catch (e) {
    streams.closeAll();
    db.cleanup();
    throw e;
  }

  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    close() {
      closing ??= new Promise<void>((done) => {
        closed = true;
        streams.closeAll();
        // close() waits for in-flight requests; idle keep-alive sockets would otherwise hold it open.
        server.close(() => {
          db.cleanup();
          done();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: "string" },
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      help: { type: "boolean", short: "h" },
    },
  });
  const port = Number(values.port);
  if (values.help || !values.db || !Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write("usage: tsx worker/dev/libsql-http-server.ts --db <file|:memory:> [--port 8080] [--host 127.0.0.1]\n");
    process.exit(values.help ? 0 : 2);
  }
  const server = await startLibsqlHttpServer({ dbPath: values.db, host: values.host, port });
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(`libsql-http-server: serving ${values.db} over Hrana v2 at ${server.url} (Ctrl-C to stop)\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
