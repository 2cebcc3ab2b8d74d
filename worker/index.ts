/**
 * The Cloudflare Worker: the same Hono app as the Node host (`fetch`), the job queue and its
 * dead-letter queue (`queue`), and the minute cron trigger (`scheduled`), all over one Platform
 * built from the Worker's bindings (`worker/cloudflare/`).
 *
 * The platform (database client, derived vault keys, API key cache) and the app are built once
 * per isolate and env, and reused by every request, queue batch and cron run it serves.
 */
import { createApp, type App } from "./app";
import { ConfigError, readCloudflareConfig } from "./cloudflare/config";
import type { Env } from "./cloudflare/env";
import { consoleLog, createCloudflarePlatform } from "./cloudflare/platform";
import { consumeDeadLetters, consumeJobs, isDeadLetterQueue } from "./cloudflare/queue";
import type { Job } from "./lib/job";
import { runScheduledJob } from "./jobs/scheduled";
import { ApiError, toProblem } from "./lib/problem";
import type { Platform } from "./platform";

export type { Env } from "./cloudflare/env";

const built = new WeakMap<Env, { platform: Platform; app: App }>();

/** The isolate's platform and app for an env; a bad config throws ConfigError (and is retried). */
function isolateFor(env: Env): { platform: Platform; app: App } {
  let entry = built.get(env);
  if (!entry) {
    const platform = createCloudflarePlatform(env, readCloudflareConfig(env));
    entry = { platform, app: createApp(platform) };
    built.set(env, entry);
  }
  return entry;
}

/** A missing secret answers every request with a 500 problem; the detail goes to the log only. */
function misconfigured(request: Request, err: ConfigError): Response {
  consoleLog({ msg: "config.invalid", level: "error", code: "INTERNAL_ERROR", error: err.message });
  const url = new URL(request.url);
  // No usable PUBLIC_BASE_URL, perhaps: the error's type links under the origin that was asked.
  const problem = toProblem(
    new ApiError("INTERNAL_ERROR", "The service is not configured correctly; the operator can see why in its logs."),
    url.origin,
    url.pathname,
  );
  return new Response(JSON.stringify(problem), { status: 500, headers: { "Content-Type": "application/problem+json" } });
}

export default {
  async fetch(request, env, ctx) {
    let app: App;
    try {
      app = isolateFor(env).app;
    } catch (err) {
      if (err instanceof ConfigError) return misconfigured(request, err);
      throw err;
    }
    return app.fetch(request, env, ctx);
  },

  async queue(batch, env, _ctx) {
    const { platform } = isolateFor(env);
    if (isDeadLetterQueue(batch.queue)) await consumeDeadLetters(platform, batch);
    else await consumeJobs(platform, batch);
  },

  // Awaited rather than waitUntil'd: the invocation then lasts as long as the sweeps, and a
  // throw shows as a failed cron run in the dashboard.
  async scheduled(_controller, env, _ctx) {
    await runScheduledJob(isolateFor(env).platform);
  },
} satisfies ExportedHandler<Env, Job>;
