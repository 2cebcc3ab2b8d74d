/**
 * The Worker's bindings, as declared in wrangler.toml (`[vars]`, queues) and set with
 * `wrangler secret put` (the secrets). This is the only place the Cloudflare host names them;
 * `config.ts` turns them into the app's `PlatformConfig`.
 */
import type { Job } from "../jobs/job";

/** Bindings and variables the Worker receives as `env`. */
export interface Env {
  /** Producer binding of the job queue (`[[queues.producers]]`). */
  JOBS: Queue<Job>;

  /** Secret. The database: `libsql://<db>-<org>.turso.io`, or `http://127.0.0.1:N` in local dev. */
  TURSO_DATABASE_URL: string;
  /** Secret. Turso's database token; absent for the local libSQL server. */
  TURSO_AUTH_TOKEN?: string;
  /** Secret. Base64 of the 32-byte AES-GCM key that encrypts card numbers and webhook secrets. */
  VAULT_KEY: string;
  /** Secret. The private P-256 JWK (JSON text) that signs PIX location payloads. */
  PIX_SIGNING_JWK: string;

  /**
   * Var. The public base URL (no trailing slash). When empty, requests use their own origin;
   * queue and cron runs have no request, so a deployed Worker must set it.
   */
  PUBLIC_BASE_URL?: string;
  /** Var. Largest accepted request body in bytes (a string, as vars are); default 102400. */
  MAX_BODY_BYTES?: string;
}
