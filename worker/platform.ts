/**
 * The Platform seam: everything that differs between the Cloudflare host and the Node host.
 *
 * The app, the routes and the domain functions only ever see this object. They never read
 * `process.env`, Cloudflare bindings or the wall clock directly, which is what lets one app run
 * in workerd and on Node, and lets tests drive time and the queue.
 */
import type { Db } from "./db/client";
import type { Job } from "./jobs/job";

/** Non-secret and secret settings, resolved by the host from its environment. */
export interface PlatformConfig {
  /** The public base URL of the API, without a trailing slash (used in links we hand out). */
  baseUrl: string;
  /** Base64 of the 32-byte AES-GCM key that encrypts card numbers and webhook secrets. */
  vaultKey: string;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /**
   * The private ES256 (P-256) JWK that signs PIX location payloads (JWS); its public half is
   * published at /pix/jwks.json. Secret: set from PIX_SIGNING_JWK.
   */
  pixSigningJwk: JsonWebKey;
}

/** Options for `enqueue`. */
export interface EnqueueOptions {
  /** Deliver no sooner than this many seconds from now (0 = as soon as possible). */
  delaySeconds?: number;
}

/** One structured log line; hosts print it as one JSON line. */
export type LogLine = Record<string, unknown> & { msg: string };

/** What the app and the jobs get from their host. */
export interface Platform {
  db: Db;
  config: PlatformConfig;
  /** The current time; tests replace it with a controllable clock. */
  now(): Date;
  /** Hands jobs to the host's queue (Cloudflare Queues, or the in-process queue on Node). */
  enqueue(jobs: Job[], opts?: EnqueueOptions): Promise<void>;
  /** Outbound HTTP (webhook deliveries); replaceable in tests. */
  fetch: typeof fetch;
  /** Structured logging: never pass keys, card numbers or CVVs. */
  log(line: LogLine): void;
}
