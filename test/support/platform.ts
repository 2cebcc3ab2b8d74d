/**
 * A Platform for tests: a fresh in-memory libSQL database with the migrations applied, a
 * controllable clock, the in-process queue (drained on demand), a recording fetch and logs.
 */
import { MemoryRateLimiter, RATE_LIMIT_POLICIES, type RateLimitPolicies } from "../../worker/lib/rate-limit";
import type { Client } from "@libsql/client";
import { SqliteClient } from "../../worker/node/sqlite-client";
import { createApp } from "../../worker/app";
import { createDb } from "../../worker/db/client";
import { approveSellerForLive, createCompanySeller, type SellerWithKeys } from "../../worker/domain/sellers";
import { deadLettered } from "../../worker/jobs/dead-letter";
import { DEFAULT_QUEUE_POLICY, MemoryQueue } from "../../worker/jobs/memory-queue";
import { runJob } from "../../worker/jobs/run-job";
import { runScheduledJob } from "../../worker/jobs/scheduled";
import { applyMigrations } from "../../worker/node/migrate";
import type { Acquirer, Acquirers } from "../../worker/lib/acquirer";
import { sandboxAcquirer } from "../../worker/domain/acquirers/sandbox";
import { SANDBOX_CARD_ACQUIRERS } from "../../worker/domain/acquirers/sandbox-cards";
import { createNodeVault } from "../../worker/node/node-vault";
import type { LogLine, Platform, PlatformConfig } from "../../worker/platform";
import { TestClock } from "./clock";

export interface TestPlatform extends Platform {
  client: Client;
  clock: TestClock;
  queue: MemoryQueue;
  logs: LogLine[];
  /** Runs every queued job that is due at the test clock's time. */
  drainQueue(): Promise<number>;
  /** Runs the scheduled job once, as the cron would. */
  runScheduled(): ReturnType<typeof runScheduledJob>;
}

/** Fixed 32-byte vault key for tests (base64). */
export const TEST_VAULT_KEY = btoa(String.fromCharCode(...new Uint8Array(32).map((_, i) => i + 1)));

/** Fixed ES256 key that signs PIX location payloads in tests (a test-only key, public by design). */
export const TEST_PIX_SIGNING_JWK: JsonWebKey = {
  kty: "EC",
  crv: "P-256",
  x: "mTqlsei2K1ei_sV0bTX8TlsZao_PzhLhVfDkaKuTRic",
  y: "qENSqsEkZXh3cKdEkNEoQEke2qdN4_Qs_vHcQxj_GnU",
  d: "o4M92EIbSAI02vct3pvUvfLeE6WzJHgsMk9YNjSdrCY",
};

/** Options of a test platform. */
export interface TestPlatformOptions {
  /**
   * Make every database call wait a timer tick first, as a round trip to a remote database
   * does, so concurrent requests really interleave (each reads before the others write) instead
   * of running one after the other against the synchronous in-memory driver.
   */
  dbLatency?: boolean;
  /** The acquirers; default the sandbox for test keys and none for live ones, as on the hosts. */
  acquirers?: Partial<Acquirers>;
  /**
   * Rate limits, counted in memory at the test clock's time as the Node host does (true: the
   * defaults). Off by default: test files send bursts no client would. The client's address is
   * the `X-Test-Client-Address` header (app.request() has no socket).
   */
  rateLimits?: true | RateLimitPolicies;
}

/** Wraps a client so `execute` and `batch` yield to the event loop first. */
function withLatency(client: Client): Client {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== "execute" && prop !== "batch") return typeof value === "function" ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** Builds a test platform. */
export async function createTestPlatform(
  overrides: Partial<PlatformConfig> = {},
  options: TestPlatformOptions = {},
): Promise<TestPlatform> {
  const client = new SqliteClient(":memory:");
  await applyMigrations(createDb(client));
  const db = createDb(options.dbLatency ? withLatency(client) : client);
  const clock = new TestClock();
  const queue = new MemoryQueue(clock.now, DEFAULT_QUEUE_POLICY, (job, attempts) => deadLettered(platform, job, attempts));
  const logs: LogLine[] = [];
  const config: PlatformConfig = {
    baseUrl: "http://pay.test",
    vaultKey: TEST_VAULT_KEY,
    maxBodyBytes: 100 * 1024,
    pixSigningJwk: TEST_PIX_SIGNING_JWK,
    ...overrides,
  };
  const platform: TestPlatform = {
    client,
    db,
    vault: createNodeVault(config.vaultKey, config.vaultPreviousKeys),
    acquirers: { test: sandboxAcquirer, live: null, cards: { test: SANDBOX_CARD_ACQUIRERS, live: [] }, ...options.acquirers },
    clock,
    queue,
    logs,
    config,
    now: clock.now,
    fetch: () => Promise.reject(new Error("no network in tests: replace platform.fetch")),
    log: (line) => void logs.push(line),
    async enqueue(jobs, opts) {
      queue.enqueue(jobs, opts);
    },
    drainQueue: () => queue.runDue((job) => runJob(platform, job)),
    runScheduled: () => runScheduledJob(platform),
    ...(options.rateLimits && {
      rateLimiter: new MemoryRateLimiter(options.rateLimits === true ? RATE_LIMIT_POLICIES : options.rateLimits, clock.now),
      clientAddress: (request: Request) => request.headers.get("x-test-client-address"),
    }),
  };
  return platform;
}

/**
 * A live acquirer for tests that exercise live mode (the hosts have none): it behaves as the
 * sandbox does, under another name.
 */
export const TEST_LIVE_ACQUIRER: Acquirer = { ...sandboxAcquirer, name: "test-live" };

/**
 * A test platform, its app, and a seller with test keys; `request` sends with the seller's key.
 * The seller is a company the operator approved for live mode (`liveApproved: false` leaves it
 * test-only), so a test may issue it live keys (rotateSellerKeys).
 */
export async function createTestContext(options: TestPlatformOptions & { config?: Partial<PlatformConfig>; liveApproved?: boolean } = {}) {
  const platform = await createTestPlatform(options.config, options);
  const app = createApp(platform);
  const seller = await createCompanySeller(platform.db, { legalName: "Loja Teste Ltda", email: "loja@example.com", city: "Sao Paulo" }, platform.now());
  if (options.liveApproved !== false) await approveSellerForLive(platform.db, seller.sellerId, platform.now());
  return { platform, app, seller, ...requester(app, seller) };
}

type AppLike = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Request helpers bound to a seller's secret key. */
export function requester(app: AppLike, seller: SellerWithKeys) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: {
        "X-Api-Key": seller.apiKey,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    get: (path: string, headers?: Record<string, string>) => send("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send("POST", path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => send("PATCH", path, body, headers),
    send,
  };
}
