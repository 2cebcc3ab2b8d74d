/**
 * The Worker's bindings, as declared in wrangler.toml (`[vars]`, queues) and set with
 * `wrangler secret put` (the secrets). This is the only place the Cloudflare host names them;
 * `config.ts` turns them into the app's `PlatformConfig`.
 */
import type { Job } from "../lib/job";

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
  /** Secret, optional. Earlier vault keys (comma-separated), to open what they sealed (rotation). */
  VAULT_PREVIOUS_KEYS?: string;

  /** Var. The public base URL (no trailing slash): required; checked on the first request or run. */
  PUBLIC_BASE_URL?: string;
  /** Var, optional. The installation's PIX receiving key (DICT), for sellers without their own. */
  PIX_RECEIVER_KEY?: string;
  /** Var. Largest accepted request body in bytes (a string, as vars are); default 102400. */
  MAX_BODY_BYTES?: string;
  /** Var, optional. A webhook POST's timeout in ms (100-60000); default 15000. */
  WEBHOOK_TIMEOUT_MS?: string;

  /**
   * Vars, optional: the platform's PIX PSP (API Pix base URL, token URL, OAuth2 client id). All
   * unset: live PIX is refused (connectors/bcb-pix/config.ts).
   */
  PIX_PSP_URL?: string;
  PIX_PSP_TOKEN_URL?: string;
  PIX_PSP_CLIENT_ID?: string;
  /** Secret, optional. The PSP's OAuth2 client secret. */
  PIX_PSP_CLIENT_SECRET?: string;
  /** Var, optional: PIX Automático's receiving account at the PSP, `branch/account/type` (connectors/bcb-pix/automatico-config.ts). */
  PIX_PSP_RECEIVER_ACCOUNT?: string;
  /** mTLS certificate binding (`[[mtls_certificates]]`): the client certificate the PSP requires. */
  PIX_PSP_MTLS?: Fetcher;
  /** Live cards (docs/cards.md, "Going live"): Cybersource's 3DS and Cielo and/or Rede; secrets by `wrangler secret put`. */
  CYBERSOURCE_HOST?: string;
  CYBERSOURCE_MERCHANT_ID?: string;
  CYBERSOURCE_KEY_ID?: string;
  CYBERSOURCE_SECRET?: string;
  CYBERSOURCE_PAGES_ORIGIN?: string;
  CYBERSOURCE_MCC?: string;
  CIELO_API_URL?: string;
  CIELO_QUERY_URL?: string;
  CIELO_MERCHANT_ID?: string;
  CIELO_MERCHANT_KEY?: string;
  CIELO_RETURN_URL?: string;
  REDE_API_URL?: string;
  REDE_PV?: string;
  REDE_KEY?: string;
  REDE_TOKEN_URL?: string;
}
