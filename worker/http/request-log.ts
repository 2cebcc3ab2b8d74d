/**
 * Request ids and access logs: every response carries `X-Request-Id` (the caller's, when it sent
 * a sane one, so ids can be traced across systems) and every request logs one JSON line.
 * Only method, path, status, duration and ids are logged: never headers or bodies, which may
 * hold keys, card numbers or CVVs; and never a path segment that is itself a capability (the
 * unguessable PIX location id lets anyone holding it read the charge), which is redacted.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";

const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** What `requestLog` needs to know about the app's paths. */
export interface RequestLogOptions {
  /** Path prefixes (e.g. `/pix/loc`) whose next segment is a secret: logged as `{redacted}`. */
  capabilityPrefixes: readonly string[];
}

/** A path as it may be logged. */
export function loggablePath(path: string, capabilityPrefixes: readonly string[]): string {
  for (const prefix of capabilityPrefixes) {
    if (path.startsWith(`${prefix}/`)) return `${prefix}/{redacted}${path.slice(prefix.length + 1).replace(/^[^/]*/, "")}`;
  }
  return path;
}

/** Sets `requestId`, answers with `X-Request-Id`, logs the request when it ends. */
export function requestLog({ capabilityPrefixes }: RequestLogOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && SANE_ID.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    c.set("requestId", requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      c.res.headers.set("X-Request-Id", requestId);
      c.get("platform").log({
        msg: "request",
        requestId,
        method: c.req.method,
        path: loggablePath(c.req.path, capabilityPrefixes),
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        sellerId: c.get("auth")?.sellerId ?? null,
      });
    }
  };
}
