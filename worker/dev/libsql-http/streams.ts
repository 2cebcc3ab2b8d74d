/**
 * Hrana-over-HTTP streams and their batons.
 *
 * A stream is one SQLite connection plus its stored SQL texts; it is what lets an interactive
 * transaction span several HTTP requests while other streams stay isolated from it. Each
 * response hands out a fresh random baton and the one just used stops working, so requests on a
 * stream are strictly serial and a leaked baton is useless after one use. A stream nobody
 * touches for `idleTimeoutMs` is rolled back and closed, as sqld does after 10 s, so an
 * abandoned transaction cannot hold the write lock forever.
 */
import { randomBytes } from "node:crypto";
import type { SqlConnection } from "./connection";
import { ProtocolError } from "./errors";

/** How long an expired baton is still recognised, to answer "expired" instead of "invalid". */
const EXPIRED_MEMORY_MS = 5 * 60_000;

/** One stream. `conn` is null once the stream has been closed. */
export interface Stream {
  conn: SqlConnection | null;
  /** SQL texts stored with `store_sql`; their scope is this stream only. */
  readonly sqls: Map<number, string>;
  idleTimer?: NodeJS.Timeout;
}

/** All open streams of one server. */
export class StreamRegistry {
  /** Streams waiting for their next request, by the baton that may take them. */
  private readonly idle = new Map<string, Stream>();
  /** Batons of streams that expired, with when they expired (insertion order = age order). */
  private readonly expired = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly openConnection: () => SqlConnection,
    private readonly idleTimeoutMs: number,
  ) {}

  /**
   * Takes the stream a baton refers to (invalidating the baton), or opens a new stream for a
   * null baton. The stream belongs to the caller until `release` or `destroy`.
   */
  acquire(baton: string | null): Stream {
    if (this.closed) throw new ProtocolError("The server is shutting down", "SERVER_CLOSING", 503);
    if (baton === null) return { conn: this.openConnection(), sqls: new Map() };
    const stream = this.idle.get(baton);
    if (stream !== undefined) {
      this.idle.delete(baton);
      clearTimeout(stream.idleTimer);
      return stream;
    }
    if (this.expired.has(baton)) {
      throw new ProtocolError("The stream has expired due to inactivity", "STREAM_EXPIRED");
    }
    // Also what a reused baton gets: each baton is good for exactly one request.
    throw new ProtocolError("The baton is invalid or was already used", "BATON_INVALID");
  }

  /** Hands a stream back after a request; returns its next baton, or null if it is closed. */
  release(stream: Stream): string | null {
    if (stream.conn === null || this.closed) {
      this.destroy(stream);
      return null;
    }
    const baton = randomBytes(24).toString("base64url");
    this.idle.set(baton, stream);
    stream.idleTimer = setTimeout(() => this.expire(baton), this.idleTimeoutMs);
    // An idle stream must not keep the process (or a test run) alive.
    stream.idleTimer.unref();
    return baton;
  }

  /** Rolls back and closes a stream's connection. */
  destroy(stream: Stream): void {
    clearTimeout(stream.idleTimer);
    stream.conn?.close();
    stream.conn = null;
  }

  private expire(baton: string): void {
    const stream = this.idle.get(baton);
    if (stream === undefined) return;
    this.idle.delete(baton);
    this.destroy(stream);
    const now = Date.now();
    this.expired.set(baton, now);
    for (const [old, at] of this.expired) {
      if (now - at < EXPIRED_MEMORY_MS) break;
      this.expired.delete(old);
    }
  }

  /** Closes every idle stream; streams busy in a request are closed when they are released. */
  closeAll(): void {
    this.closed = true;
    for (const stream of this.idle.values()) this.destroy(stream);
    this.idle.clear();
    this.expired.clear();
  }
}
