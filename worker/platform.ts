/**
 * The Platform seam: everything that differs between the Cloudflare host and the Node host.
 *
 * The app, the routes and the domain functions only ever see this object. They never read
 * `process.env`, Cloudflare bindings or the wall clock directly, which is what lets one app run
 * in workerd and on Node, and lets tests drive time and the queue.
 */
import type { Db } from "./db/client";
import type { Acquirers } from "./lib/acquirer";
import type { Job } from "./lib/job";
import type { RateLimitPolicies, RateLimiter } from "./lib/rate-limit";
import type { Vault } from "./lib/vault";
import type { HmacSha256 } from "../shared/webhooks";

/** Non-secret and secret settings, resolved by the host from its environment. */
export interface PlatformConfig {
  /** The public base URL of the API, without a trailing slash (used in links we hand out). */
  baseUrl: string;
  /**
   * Base64 of the 32-byte master key of the vault (`lib/vault.ts`), which seals personal data,
   * card numbers and webhook secrets. Also the key of idempotency fingerprints.
   */
  vaultKey: string;
  /** Earlier vault keys, still able to open what they sealed until it is re-sealed (rotation). */
  vaultPreviousKeys?: string[];
  /**
   * The installation's PIX receiving key (a DICT key: EVP, CNPJ, CPF, e-mail or +55 phone), used
   * for sellers without one of their own. Without it, test charges use the sandbox key and live
   * PIX charges are refused (docs/pix.md).
   */
  pixReceiverKey?: string;
  /** Timeout of a webhook POST in ms; default 15 000 (the spec's). Tests shorten it. */
  webhookTimeoutMs?: number;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /**
   * The private ES256 (P-256) JWK that signs PIX location payloads (JWS); its public half is
   * published at /pix/jwks.json. Secret: set from PIX_SIGNING_JWK.
   */
  pixSigningJwk: JsonWebKey;
  /** The rate limits' numbers on hosts that count in process (Node: RATE_LIMITS); the Worker's are its bindings. */
  rateLimits?: RateLimitPolicies;
}

/** Options for `enqueue`. */
export interface EnqueueOptions {
  /** Deliver no sooner than this many seconds from now (0 = as soon as possible). */
  delaySeconds?: number;
}

/** How much a log line matters: `error` wants an operator, `warn` may, `info` is the record. */
export type LogLevel = "info" | "warn" | "error";

/**
 * One structured log line; hosts print it as one JSON line with `time` and `level` (`info` when
 * the line names none). An error names its problem code (`code`, lib/problem.ts) when it has one.
 */
export type LogLine = Record<string, unknown> & { msg: string; level?: LogLevel; code?: string };

/**
 * A measurement for the host's metrics (`Platform.observe`): the Node host counts them for
 * `GET /metrics` (worker/node/metrics.ts), the Worker writes what its request log lacks to Workers
 * Logs. Plain data, so no layer below the host imports a metrics library.
 */
export type Observation =
  /** One request: its declared route template (never the raw path), status and duration. */
  | { kind: "request"; method: string; route: string; status: number; durationMs: number }
  /** One webhook attempt that was made (a POST was sent): what it came to and how long the POST took. */
  | { kind: "webhook.attempt"; outcome: "delivered" | "retry" | "failed"; httpStatus: number | null; durationMs: number }
  /** One sweep of the scheduled job: how long it took and how many rows it touched (-1: it failed). */
  | { kind: "sweep"; sweep: string; durationMs: number; rows: number }
  /** One PIX the PSP received, as the callback or reconciliation found it (unknown and mismatched want an operator). */
  | { kind: "pix.received"; outcome: "settled" | "unknown" | "mismatched" };

/** One webhook POST, as the domain hands it to the host's egress (`Platform.webhookFetch`). */
export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** Ends the POST, its address lookup and its answer's body: the delivery's timeout. */
  signal: AbortSignal;
  /** The webhook's mode: loopback is a destination for test webhooks only. */
  livemode: boolean;
  /** How much of the answer's body the delivery keeps (the egress reads no further). */
  excerptBytes: number;
}

/** What a webhook POST came to: the answer's status and the first `excerptBytes` of its body as text (null: no body). */
export interface WebhookAnswer {
  status: number;
  excerpt: string | null;
}

/** What the app and the jobs get from their host. */
export interface Platform {
  db: Db;
  config: PlatformConfig;
  /** Seals and opens personal data; fingerprints requests (node:crypto on Node, WebCrypto on workerd). */
  vault: Vault;
  /** Who moves the money, per mode: the sandbox for test keys; live only once one is configured. */
  acquirers: Acquirers;
  /** The current time; tests replace it with a controllable clock. */
  now(): Date;
  /** Hands jobs to the host's queue (Cloudflare Queues, or the in-process queue on Node). */
  enqueue(jobs: Job[], opts?: EnqueueOptions): Promise<void>;
  /** Outbound HTTP (webhook deliveries); replaceable in tests. */
  fetch: typeof fetch;
  /**
   * Optional: the host's guarded egress for webhook POSTs (Node: node/webhook-egress.ts). It
   * resolves the URL's host, refuses (rejects with WebhookRefusedError, domain/webhooks/url.ts)
   * before sending a byte when any address is not public, and connects only to the addresses it
   * checked; redirects are not followed. It answers the status and the excerpt only, read off the
   * socket. Hosts without one send webhooks with `fetch` (the Worker: Cloudflare's egress reaches
   * no private address; tests: a replaced fetch).
   */
  webhookFetch?(post: WebhookPost): Promise<WebhookAnswer>;
  /**
   * Optional: the HMAC-SHA256 primitive that signs webhook deliveries (Node: node:crypto's,
   * synchronous). Without it, WebCrypto's (the Worker, where it is native). What is signed and how
   * is shared/webhooks.ts's either way.
   */
  webhookHmac?: HmacSha256;
  /** Structured logging: never pass keys, card numbers or CVVs. */
  log(line: LogLine): void;
  /** Optional: measurements for the host's metrics (see Observation). Hosts without metrics leave it out. */
  observe?(event: Observation): void;
  /** Rate limits (lib/rate-limit.ts): in memory on Node, Cloudflare's bindings on the Worker; none: unlimited. */
  rateLimiter?: RateLimiter;
  /** The client's address, as the host knows it (the socket's on Node, CF-Connecting-IP on the Worker). */
  clientAddress?(request: Request, env: unknown): string | null;
}
