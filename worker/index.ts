/**
 * The Cloudflare Worker: the same Hono app as the Node host (`fetch`), the job queue and its
 * dead-letter queue (`queue`), and the minute cron trigger (`scheduled`), all over one Platform
 * built from the Worker's bindings (`worker/cloudflare/`).
 *
 * The app and the database client are built once per isolate and reused by every request that
 * isolate serves; only a different env or base URL builds another.
 */
import { createApp, type App } from "./app";
import { ConfigError, readCloudflareConfig } from "./cloudflare/config";
import type { Env } from "./cloudflare/env";
import { consoleLog, createCloudflarePlatform } from "./cloudflare/platform";
import { consumeDeadLetters, consumeJobs, isDeadLetterQueue } from "./cloudflare/queue";
import type { Job } from "./jobs/job";
import { runScheduledJob } from "./jobs/scheduled";
import { ApiError, toProblem } from "./lib/problem";
import type { Platform } from "./platform";

export type { Env } from "./cloudflare/env";

// Keyed by env object, then base URL: the base URL may come from each request's origin.
const apps = new WeakMap<Env, Map<string, App>>();
const MAX_CACHED_APPS = 8;

function platformFor(env: Env, requestUrl?: string): Platform {
  return createCloudflarePlatform(env, readCloudflareConfig(env, requestUrl));
}

function appFor(env: Env, requestUrl: string): App {
  let byBase = apps.get(env);
  if (!byBase) apps.set(env, (byBase = new Map()));
  const platform = platformFor(env, requestUrl);
  let app = byBase.get(platform.config.baseUrl);
  if (!app) {
    // Without PUBLIC_BASE_URL the key is the request's origin, which the client names: bound the
    // cache so a stream of made-up Host headers cannot grow it without limit.
    if (byBase.size >= MAX_CACHED_APPS) byBase.clear();
    byBase.set(platform.config.baseUrl, (app = createApp(platform)));
  }
  return app;
}

/** A missing secret answers every request with a 500 problem; the detail goes to the log only. */
function misconfigured(request: Request, err: ConfigError): Response {
  consoleLog({ msg: "config.invalid", error: err.message });
  const problem = toProblem(
    new ApiError("INTERNAL_ERROR", "The service is not configured correctly; the operator can see why in its logs."),
    new URL(request.url).pathname,
  );
  return new Response(JSON.stringify(problem), { status: 500, headers: { "Content-Type": "application/problem+json" } });
}

export default {
  async fetch(request, env, ctx) {
    let app: App;
    try {
      app = appFor(env, request.url);
    } catch (err) {
      if (err instanceof ConfigError) return misconfigured(request, err);
      throw err;
    }
    return app.fetch(request, env, ctx);
  },

  async queue(batch, env, _ctx) {
    const platform = platformFor(env);
    if (isDeadLetterQueue(batch.queue)) await consumeDeadLetters(platform, batch);
    else await consumeJobs(platform, batch);
  },

  // Awaited rather than waitUntil'd: the invocation then lasts as long as the sweeps, and a
  // throw shows as a failed cron run in the dashboard.
  async scheduled(_controller, env, _ctx) {
    await runScheduledJob(platformFor(env));
  },
} satisfies ExportedHandler<Env, Job>;
